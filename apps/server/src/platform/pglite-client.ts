import { createRequire } from 'node:module';
import {
  PGlite,
  protocol,
  type ParserOptions,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * node-postgres's own conversion of a JS value to a parameter's text, as the PostgreSQL path of
 * this server sends it (dates, arrays, objects as JSON, buffers).
 */
export const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => string | Buffer | null;
};

const { serialize } = protocol;
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

interface BackendError {
  name: 'error';
  code?: string;
}

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

  override async query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    // Blobs (COPY) and explicit parameter types take PGlite's own path.
    if (options?.blob || options?.paramTypes) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() => this.#query<T>(text, params, options));
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
      const tx: Transaction = {
        query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          open();
          return this.#query<R>(text, params ?? [], options);
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
  #query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this._runExclusiveQuery(async () => {
      const values = params.map((p) => prepareValue(p));
      let messages = await this.#run(text, values, options);
      let error = messages.find((m) => m.name === 'error') as BackendError | undefined;
      if (error && this.#dropIfStale(text, error) && !this.isInTransaction()) {
        messages = await this.#run(text, values, options);
        error = messages.find((m) => m.name === 'error') as BackendError | undefined;
      }
      if (error) {
        // As PGlite's own query reports a failed statement.
        throw Object.assign(error, { query: text, params, queryOptions: options });
      }
      if (!this.isInTransaction()) await this.syncToFs();
      return resultOf<T>(messages, this.parsers, options);
    });
  }

  /** Sends one query's messages in one call; its statement is kept when it parsed. */
  async #run(text: string, values: (string | Buffer | null)[], options?: QueryOptions) {
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
    const messages: Awaited<ReturnType<PGlite['execProtocol']>>['messages'] = [];
    for (const chunk of chunksOf(parts)) {
      const answer = await this.execProtocol(chunk, {
        syncToFs: false,
        throwOnError: false,
        onNotice: options?.onNotice,
      });
      messages.push(...answer.messages);
    }
    // Only the closing Sync is answered "ready": without it, part of the input was lost.
    if (!messages.some((m) => m.name === 'readyForQuery')) {
      throw new Error('the embedded database did not answer the whole statement');
    }
    if (parsing && messages.some((m) => m.name === 'parseComplete')) this.#keep(text, parsing);
    return messages;
  }

  #keep(text: string, statement: string) {
    this.#statements.set(text, statement);
    if (this.#statements.size > STATEMENTS_KEPT)
      this.#forget(this.#statements.keys().next().value!);
  }

  /** Forgets a kept statement that failed for being stale; whether it was one. */
  #dropIfStale(text: string, error: BackendError): boolean {
    if (!this.#statements.has(text) || !STALE_STATEMENT.has(error.code ?? '')) return false;
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

interface Field {
  name: string;
  dataTypeID: number;
}

/**
 * The result of one statement from its backend messages, as PGlite's `parseResults` makes it.
 * That merges the query's parsers into a copy of all of PGlite's (over 300, one per type and
 * array type) for every result, which cost more than running a small query; here each column's
 * parser is looked up once.
 */
function resultOf<T>(
  messages: { name: string }[],
  parsers: ParserOptions,
  options: QueryOptions | undefined,
): Results<T> {
  const own = options?.parsers;
  const asArrays = options?.rowMode === 'array';
  let fields: Field[] = [];
  let parse: (((value: string, type: number) => unknown) | undefined)[] = [];
  const rows: unknown[] = [];
  for (const m of messages) {
    if (m.name === 'rowDescription') {
      fields = (m as unknown as { fields: Field[] }).fields.map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      }));
      parse = fields.map((f) => own?.[f.dataTypeID] ?? parsers[f.dataTypeID]);
    } else if (m.name === 'dataRow') {
      const values = (m as unknown as { fields: (string | null)[] }).fields;
      const cell = (i: number) => {
        const v = values[i]!;
        if (v === null) return null;
        const p = parse[i];
        return p ? p(v, fields[i]!.dataTypeID) : v;
      };
      if (asArrays) {
        rows.push(values.map((_, i) => cell(i)));
      } else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < values.length; i++) row[fields[i]!.name] = cell(i);
        rows.push(row);
      }
    } else if (m.name === 'commandComplete') {
      const affectedRows = affectedRowsOf((m as unknown as { text: string }).text);
      return { rows: rows as T[], fields, affectedRows };
    }
  }
  return { rows: [], fields: [], affectedRows: 0 };
}

/** Rows a command tag reports (INSERT 0 n, UPDATE n, …), as PGlite counts them. */
function affectedRowsOf(tag: string): number {
  const words = tag.split(' ');
  switch (words[0]) {
    case 'INSERT':
      return parseInt(words[2]!, 10);
    case 'UPDATE':
    case 'DELETE':
    case 'COPY':
    case 'MERGE':
      return parseInt(words[1]!, 10);
    default:
      return 0;
  }
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
