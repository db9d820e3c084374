import { createRequire } from 'node:module';
import {
  PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { resultOf, scanAnswer, type AnswerScan } from './pglite-protocol.ts';

/**
 * node-postgres's own conversion of a JS value to a parameter's text, as the PostgreSQL path of
 * this server sends it (dates, arrays, objects as JSON, buffers).
 */
export const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => string | Buffer | null;
};

const { serialize, Parser } = protocol;
const SYNC = serialize.sync();
const DESCRIBE_PORTAL = serialize.describe({ type: 'P' });
const EXECUTE = serialize.execute({});

/**
 * The backend's receive buffer (PostgreSQL's PQ_RECV_BUFFER_SIZE). PGlite 0.3 drops the rest of
 * its input when a message ends exactly where a buffer's worth ends: the statements after it
 * never run and nothing says so. Input is cut there into separate calls (`chunksOf`).
 */
const RECV_BUFFER = 8192;
/** Statements kept parsed at once, least recently used dropped first. */
const STATEMENTS_KEPT = 200;
/** Longer texts (bulk inserts, long id lists) are parsed each time. */
const STATEMENT_TEXT_MAX = 16_384;
/** SQLSTATEs of a kept statement that no longer holds: dropped, or its tables' columns changed. */
const STALE_STATEMENT = new Set(['26000', '0A000']);

/**
 * While a query of OneTripPGlite runs (synchronously, inside one call into the backend), PGlite's
 * own reading of the answer is skipped: PGlite parses every message the backend writes, as it
 * writes it, and keeps the bytes beside; OneTripPGlite takes the bytes and reads them itself
 * (pglite-protocol.ts), on the thread that uses the rows. Any other PGlite of the process, and
 * PGlite's own calls (exec, listen), are read as before.
 */
let answerUnread = false;
const stockParse = Parser.prototype.parse;
Parser.prototype.parse = function parse(this: InstanceType<typeof Parser>, buffer, callback) {
  if (!answerUnread) stockParse.call(this, buffer, callback);
};

/** A transaction's client that can also answer with the backend's bytes. */
export type OneTripTransaction = Transaction & {
  queryRaw(text: string, params?: unknown[]): Promise<Uint8Array>;
};

/**
 * PGlite whose parameterised queries take one trip through the database instead of six, and
 * whose repeated statements are parsed once.
 *
 * Stock `query` sends Parse, Describe (to learn the parameters' types), Bind, Describe, Execute
 * and Sync as six calls into the WASM backend, each with its own protocol parse on this thread.
 * This sends them in one buffer, as node-postgres does over a socket: the parameters go as text of
 * unspecified type, which PostgreSQL infers as it does for the stock Parse (which names none).
 * A text seen before runs its named statement, so PostgreSQL skips parsing it and may keep its
 * plan, as for node-postgres's named queries. Transactions' queries take the same path; exec
 * and listen are PGlite's own.
 */
export class OneTripPGlite extends PGlite {
  /** Query text → statement name, in order of last use. */
  readonly #statements = new Map<string, string>();
  #named = 0;
  /** Close messages of evicted statements, sent ahead of the next query. */
  #closing: Uint8Array[] = [];
  /** The backend's transaction state after the last answer read here. */
  #status: AnswerScan['status'] = 'I';
  /** Listeners of NOTIFYs that arrive with the answers read here, by channel. */
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();

  override async query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    // Blobs (COPY), explicit parameter types and notices take PGlite's own path.
    if (options?.blob || options?.paramTypes || options?.onNotice) {
      return super.query<T>(text, params, options);
    }
    await this._checkReady();
    return this._runExclusiveTransaction(() => this.#query<T>(text, params, options));
  }

  /**
   * The answer to a query as the backend's protocol bytes (its rows unread, for another thread
   * to read with `resultOf`); a failed statement throws as `query` does.
   */
  async queryRaw(text: string, params: unknown[] = []): Promise<Uint8Array> {
    await this._checkReady();
    return this._runExclusiveTransaction(() => this.#answer(text, params));
  }

  /** Whether a transaction is open (or failed and not yet ended), as the backend last said. */
  override isInTransaction(): boolean {
    return this.#status !== 'I';
  }

  /**
   * As PGlite's own listen; a NOTIFY that arrives with an answer read here reaches `callback`
   * too (PGlite's own reading, which calls its listeners, is skipped for those).
   */
  override async listen(
    channel: string,
    callback: (payload: string) => void,
    tx?: Transaction,
  ): Promise<(tx?: Transaction) => Promise<void>> {
    const name = postgresName(channel);
    let set = this.#listeners.get(name);
    if (!set) {
      set = new Set();
      this.#listeners.set(name, set);
    }
    const own = set;
    own.add(callback);
    const forget = () => {
      own.delete(callback);
      if (own.size === 0 && this.#listeners.get(name) === own) this.#listeners.delete(name);
    };
    try {
      const off = await super.listen(channel, callback, tx);
      return async (t?: Transaction) => {
        forget();
        await off(t);
      };
    } catch (err) {
      forget();
      throw err;
    }
  }

  /**
   * As PGlite's own transaction, with its queries taking one trip too: `fn` gets a client whose
   * `query` runs inside the transaction; committed when it resolves, rolled back when it throws.
   */
  override async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    await this._checkReady();
    return this._runExclusiveTransaction(async () => {
      await this.#query('BEGIN');
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: OneTripTransaction = {
        query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          open();
          return this.#query<R>(text, params ?? [], options);
        },
        queryRaw: async (text: string, params?: unknown[]) => {
          open();
          return this.#answer(text, params ?? []);
        },
        sql: async <R>(strings: TemplateStringsArray, ...values: unknown[]) => {
          open();
          let text = strings[0]!;
          values.forEach((_, i) => (text += `$${i + 1}${strings[i + 1]}`));
          return this.#query<R>(text, values);
        },
        // One statement (LISTEN, as PGlite's listen sends it), not a script.
        exec: async (text: string) => {
          open();
          return [await this.#query(text)];
        },
        rollback: async () => {
          open();
          await this.#query('ROLLBACK');
          closed = true;
        },
        listen: async (channel, callback) => {
          open();
          return this.listen(channel, callback, tx);
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await fn(tx);
        if (!closed) {
          closed = true;
          await this.#query('COMMIT');
        }
        return result;
      } catch (err) {
        if (!closed) {
          closed = true;
          await this.#query('ROLLBACK');
        }
        throw err;
      }
    });
  }

  /** One statement in one trip, under PGlite's query lock (its caller holds the transaction's). */
  async #query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    const bytes = await this.#answer(text, params, options);
    return resultOf<T>(bytes, this.parsers, options?.parsers, options?.rowMode);
  }

  /** The backend's answer to one statement, in one trip; a failed statement throws. */
  #answer(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Uint8Array> {
    return this._runExclusiveQuery(async () => {
      const values = params.map((p) => prepareValue(p));
      let answer = this.#run(text, values);
      if (answer.scan.error && this.#dropIfStale(text, answer.scan.error.code)) {
        if (!this.isInTransaction()) answer = this.#run(text, values);
      }
      const { bytes, scan } = answer;
      for (const { channel, payload } of scan.notifications) {
        for (const listener of this.#listeners.get(channel) ?? []) {
          queueMicrotask(() => listener(payload));
        }
      }
      if (scan.error) {
        // As PGlite's own query reports a failed statement.
        throw Object.assign(scan.error, { query: text, params, queryOptions: options });
      }
      if (!this.isInTransaction()) await this.syncToFs();
      return bytes;
    });
  }

  /** Sends one query's messages in one call; its statement is kept when it parsed. */
  #run(text: string, values: (string | Buffer | null)[]) {
    let statement = this.#statements.get(text);
    const parts = this.#closing;
    this.#closing = [];
    let parsing: string | null = null;
    if (statement !== undefined) {
      this.#statements.delete(text);
      this.#statements.set(text, statement);
    } else if (text.length <= STATEMENT_TEXT_MAX) {
      parsing = statement = `cst_${++this.#named}`;
      parts.push(serialize.parse({ text, name: statement }));
    } else {
      statement = '';
      parts.push(serialize.parse({ text }));
    }
    parts.push(serialize.bind({ statement, values }), DESCRIBE_PORTAL, EXECUTE, SYNC);
    const answers = chunksOf(parts).map((chunk) => this.#exchange(chunk));
    const bytes = answers.length === 1 ? answers[0]! : concat(answers);
    const scan = scanAnswer(bytes);
    // Only the closing Sync is answered "ready": without it, part of the input was lost.
    if (!scan.ready) throw new Error('the embedded database did not answer the whole statement');
    this.#status = scan.status;
    if (parsing && scan.parsed) this.#keep(text, parsing);
    return { bytes, scan };
  }

  /** One call into the backend: the bytes of its answer, which PGlite leaves unread. */
  #exchange(input: Uint8Array): Uint8Array {
    answerUnread = true;
    try {
      return this.execProtocolRawSync(input);
    } finally {
      answerUnread = false;
    }
  }

  #keep(text: string, statement: string) {
    this.#statements.set(text, statement);
    if (this.#statements.size > STATEMENTS_KEPT)
      this.#forget(this.#statements.keys().next().value!);
  }

  /** Forgets a kept statement that failed for being stale; whether it was one. */
  #dropIfStale(text: string, code: string | undefined): boolean {
    if (!this.#statements.has(text) || !STALE_STATEMENT.has(code ?? '')) return false;
    this.#forget(text);
    return true;
  }

  /** Drops a kept statement; PostgreSQL closes it ahead of the next query. */
  #forget(text: string) {
    const name = this.#statements.get(text)!;
    this.#statements.delete(text);
    this.#closing.push(serialize.close({ type: 'S', name }));
  }
}

/** A channel's name as PostgreSQL keeps it (PGlite's rule): lower case unless quoted. */
function postgresName(channel: string): string {
  return channel.startsWith('"') && channel.endsWith('"')
    ? channel.slice(1, -1)
    : channel.toLowerCase();
}

/**
 * The protocol messages joined into as few calls as can go safely: a message that ends exactly at
 * a multiple of {@link RECV_BUFFER} with more after it ends its call, and the rest goes in the
 * next (the backend keeps its protocol state between calls, as PGlite's own query relies on).
 */
export function chunksOf(parts: Uint8Array[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let current: Uint8Array[] = [];
  let size = 0;
  parts.forEach((p, i) => {
    current.push(p);
    size += p.length;
    if (size % RECV_BUFFER === 0 && i < parts.length - 1) {
      chunks.push(concat(current));
      current = [];
      size = 0;
    }
  });
  if (current.length > 0) chunks.push(concat(current));
  return chunks;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
