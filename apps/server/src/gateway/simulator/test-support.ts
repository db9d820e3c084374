import pino from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestDatabase, testConfig } from '../../../test/support.ts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import { createGateway } from '../index.ts';
import {
  GatewayError,
  type ChatGateway,
  type GatewayEventName,
  type GatewayEvents,
  type SimulatorControl,
} from '@cst/gateway';
import type { SimulatorOptions } from './simulator-core.ts';

/** Fast timings for tests. */
export const FAST: Partial<SimulatorOptions> = {
  loginDelayMs: 5,
  reconnectDelayMs: 10,
  friendAcceptDelayMs: 10,
  tickMs: 20,
  redeliverMs: 10,
};

/** A simulator on a test database with a movable clock and an event recorder. */
export interface SimHarness {
  gateway: ChatGateway;
  sim: SimulatorControl;
  database: Database;
  config: Config;
  clock: { t: number };
  events: { name: GatewayEventName; data: GatewayEvents[GatewayEventName] }[];
  /** Recorded events of one name. */
  of<K extends GatewayEventName>(name: K): GatewayEvents[K][];
  /** Builds a new simulator on the same database (a "restart"). */
  restart(): Promise<void>;
  /** Waits until `check` passes (polling every 5 ms, up to `ms`). */
  until(check: () => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
}

const EVENT_NAMES: GatewayEventName[] = [
  'qrIssued',
  'qrScanned',
  'qrConfirmed',
  'qrFailed',
  'qrExpired',
  'statusChanged',
  'riskSignal',
  'message',
  'sendReceipt',
  'revoked',
  'readSync',
  'friendRequest',
  'friendRequestAnswered',
  'contactsChanged',
  'groupChanged',
  'groupNotice',
  'moment',
];

/** Builds a simulator harness; pass `database` to share one between harnesses. */
export async function buildSim(
  opts: {
    seed?: string;
    options?: Partial<SimulatorOptions>;
    database?: Database;
    start?: number;
  } = {},
): Promise<SimHarness> {
  const database = opts.database ?? (await createTestDatabase());
  const config = testConfig({ simSeed: opts.seed ?? 'test-seed', simTrafficPerMinute: 0 });
  const clock = { t: opts.start ?? Date.UTC(2025, 0, 15, 8, 0, 0) };
  const deps: Pick<Deps, 'db' | 'config' | 'log' | 'now'> = {
    db: database.db,
    config,
    log: pino({ level: 'silent' }),
    now: () => clock.t,
  };
  const events: SimHarness['events'] = [];
  const build = async () => {
    const gateway = await createGateway(deps, { simulator: { ...FAST, ...opts.options } });
    for (const name of EVENT_NAMES) {
      gateway.on(name, (data) => {
        events.push({ name, data });
      });
    }
    return gateway;
  };
  const h: SimHarness = {
    gateway: await build(),
    sim: null as unknown as SimulatorControl,
    database,
    config,
    clock,
    events,
    of: <K extends GatewayEventName>(name: K) =>
      events.filter((e) => e.name === name).map((e) => e.data as GatewayEvents[K]),
    restart: async () => {
      await h.gateway.close();
      h.gateway = await build();
      h.sim = h.gateway.simulator!;
    },
    // A deadline only catches "never": a starved CI machine may take seconds to get there.
    until: async (check, ms = 20_000) => {
      const end = Date.now() + ms;
      while (!check()) {
        if (Date.now() > end) throw new Error('condition not met in time');
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    close: async () => {
      await h.gateway.close();
      if (!opts.database) await database.close();
    },
  };
  h.sim = h.gateway.simulator!;
  return h;
}

/**
 * The simulator harness of a test file (buildSim with `opts`): built in a `beforeAll`, closed in
 * the matching `afterAll`; before each test, the simulator has gone idle and the events so far
 * are forgotten. Read it in hooks and tests, not while the file is being collected.
 */
export function useSim(opts: Parameters<typeof buildSim>[0] = {}): SimHarness {
  let harness: SimHarness | undefined;
  beforeAll(async () => {
    harness = await buildSim(opts);
  });
  afterAll(() => harness?.close());
  beforeEach(async () => {
    await harness!.sim.idle();
    harness!.events.length = 0;
  });
  // The harness itself, once built (restart replaces its gateway in place).
  return new Proxy({} as SimHarness, {
    get: (_, key) => Reflect.get(harness!, key) as unknown,
    set: (_, key, value) => Reflect.set(harness!, key, value),
  });
}

/** The gateway error code a call fails with, or 'ok'. */
export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof GatewayError) return err.code;
    throw err;
  }
  return 'ok';
}

/** Logs in a new account through the QR dance and returns its wxid. */
export async function loginAccount(h: SimHarness, nickname?: string): Promise<string> {
  const qr = await h.gateway.startQrLogin();
  const { wxid } = await h.sim.scan(qr.loginId, true, nickname);
  await h.sim.idle();
  return wxid;
}
