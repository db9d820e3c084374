import { loadConfig } from './platform/config.ts';
import { createdLoginsText } from './modules/bootstrap/seed.ts';
import { startServer, type ServerOptions } from './server.ts';
import { serveClock, ShiftedClock, wantsTestClock } from './platform/test-clock.ts';

/**
 * What `npm start` runs: one process with every service, stopped gracefully on SIGINT/SIGTERM.
 * `extra` is for the browser tests' entry only (e2e/server-entry.ts).
 */
export async function run(extra: Pick<ServerOptions, 'captchaText'> = {}): Promise<void> {
  // A gentle trickle of simulated traffic for demos unless SIM_TRAFFIC says otherwise.
  const config = loadConfig({ SIM_TRAFFIC_DEFAULT: '2', ...process.env });
  // The browser tests' clock knob: only with the IPC channel of the harness that started us.
  const testClock = wantsTestClock(process.env, process) ? new ShiftedClock() : null;
  const server = await startServer(config, {
    logger: { level: config.logLevel },
    ...extra,
    ...(testClock ? { now: testClock.now } : {}),
  });
  if (testClock) {
    serveClock(testClock, process, () => server.scheduler.drain());
    server.app.log.warn('test clock on: the parent process may move this server clock forward');
  }
  const log = server.app.log;
  process.stdout.write(createdLoginsText(server.created));
  process.stdout.write(`Console: ${server.url}/\n`);
  let signals = 0;
  const shutdown = (signal: string) => {
    signals += 1;
    if (signals > 1) process.exit(1);
    log.info({ signal }, 'shutting down');
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
