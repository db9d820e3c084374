import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { ParserOptions, PGliteOptions, QueryOptions, Results } from '@electric-sql/pglite';
import { prepareValue } from './pglite-client.ts';
import { ARRAY_TYPES_SQL, parsersWith, resultOf, type ArrayType } from './pglite-protocol.ts';

let tierChosen = false;

/**
 * PGlite's WebAssembly (PostgreSQL, about 25 MB of code) compiled by V8's baseline compiler alone.
 * By default V8 also recompiles every function it runs with its optimising compiler in the
 * background and keeps both versions: about 80 MB more resident memory for the server at idle,
 * and on two busy cores a database that opens two to three times slower (the recompiling
 * competes with the queries) for queries that were not measurably faster (docs/performance.md).
 * A V8 flag is process-wide: set once, before the first database thread compiles the module.
 * `PGLITE_WASM_OPTIMIZE=1` keeps V8's default.
 */
function liftoffOnly(): void {
  if (tierChosen) return;
  tierChosen = true;
  if (process.env.PGLITE_WASM_OPTIMIZE !== '1') v8.setFlagsFromString('--liftoff-only');
}

/** A message to the database thread (platform/pglite-worker.ts). */
export type ToWorker = { id: number } & (
  | { op: 'ready' }
  | {
      op: 'query';
      tx?: number;
      text: string;
      params: unknown[];
    }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' }
);

/** An error as it crosses threads: its message, name and a DatabaseError's fields. */
export type WireError = { message: string; name: string } & Record<string, unknown>;

/**
 * A reply of the database thread (a query's: the backend's answer as bytes, read here), or a
 * notification it passes on.
 */
export type FromWorker =
  | { id: number; result?: unknown; error?: WireError }
  | { op: 'notify'; channel: string; payload: string };

/**
 * Whether this module runs compiled (`npm start` runs apps/server/dist, scripts/build-server.mjs)
 * or from its TypeScript source (tests, `npm run dev`, the command-line tools).
 */
const COMPILED = import.meta.url.endsWith('.js');

/**
 * The worker's entry. From the sources tsx is registered first, as the server itself runs from
 * TypeScript; compiled, the thread's entry is JavaScript beside this chunk and needs no loader.
 */
const BOOT = COMPILED
  ? `import(require('node:worker_threads').workerData.file);`
  : `
const { workerData } = require('node:worker_threads');
import('tsx/esm/api').then(({ register }) => { register(); return import(workerData.file); });
`;

/**
 * PostgreSQL's buffer pool in the embedded database. PGlite 0.3 starts PostgreSQL with
 * `-c shared_buffers=128MB` built into its wasm (its options take no start-up settings, and the
 * command line wins over `postgresql.conf` and `ALTER SYSTEM`), and the whole pool is resident
 * from the start: 128 of an idle server's MB. Its data folder is read through Node's file
 * system, so a page not in the pool comes from the operating system's cache, not the disk.
 * `PGLITE_SHARED_BUFFERS` (e.g. `64MB` or `512kB`, at most five characters) sets another size.
 */
const SHARED_BUFFERS = '32MB';
const BUILT_IN_SHARED_BUFFERS = 'shared_buffers=128MB';

/**
 * The wasm with its built-in `shared_buffers=128MB` argument replaced by `size`: the argument is
 * a NUL-terminated string in the module's data, rewritten in place (in `wasmBytes` itself: no
 * second copy of the 9 MB) and padded with NULs, so no offset moves. Left as it is when `size` is
 * the built-in one or the string is not found exactly once (another PGlite build); a size that
 * does not fit is refused.
 */
export function withSharedBuffers(wasmBytes: Uint8Array, size: string): Uint8Array {
  if (!/^\d{1,4}(kB|MB)$/.test(size) || size.length > 5)
    throw new Error(
      `PGLITE_SHARED_BUFFERS must be like 32MB or 512kB (at most 5 characters), not ${JSON.stringify(size)}`,
    );
  const bytes = Buffer.from(wasmBytes.buffer, wasmBytes.byteOffset, wasmBytes.byteLength);
  const needle = Buffer.from(`${BUILT_IN_SHARED_BUFFERS}\0`);
  const at = bytes.indexOf(needle);
  if (size === '128MB' || at < 0 || bytes.indexOf(needle, at + 1) >= 0) return wasmBytes;
  bytes.fill(0, at, at + needle.length);
  bytes.write(`shared_buffers=${size}`, at, 'latin1');
  return wasmBytes;
}

/**
 * PGlite's compiled WASM, made once per process and handed to each thread, and where its file
 * bundle is: each thread opens the bundle itself (a file-backed Blob cannot be sent to a thread,
 * and a copy kept here would be 5 MB of the main thread's memory for the process's life).
 */
interface Engine {
  wasmModule: NonNullable<PGliteOptions['wasmModule']>;
  fsBundlePath: string;
}
let engine: Engine | null = null;
/** The WebAssembly global (the server's types leave out the DOM library that declares it). */
const wasm = (
  globalThis as unknown as {
    WebAssembly: { Module: new (bytes: Uint8Array) => Engine['wasmModule'] };
  }
).WebAssembly;

/**
 * Compiling PGlite's WASM is most of a thread's start; a process that opens many databases (the
 * test suites, a restore) compiles it once and shares the module, as threads may.
 */
function pgliteEngine(): Engine {
  if (!engine) {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const dist = entry.slice(0, entry.lastIndexOf('/dist/') + '/dist'.length);
    engine = {
      wasmModule: new wasm.Module(
        withSharedBuffers(
          readFileSync(path.join(dist, 'pglite.wasm')),
          process.env.PGLITE_SHARED_BUFFERS ?? SHARED_BUFFERS,
        ),
      ),
      fsBundlePath: path.join(dist, 'pglite.data'),
    };
  }
  return engine;
}

/** A transaction's client, as drizzle's PGlite session uses it. */
export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/**
 * PGlite on a thread of its own, with the part of PGlite's interface the server uses: `query`,
 * `transaction`, `listen`, `close`. Its queries run in WASM there, so the thread that serves HTTP
 * and websockets neither waits on a long query nor spends its time on the database's share of a
 * short one; on two cores both run at once. An answer comes back as the backend's bytes and its
 * rows are read here: the database's thread, which every request shares, only runs statements.
 *
 * Order is kept: one worker takes the messages in the order they are sent, PGlite serialises
 * them as before (a query outside a transaction waits for an open one), and a notification its
 * query raised arrives ahead of that query's answer — so, as on the main thread, a change's
 * NOTIFY reaches its listeners before the call that made it returns.
 */
export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #ids = 0;
  #closed = false;
  /** PGlite's parsers of the database's types, its array types' included (read at open). */
  #parsers: ParserOptions = parsersWith([]);
  #exited: Promise<void>;

  private constructor(dataDir: string | null, template?: Uint8Array) {
    liftoffOnly();
    const file = new URL(COMPILED ? './pglite-worker.js' : './pglite-worker.ts', import.meta.url)
      .pathname;
    this.#worker = new Worker(BOOT, {
      eval: true,
      workerData: { file, dataDir, template, ...pgliteEngine() },
    });
    this.#worker.on('message', (m: FromWorker) => this.#receive(m));
    this.#exited = new Promise((resolve) => {
      this.#worker.once('exit', () => {
        this.#closed = true;
        for (const p of this.#pending.values()) p.reject(new Error('database thread stopped'));
        this.#pending.clear();
        resolve();
      });
    });
    // The thread failed (PGlite aborted): every call from now on fails with "stopped", as a lost
    // PostgreSQL connection would; the cause is written out once.
    this.#worker.on('error', (err) => {
      console.error('the database thread failed:', err);
      for (const p of this.#pending.values()) p.reject(err);
      this.#pending.clear();
    });
  }

  /**
   * Starts the thread and opens PGlite there (in `dataDir`, or in memory). An in-memory database
   * may start as a copy of `template`, a data folder as PGlite's dumpDataDir wrote it.
   */
  static async open(dataDir: string | null, template?: Uint8Array): Promise<PGliteThread> {
    const thread = new PGliteThread(dataDir, template);
    try {
      await thread.#call({ op: 'ready' });
      const arrays = await thread.query<ArrayType>(ARRAY_TYPES_SQL);
      thread.#parsers = parsersWith(arrays.rows);
    } catch (err) {
      await thread.#worker.terminate();
      throw err;
    }
    return thread;
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, text, params, options);
  }

  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: 'begin' })) as number;
    let closed = false;
    const check = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        check();
        return this.#query<R>(id, text, params ?? [], options);
      },
      rollback: async () => {
        check();
        closed = true;
        await this.#call({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.#call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      }
      throw err;
    }
    if (!closed) {
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  /** Calls `handler` on each NOTIFY on `channel`; resolves with an unsubscribe. */
  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      try {
        await this.#call({ op: 'listen', channel });
      } catch (err) {
        this.#listeners.delete(channel);
        throw err;
      }
    }
    set.add(handler);
    return async () => {
      const s = this.#listeners.get(channel);
      if (!s?.delete(handler) || s.size > 0) return;
      this.#listeners.delete(channel);
      if (!this.#closed) await this.#call({ op: 'unlisten', channel });
    };
  }

  /**
   * Runs `fn` in a transaction after a checkpoint: while it runs nothing else does (PGlite takes
   * one query or transaction at a time; others wait as behind any long transaction), so the data
   * folder's files stand still, between two transactions, with every committed change written
   * out — a backup copies them then, and reads its counts in the same transaction.
   */
  async snapshot<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    await this.query('CHECKPOINT');
    return this.transaction(fn);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#call({ op: 'close' }).catch(() => undefined);
    await this.#worker.terminate();
    await this.#exited;
  }

  async #query<T>(
    tx: number | undefined,
    text: string,
    params: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (options?.blob || options?.paramTypes || options?.serializers || options?.onNotice) {
      throw new Error(
        'PGliteThread: blobs, parameter types, serializers and notices are not supported',
      );
    }
    const answer = (await this.#call({
      op: 'query',
      tx,
      text,
      // As node-postgres sends them; the worker's client sends text as is.
      params: params.map((p) => prepareValue(p)),
    })) as Uint8Array;
    // The rows are read here, with the caller's parsers: the database's thread only ran the
    // statement, and its answer's bytes crossed over without a copy.
    return resultOf<T>(answer, this.#parsers, options?.parsers, options?.rowMode);
  }

  #call(m: DistributiveOmit<ToWorker, 'id'>): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('database thread stopped'));
    const id = ++this.#ids;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...m, id });
    });
  }

  #receive(m: FromWorker) {
    if ('op' in m) {
      for (const handler of this.#listeners.get(m.channel) ?? []) handler(m.payload);
      return;
    }
    const p = this.#pending.get(m.id);
    if (!p) return;
    this.#pending.delete(m.id);
    if (m.error) p.reject(Object.assign(new Error(m.error.message), m.error));
    else p.resolve(m.result);
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
