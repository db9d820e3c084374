import { loadConfig } from './platform/config.ts';
import { startServer } from './server.ts';
import { serveClock, ShiftedClock, wantsTestClock } from './platform/test-clock.ts';

/** Entry point of `npm start`: one process running every service. */
async function main(): Promise<void> {
  // A gentle trickle of simulated traffic for demos unless SIM_TRAFFIC says otherwise.
  const config = loadConfig({ SIM_TRAFFIC_DEFAULT: '2', ...process.env });
  // The browser tests' clock knob: only with the IPC channel of the harness that started us.
  const testClock = wantsTestClock(process.env, process) ? new ShiftedClock() : null;
  const server = await startServer(config, {
    logger: { level: config.logLevel },
    ...(testClock ? { now: testClock.now } : {}),
  });
  if (testClock) {
    serveClock(testClock, process, () => server.scheduler.drain());
    server.app.log.warn('test clock on: the parent process may move this server clock forward');
  }
  const log = server.app.log;
  if (server.created.length > 0) {
    const lines = server.created.map(
      (c) =>
        `  ${c.username.padEnd(12)} ${c.password.padEnd(14)} ${c.role}${c.tenant ? ` (${c.tenant})` : ''}`,
    );
    process.stdout.write(
      `\nLogins created on first start (shown once):\n  ${'username'.padEnd(12)} ${'password'.padEnd(14)} role\n${lines.join('\n')}\n\n`,
    );
  }
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

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
