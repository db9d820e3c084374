// The console on PLATFORM=whatsapp for route tests: `useTestServer` with the WhatsApp adapter
// on fake sockets (the adapter's own test support) in place of the simulator.
import { afterAll } from 'vitest';
import { createWhatsAppGateway, type WaSocket, type WhatsAppDeps } from '@cst/gateway-whatsapp';
import { FakeSocket, MediaServer } from '@cst/gateway-whatsapp/test-support';
import type { ChatGateway } from '../src/gateway/index.ts';
import { sharedSecret } from '../src/modules/files/files.repository.ts';
import { useTestServer, type TestContext } from './support.ts';

export interface WhatsAppServer {
  /** The server (filled in by the `beforeAll`, as with `useTestServer`). */
  ctx: TestContext;
  /** The adapter (set by the `beforeAll`). */
  gateway: ChatGateway;
  /** The media host the fake sockets download from. */
  media: MediaServer;
  /** Every socket the adapter opened, oldest first. */
  sockets: FakeSocket[];
}

/**
 * A test file's server on PLATFORM=whatsapp, its adapter on fake sockets: built in a
 * `beforeAll` on a fresh database with the start-up users, closed (and the media host after it)
 * in the matching `afterAll`.
 */
export function useWhatsAppServer(): WhatsAppServer {
  const media = new MediaServer();
  const sockets: FakeSocket[] = [];
  const wa = { media, sockets } as WhatsAppServer;
  // Registered first, so it runs after the server closed. The server project's files share a
  // worker: the next file's fetches go out again.
  afterAll(() => media.close());
  wa.ctx = useTestServer({ platform: 'whatsapp' }, {}, async (deps) => {
    const waDeps: WhatsAppDeps = {
      db: deps.db,
      config: deps.config,
      now: deps.now,
      // The app's logger, set once the app is built.
      get log() {
        return deps.log;
      },
      sharedSecret: (name) => sharedSecret(deps.db, name),
    };
    wa.gateway = await createWhatsAppGateway(waDeps, {
      socketFactory: (c) => {
        const s = new FakeSocket(c, media);
        sockets.push(s);
        return s as unknown as WaSocket;
      },
      fetchOptions: { dispatcher: media.agent } as unknown as RequestInit,
    });
    return { accounts: { gateway: wa.gateway } };
  });
  return wa;
}
