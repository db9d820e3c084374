// The embedded database's own thread (platform/pglite-thread.ts starts it): PGlite runs its
// queries here, off the thread that serves HTTP and websockets.
import { openAsBlob } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGliteOptions, Transaction } from '@electric-sql/pglite';
import { OneTripPGlite } from './pglite-client.ts';
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
  tx: Transaction;
  end: (commit: boolean) => void;
  done: Promise<unknown>;
}
const txs = new Map<number, OpenTx>();
let txCount = 0;
const unlisten = new Map<string, () => Promise<void>>();

function post(m: FromWorker) {
  port.postMessage(m);
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

const asText = (v: string) => v;
const rawParsersByTypes = new Map<string, Record<number, typeof asText>>();

/** Identity parsers for the types the caller keeps as text (drizzle keeps dates as strings). */
function rawParsers(types: number[] | undefined) {
  if (!types?.length) return undefined;
  const key = types.join(',');
  let parsers = rawParsersByTypes.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((t) => [t, asText]));
    rawParsersByTypes.set(key, parsers);
  }
  return parsers;
}

async function handle(m: ToWorker): Promise<unknown> {
  switch (m.op) {
    case 'ready':
      await db.waitReady;
      return null;
    case 'query': {
      const client = m.tx === undefined ? db : txs.get(m.tx)?.tx;
      if (!client) throw new Error('transaction is closed');
      return client.query(m.text, m.params, { rowMode: m.rowMode, parsers: rawParsers(m.raw) });
    }
    case 'begin': {
      const id = ++txCount;
      let opened!: () => void;
      const open = new Promise<void>((resolve) => (opened = resolve));
      let end!: (commit: boolean) => void;
      const ended = new Promise<boolean>((resolve) => (end = resolve));
      const done = db.transaction(async (tx) => {
        txs.set(id, { tx, end, done });
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
