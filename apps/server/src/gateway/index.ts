import { sharedSecret } from '../platform/secrets.ts';
import { guardedLookup } from '../platform/outbound.ts';
import { withCleanAddresses } from './outsider-addresses.ts';
import { createSimulator } from './simulator/simulator.ts';
import type { SimulatorOptions } from './simulator/simulator-core.ts';
import type { ChatGateway, ServerGatewayDeps } from './types.ts';

export * from './types.ts';
export type { SimulatorOptions } from './simulator/simulator-core.ts';

/**
 * Builds the chat gateway of the configured platform (`config.platform`), its events and
 * answers with outsider addresses cleaned (outsider-addresses.ts).
 */
export async function createGateway(
  deps: ServerGatewayDeps,
  options: { simulator?: Partial<SimulatorOptions> } = {},
): Promise<ChatGateway> {
  return withCleanAddresses(await createPlatform(deps, options));
}

async function createPlatform(
  deps: ServerGatewayDeps,
  options: { simulator?: Partial<SimulatorOptions> },
): Promise<ChatGateway> {
  switch (deps.config.platform) {
    case 'simulator':
      return createSimulator(deps, options.simulator);
    case 'whatsapp': {
      // Loaded only here, so the adapter and its GPL-3.0 dependency (libsignal) stay out of a
      // server that runs another platform (packages/gateway-whatsapp/README.md).
      const { createWhatsAppGateway } = await import('@cst/gateway-whatsapp');
      // Proxies are connected through the outbound guard (platform/outbound.ts), passed in: the
      // adapter does not import the server's modules.
      return createWhatsAppGateway(
        { ...deps, sharedSecret: (name) => sharedSecret(deps.db, name) },
        {
          proxyLookup: guardedLookup(deps.config.allowPrivateNetwork),
        },
      );
    }
  }
}
