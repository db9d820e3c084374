import { createSimulator } from './simulator/simulator.ts';
import type { SimulatorOptions } from './simulator/simulator-core.ts';
import type { ChatGateway, GatewayDeps } from './types.ts';

export * from './types.ts';
export type { SimulatorOptions } from './simulator/simulator-core.ts';

/** Builds the chat gateway of the configured platform (`config.platform`; today the simulator). */
export async function createGateway(
  deps: GatewayDeps,
  options: { simulator?: Partial<SimulatorOptions> } = {},
): Promise<ChatGateway> {
  switch (deps.config.platform) {
    case 'simulator':
      return createSimulator(deps, options.simulator);
  }
}
