// The embedded database's own thread (platform/pglite-thread.ts starts it): PGlite runs its
// queries here, off the thread that serves HTTP and websockets.
import { openAsBlob } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGliteOptions } from '@electric-sql/pglite';
import { OneTripPGlite, type OneTripTransaction } from './pglite-client.ts';
import type { ToWorker, FromWorker, WireError } from './pglite-thread.ts';

const port = parentPort!;
const { dataDir, template, wasmModule, fsBundlePath } = workerData as {
  dataDir: string | null;
  template?: Uint8Array;
  wasmModule?: PGliteOptions['wasmModule'];
  /** PGlite's file bundle (pglite.data), read from the file when PGlite unpacks it. */
  fsBundlePath?: string;
};
const db = new OneTripPGlite({
  wasmModule,
  fsBundle: fsBundlePath ? await openAsBlob(fsBundlePath) : undefined,
  ...(dataDir ? { dataDir } : template ? { loadDataDir: new Blob([template]) } : {}),
});

interface OpenTx {
  tx: OneTripTransaction;
  end: (commit: boolean) => void;
  done: Promise<unknown>;
}
const txs = new Map<number, OpenTx>();
let txCount = 0;
const unlisten = new Map<string, () => Promise<void>>();

function post(m: FromWorker) {
  if (!('result' in m) || !(m.result instanceof Uint8Array)) return port.postMessage(m);
  // A query's answer (the backend's bytes) moves to the other thread without a copy; a view on
  // part of a larger buffer is copied first (it never is: each answer has a buffer of its own).
  const whole = m.result.byteOffset === 0 && m.result.byteLength === m.result.buffer.byteLength;
  const result = whole ? m.result : m.result.slice();
  port.postMessage({ ...m, result }, [result.buffer as ArrayBuffer]);
}

/** What of an error crosses threads: its message, name and plain fields (a DatabaseError's code…). */
function wireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error' };
  const out: WireError = { message: err.message, name: err.name };
  for (const [k, v] of Object.entries(err)) {
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
    else if (k === 'params' && Array.isArray(v))
      out[k] = v.map((p) => (typeof p === 'string' ? p : String(p)));
  }
  return out;
}

async function handle(m: ToWorker): Promise<unknown> {
  switch (m.op) {
    case 'ready':
      await db.waitReady;
      return null;
    case 'query': {
      const client = m.tx === undefined ? db : txs.get(m.tx)?.tx;
      if (!client) throw new Error('transaction is closed');
      // The rows are read on the thread that asked (PGliteThread), not on the database's.
      return client.queryRaw(m.text, m.params);
    }
    case 'begin': {
      const id = ++txCount;
      let opened!: () => void;
      const open = new Promise<void>((resolve) => (opened = resolve));
      let end!: (commit: boolean) => void;
      const ended = new Promise<boolean>((resolve) => (end = resolve));
      const done = db.transaction(async (tx) => {
        txs.set(id, { tx: tx as OneTripTransaction, end, done });
        opened();
        if (!(await ended)) await tx.rollback();
      });
      // BEGIN failed: the transaction never opened.
      await Promise.race([open, done]);
      return id;
    }
    case 'end': {
      const open = txs.get(m.tx);
      if (!open) throw new Error('transaction is closed');
      open.end(m.commit);
      try {
        await open.done;
      } finally {
        txs.delete(m.tx);
      }
      return null;
    }
    case 'listen': {
      if (!unlisten.has(m.channel)) {
        const off = await db.listen(m.channel, (payload) =>
          post({ op: 'notify', channel: m.channel, payload }),
        );
        unlisten.set(m.channel, off);
      }
      return null;
    }
    case 'unlisten': {
      const off = unlisten.get(m.channel);
      unlisten.delete(m.channel);
      await off?.();
      return null;
    }
    case 'close':
      if (!db.closed) await db.close();
      return null;
  }
}

port.on('message', (m: ToWorker) => {
  handle(m)
    .then((result) => post({ id: m.id, result }))
    // A failed call, or an answer that cannot be copied to the other thread.
    .catch((err: unknown) => post({ id: m.id, error: wireError(err) }));
});
