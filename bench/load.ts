// A load generator in its own thread, so the requests it makes and the replies it parses do not
// take CPU from the server under test (a real console's browsers are elsewhere).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  /** Requests in all. */
  total: number;
  /** Requests in flight at once. */
  concurrency: number;
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const spec = workerData;
(async () => {
  const times = [];
  let started = 0;
  const init = {
    method: spec.method ?? 'GET',
    headers: { ...(spec.body !== undefined ? { 'content-type': 'application/json' } : {}), ...spec.headers },
    body: spec.body !== undefined ? JSON.stringify(spec.body) : undefined,
  };
  await Promise.all(Array.from({ length: spec.concurrency }, async () => {
    while (started < spec.total) {
      started += 1;
      const t = performance.now();
      const res = await fetch(spec.url, init);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(spec.url + ' ' + res.status);
      times.push(performance.now() - t);
    }
  }));
  parentPort.postMessage(times);
})().catch((err) => { throw err; });
`;

/** Runs the requests from a worker thread; resolves with each request's time in ms. */
export function loadFromWorker(spec: LoadSpec): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, { eval: true, workerData: spec });
    w.once('message', (times: number[]) => {
      resolve(times);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

const SOCKET_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { WebSocket } = require(workerData.wsPath);
const ws = new WebSocket(workerData.url);
let out = [];
const flush = () => { if (out.length) { parentPort.postMessage(out); out = []; } };
setInterval(flush, 5);
ws.on('open', () => { ws.send(JSON.stringify({ event: 'ping' })); parentPort.postMessage('open'); });
ws.on('message', (raw) => {
  const at = performance.timeOrigin + performance.now();
  const f = JSON.parse(raw.toString());
  const c = f.data && f.data.content;
  if (f.event === workerData.event && typeof c === 'string' && c.startsWith(workerData.prefix)) out.push([c, at]);
});
`;

/** A websocket client in its own thread that reports each matching frame's content and arrival time. */
export interface SocketWatcher {
  /** Called with (content, arrival time in ms since the epoch, fractional). */
  onFrame(fn: (content: string, at: number) => void): void;
  close(): void;
}

/** Opens `url` from a worker thread; frames of `event` whose data.content starts with `prefix` are reported. */
export function watchSocket(url: string, event: string, prefix: string): Promise<SocketWatcher> {
  return new Promise((resolve, reject) => {
    const wsPath = createRequire(import.meta.url).resolve('ws');
    const w = new Worker(SOCKET_WORKER, { eval: true, workerData: { url, event, prefix, wsPath } });
    const listeners: ((content: string, at: number) => void)[] = [];
    w.on('message', (m: 'open' | [string, number][]) => {
      if (m === 'open') {
        resolve({
          onFrame: (fn) => listeners.push(fn),
          close: () => void w.terminate(),
        });
        return;
      }
      for (const [c, at] of m) for (const l of listeners) l(c, at);
    });
    w.once('error', reject);
  });
}

/** Now, in ms since the epoch (fractional), comparable across threads. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}
