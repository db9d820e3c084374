import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// The embedded database lives inside the server's process: a second PGlite opened on the same
// folder while the server runs would corrupt it. So `npm run backup` asks the running server to
// take the backup, over a Unix socket in DATA_DIR (reachable by whoever can read the data
// anyway). With no server listening, the command opens the folder itself.

/** The control socket of a DATA_DIR. */
export function controlSocketOf(dataDir: string): string {
  return path.join(dataDir, 'control.sock');
}

/** Another server answers on this DATA_DIR: two on one embedded database would corrupt it. */
export class FolderInUseError extends Error {
  constructor(socket: string) {
    super(`another server is running on this DATA_DIR (it answers on ${socket})`);
  }
}

/** A request to the running server, one JSON line. */
export type ControlRequest =
  { op: 'backup'; out: string; copyObjects?: boolean } | { op: 'status' };
/** Its answer, one JSON line. */
export type ControlReply = { ok: true; result: unknown } | { ok: false; error: string };

/**
 * Listens on the control socket (a stale one, left by a killed server, is replaced); `handle`
 * answers each request. Resolves with a close function.
 */
export async function listenControl(
  socket: string,
  handle: (req: ControlRequest) => Promise<unknown>,
): Promise<() => Promise<void>> {
  if (fs.existsSync(socket)) {
    if (await reachable(socket)) throw new FolderInUseError(socket);
    fs.rmSync(socket, { force: true });
  }
  const server = net.createServer((conn) => {
    let buf = '';
    conn.setEncoding('utf8');
    conn.on('data', (chunk: string) => {
      buf += chunk;
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      const line = buf.slice(0, nl);
      let req: ControlRequest;
      try {
        req = JSON.parse(line) as ControlRequest;
      } catch {
        conn.end(`${JSON.stringify({ ok: false, error: 'bad request' })}\n`);
        return;
      }
      handle(req).then(
        (result) => conn.end(`${JSON.stringify({ ok: true, result })}\n`),
        (err: unknown) =>
          conn.end(
            `${JSON.stringify({ ok: false, error: (err as Error).message ?? String(err) })}\n`,
          ),
      );
    });
    conn.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  fs.chmodSync(socket, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socket, { force: true });
    });
}

function reachable(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const c = net.connect(socket);
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}

/**
 * Sends a request to the server running on `dataDir`: its reply, or null when no server
 * listens there (no socket, or a stale one).
 */
export function askServer(dataDir: string, req: ControlRequest): Promise<ControlReply | null> {
  const socket = controlSocketOf(dataDir);
  if (!fs.existsSync(socket)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const c = net.connect(socket);
    let buf = '';
    let connected = false;
    c.setEncoding('utf8');
    c.once('connect', () => {
      connected = true;
      c.write(`${JSON.stringify(req)}\n`);
    });
    c.on('data', (chunk: string) => (buf += chunk));
    c.once('end', () => {
      try {
        resolve(JSON.parse(buf) as ControlReply);
      } catch {
        reject(new Error('the server closed the control connection without an answer'));
      }
    });
    c.once('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ECONNREFUSED' || err.code === 'ENOENT')) resolve(null);
      else reject(err);
    });
  });
}
