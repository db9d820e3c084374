import WebSocket from 'ws';
import type { ServerFrame } from '@cst/shared';

/** A websocket client for tests: records frames and the close code. */
export interface TestSocket {
  ws: WebSocket;
  frames: ServerFrame[];
  closed: Promise<number>;
  send(event: string, data?: unknown): void;
  /** Resolves with the first recorded frame (from `from` on) that matches, or rejects on timeout. */
  waitFor(
    match: (f: ServerFrame) => boolean,
    timeoutMs?: number,
    from?: number,
  ): Promise<ServerFrame>;
  /** Frames with a seq (pushes), in arrival order. */
  pushes(event?: string): ServerFrame[];
  close(): Promise<void>;
}

/** Opens a websocket to `/ws` of a listening server (used by tests only). */
export function openTestSocket(
  baseUrl: string,
  query: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<TestSocket> {
  const url = new URL('/ws', baseUrl.replace(/^http/, 'ws'));
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const ws = new WebSocket(url, { headers });
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (raw: WebSocket.RawData) => {
    frames.push(JSON.parse(raw.toString()) as ServerFrame);
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code: number) => resolve(code)));
  const socket: TestSocket = {
    ws,
    frames,
    closed,
    send: (event, data) =>
      ws.send(JSON.stringify(data === undefined ? { event } : { event, data })),
    // A deadline only catches "never": a starved CI machine may take seconds to get there.
    waitFor: (match, timeoutMs = 20_000, from = 0) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const hit = frames.slice(from).find(match);
          if (!hit) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
    pushes: (event) =>
      frames.filter(
        (f) => f.seq !== undefined && f.event !== 'hello' && (!event || f.event === event),
      ),
    close: async () => {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) =>
      reject(new Error(`upgrade refused: ${res.statusCode}`)),
    );
    ws.once('error', (err) => reject(err));
    // A socket closed during the handshake still resolves: callers read `closed`.
    ws.once('close', () => resolve(socket));
  });
}
