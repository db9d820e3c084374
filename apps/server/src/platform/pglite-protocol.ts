import { messages, types, type ParserOptions, type Results } from '@electric-sql/pglite';

// The backend's answer to one statement, read from its protocol bytes (PostgreSQL's v3 protocol,
// "Message Formats"). PGlite reads every answer with its own parser, which copies each value into
// an ArrayBuffer of its own before decoding it: on the embedded database's thread that reading
// took a fifth of the thread's time under load (docs/performance.md, session 31). Here the
// database's thread only walks the messages' headers (`scanAnswer`), and the rows are read where
// they are used (`resultOf`), with Node's decoder straight from the bytes.

/** What the database's thread needs of an answer: failure, completeness, notifications. */
export interface AnswerScan {
  /** The statement's error, as PGlite reports one (a DatabaseError with the backend's fields). */
  error: messages.DatabaseError | null;
  /** A ReadyForQuery closed the answer: the backend read the whole input. */
  ready: boolean;
  /** The backend's transaction state after it: idle, in a transaction, or in a failed one. */
  status: 'I' | 'T' | 'E' | null;
  /** A ParseComplete came: a named statement now exists. */
  parsed: boolean;
  /** NOTIFYs delivered with the answer, in order. */
  notifications: { channel: string; payload: string }[];
}

const bufferOf = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The NUL-terminated string at `at`: its text and where the next field starts. */
function cstring(buf: Buffer, at: number): [string, number] {
  const end = buf.indexOf(0, at);
  return [buf.toString('utf8', at, end), end + 1];
}

/** ErrorResponse's fields, set on PGlite's DatabaseError as its parser sets them. */
function databaseError(buf: Buffer, start: number, end: number): messages.DatabaseError {
  const fields: Record<string, string> = {};
  let at = start;
  while (at < end && buf[at] !== 0) {
    const code = String.fromCharCode(buf[at]!);
    const [value, next] = cstring(buf, at + 1);
    fields[code] = value;
    at = next;
  }
  const err = new messages.DatabaseError(fields.M ?? '', end - start + 4, 'error');
  Object.assign(err, {
    severity: fields.S,
    code: fields.C,
    detail: fields.D,
    hint: fields.H,
    position: fields.P,
    internalPosition: fields.p,
    internalQuery: fields.q,
    where: fields.W,
    schema: fields.s,
    table: fields.t,
    column: fields.c,
    dataType: fields.d,
    constraint: fields.n,
    file: fields.F,
    line: fields.L,
    routine: fields.R,
  });
  return err;
}

/** Calls `each(type, bodyStart, bodyEnd)` for every whole message of `buf`. */
function eachMessage(buf: Buffer, each: (type: number, start: number, end: number) => void) {
  let at = 0;
  while (at + 5 <= buf.length) {
    const end = at + 1 + buf.readInt32BE(at + 1);
    if (end > buf.length) break;
    each(buf[at]!, at + 5, end);
    at = end;
  }
}

const READY = 0x5a; // Z
const ERROR = 0x45; // E
const PARSE_COMPLETE = 0x31; // 1
const NOTIFICATION = 0x41; // A
const ROW_DESCRIPTION = 0x54; // T
const DATA_ROW = 0x44; // D
const COMMAND_COMPLETE = 0x43; // C

/** Walks the answer's message headers; reads only errors, notifications and the final state. */
export function scanAnswer(bytes: Uint8Array): AnswerScan {
  const buf = bufferOf(bytes);
  const scan: AnswerScan = {
    error: null,
    ready: false,
    status: null,
    parsed: false,
    notifications: [],
  };
  eachMessage(buf, (type, start, end) => {
    switch (type) {
      case READY:
        scan.ready = true;
        scan.status = String.fromCharCode(buf[start]!) as AnswerScan['status'];
        break;
      case ERROR:
        scan.error ??= databaseError(buf, start, end);
        break;
      case PARSE_COMPLETE:
        scan.parsed = true;
        break;
      case NOTIFICATION: {
        const [channel, next] = cstring(buf, start + 4);
        const [payload] = cstring(buf, next);
        scan.notifications.push({ channel, payload });
        break;
      }
    }
  });
  return scan;
}

interface Field {
  name: string;
  dataTypeID: number;
}

/** How one column's text becomes a value (none: the text itself). */
type Parse = ((value: string, type: number) => unknown) | undefined;

/**
 * The result of the answer's first statement, as PGlite's `query` makes it: its fields, its rows
 * (objects, or arrays in the `array` row mode) with each column's parser, and the rows its
 * command tag counts. `parsers` are the database's (PGlite's, with its array types), `own` the
 * query's, which win.
 */
export function resultOf<T>(
  bytes: Uint8Array,
  parsers: ParserOptions,
  own?: ParserOptions,
  rowMode?: 'array' | 'object',
): Results<T> {
  const buf = bufferOf(bytes);
  const asArrays = rowMode === 'array';
  let fields: Field[] = [];
  let parse: Parse[] = [];
  const rows: unknown[] = [];
  let done: Results<T> | null = null;
  eachMessage(buf, (type, start) => {
    if (done) return;
    if (type === ROW_DESCRIPTION) {
      const n = buf.readInt16BE(start);
      fields = [];
      let at = start + 2;
      for (let i = 0; i < n; i++) {
        const [name, next] = cstring(buf, at);
        // Table OID (4), column number (2), then the type's OID.
        fields.push({ name, dataTypeID: buf.readInt32BE(next + 6) });
        at = next + 18;
      }
      parse = fields.map((f) => own?.[f.dataTypeID] ?? parsers[f.dataTypeID]);
    } else if (type === DATA_ROW) {
      const n = buf.readInt16BE(start);
      const values: unknown[] = new Array(n);
      let at = start + 2;
      for (let i = 0; i < n; i++) {
        const length = buf.readInt32BE(at);
        at += 4;
        if (length < 0) {
          values[i] = null;
          continue;
        }
        const text = buf.toString('utf8', at, at + length);
        at += length;
        const p = parse[i];
        values[i] = p ? p(text, fields[i]!.dataTypeID) : text;
      }
      if (asArrays) {
        rows.push(values);
      } else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < n; i++) row[fields[i]!.name] = values[i];
        rows.push(row);
      }
    } else if (type === COMMAND_COMPLETE) {
      const [tag] = cstring(buf, start);
      done = { rows: rows as T[], fields, affectedRows: affectedRowsOf(tag) };
    }
  });
  return done ?? { rows: [], fields: [], affectedRows: 0 };
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

/** PostgreSQL's array types: the element type's OID and its array's. */
export interface ArrayType {
  oid: number;
  typarray: number;
}

/** The query that lists them, as PGlite reads them at start. */
export const ARRAY_TYPES_SQL = `
  select b.oid, b.typarray
  from pg_catalog.pg_type a
  left join pg_catalog.pg_type b on b.oid = a.typelem
  where a.typcategory = 'A'
  group by b.oid, b.typarray
  order by b.oid`;

/** PGlite's parsers: its types' and, for each array type, its elements' in an array. */
export function parsersWith(arrays: ArrayType[]): ParserOptions {
  const parsers: ParserOptions = { ...types.parsers };
  for (const { oid, typarray } of arrays) {
    parsers[typarray] = (x: string) => types.arrayParser(x, parsers[oid]!, typarray);
  }
  return parsers;
}
