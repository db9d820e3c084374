import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** Passwords of the start-up users in every e2e server. */
export const ADMIN_PASSWORD = 'admin-e2e-pass';
export const DEMO_PASSWORD = 'demo-e2e-pass';
/** The answer of every login captcha of an e2e server (server-entry.ts). */
export const E2E_CAPTCHA = 'K7PX';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A console server started as `npm start` would (through e2e/server-entry.ts: captchas with a
 * known answer), with its own data folder.
 */
export class E2EServer {
  private child: ChildProcess | null = null;
  private log: fs.WriteStream;
  readonly dataDir: string;
  port = 0;

  private clockCalls = 0;

  /**
   * `env` adds to or overrides the server's environment. `clock: true` gives the server the test
   * clock (apps/server/src/platform/test-clock.ts) over an IPC channel: {@link advanceClock}.
   */
  constructor(
    private readonly env: Record<string, string> = {},
    private readonly opts: { clock?: boolean } = {},
  ) {
    this.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cst-e2e-'));
    fs.mkdirSync(path.join(ROOT, 'e2e/artifacts'), { recursive: true });
    this.log = fs.createWriteStream(
      path.join(ROOT, `e2e/artifacts/server-${path.basename(this.dataDir)}.log`),
    );
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and waits for /healthz. */
  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/server-entry.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        // Its own backups: beside DATA_DIR they would land in the temp folder every e2e server
        // shares, and their histories would mix.
        BACKUP_DIR: path.join(this.dataDir, 'backups'),
        ADMIN_PASSWORD,
        DEMO_PASSWORD,
        SIM_TRAFFIC: '0',
        LOG_LEVEL: 'warn',
        // Each test signs in from its own address (fixtures.ts): login limits stay per test.
        TRUST_PROXY: '1',
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
        TZ: 'UTC',
        ...(this.opts.clock ? { CST_TEST_CLOCK: 'ipc' } : {}),
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe', ...(this.opts.clock ? (['ipc'] as const) : [])],
    });
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    this.child = child;
    // A deadline that only catches "never": a starved machine (helpers' runs at load average 30)
    // took over 60 s to start the server and its PGlite.
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`server exited with ${child.exitCode}; see e2e/artifacts`);
      try {
        const res = await fetch(`${this.url}/healthz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('server did not become ready in 180 s');
  }

  /**
   * Moves the server's clock `ms` forward and resolves once what that made due has run (the
   * scheduler drained): mass-send and friend-request slots come without waiting real time.
   */
  advanceClock(ms: number): Promise<number> {
    const child = this.child;
    if (!this.opts.clock || !child?.send) throw new Error('this server has no test clock');
    const id = (this.clockCalls += 1);
    return new Promise((resolve, reject) => {
      const onMessage = (m: { type?: string; id?: number; now?: number; error?: string }) => {
        if (m?.type !== 'clock.advanced' || m.id !== id) return;
        off();
        if (m.error) reject(new Error(`the server clock did not move: ${m.error}`));
        else resolve(m.now ?? 0);
      };
      const onExit = () => {
        off();
        reject(new Error('the server exited while its clock was moving'));
      };
      const off = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ type: 'clock.advance', id, ms });
    });
  }

  /** Stops the server gracefully (SIGTERM) and waits for it to exit. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  /** Stops and starts again on the same port and data. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** Stops the server and removes its data. */
  async dispose(): Promise<void> {
    await this.stop();
    this.log.end();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
