// Load generators outside the server's thread: HTTP load from a child process (its requests and
// the replies it parses take no CPU from the server under test, and the server's own CPU per
// request can be read from process.cpuUsage), websocket watchers from worker threads.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  /** Requests in all. */
  total: number;
  /** Requests in flight at once (one keep-alive connection each). */
  concurrency: number;
}

export interface LoadResult {
  /** Each request's time in ms, from sending to the last byte of the reply. */
  times: number[];
  /** CPU this process (the server under test) spent per request, in ms. */
  serverCpuMs: number;
}

// node:http with keep-alive: several times lighter per request than fetch, so the client is not
// what the figures measure.
const CLIENT = `
const http = require('node:http');
const spec = JSON.parse(process.argv[1]);
const agent = new http.Agent({ keepAlive: true, maxSockets: spec.concurrency });
const u = new URL(spec.url);
const host = u.hostname.replace(/^\\[|\\]$/g, '');
const body = spec.body === undefined ? null : Buffer.from(JSON.stringify(spec.body));
const headers = { ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}), ...spec.headers };
const one = () => new Promise((resolve, reject) => {
  const t = performance.now();
  const req = http.request({ agent, host, port: u.port, path: u.pathname, method: spec.method || 'GET', headers }, (res) => {
    res.on('data', () => {});
    res.on('end', () => res.statusCode === 200 ? resolve(performance.now() - t) : reject(new Error(spec.url + ' ' + res.statusCode)));
  });
  req.on('error', reject);
  req.end(body || undefined);
});
(async () => {
  const times = [];
  let started = 0;
  await Promise.all(Array.from({ length: spec.concurrency }, async () => {
    while (started < spec.total) { started += 1; times.push(await one()); }
  }));
  agent.destroy();
  process.stdout.write(JSON.stringify(times));
})().catch((err) => { console.error(String(err)); process.exit(1); });
`;

/** Runs the requests from a child process; resolves with their times and the server's CPU each. */
export function loadFromChild(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const cpu0 = process.cpuUsage();
    execFile(
      process.execPath,
      ['-e', CLIENT, JSON.stringify(spec)],
      { maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const cpu = process.cpuUsage(cpu0);
        if (err) return reject(new Error(`${spec.url}: ${stderr || err.message}`));
        resolve({
          times: JSON.parse(stdout) as number[],
          serverCpuMs: (cpu.user + cpu.system) / 1000 / spec.total,
        });
      },
    );
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
