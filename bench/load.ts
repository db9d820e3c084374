// A load generator in its own thread, so the requests it makes and the replies it parses do not
// take CPU from the server under test (a real console's browsers are elsewhere).
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
