import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from 'baileys';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SecretBox } from '@cst/gateway';

import { waSessionKeys, waSessions, type Db } from './seam.ts';

/** The name of the server-kept key of the session secrets when WA_AUTH_KEY is not set. */
export const WA_AUTH_SECRET = 'wa_auth_key';

/** A stored session row, its secrets opened. */
export interface StoredSession {
  id: string;
  wxid: string | null;
  creds: AuthenticationCreds;
  proxy: string | null;
}

const credsContext = (sessionId: string) => `creds:${sessionId}`;
const keyContext = (sessionId: string, type: string, id: string) =>
  `key:${sessionId}:${type}:${id}`;

const sqlExcludedValue = sql`excluded.value`;

const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = <T>(text: string): T => JSON.parse(text, BufferJSON.reviver) as T;

/**
 * Credentials and signal keys of WhatsApp sessions in the database, encrypted at rest. Writes of
 * one session run one at a time in call order, each in a transaction, so what Baileys wrote last
 * is what is stored even when it does not await its writes.
 */
export class WaAuthStore {
  private readonly tails = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly now: () => number,
  ) {}

  /** Runs a write of a session behind the earlier ones. */
  private serial<T>(sessionId: string, work: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(sessionId) ?? Promise.resolve();
    const run = prev.then(work, work);
    const tail = run.catch(() => undefined);
    this.tails.set(sessionId, tail);
    void tail.then(() => {
      if (this.tails.get(sessionId) === tail) this.tails.delete(sessionId);
    });
    return run;
  }

  /** Resolves once every write queued so far is stored. */
  async flush(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }

  /** Creates a session with fresh credentials (a QR login). */
  async create(sessionId: string, proxy: string | null): Promise<StoredSession> {
    const creds = initAuthCreds();
    await this.db.insert(waSessions).values({
      id: sessionId,
      wxid: null,
      creds: this.box.seal(encode(creds), credsContext(sessionId)),
      proxy,
      updatedAt: this.now(),
    });
    return { id: sessionId, wxid: null, creds, proxy };
  }

  private open(row: typeof waSessions.$inferSelect): StoredSession {
    return {
      id: row.id,
      wxid: row.wxid,
      creds: decode<AuthenticationCreds>(this.box.open(row.creds, credsContext(row.id))),
      proxy: row.proxy,
    };
  }

  /** The paired session of an account. */
  async findByWxid(wxid: string): Promise<StoredSession | null> {
    const [row] = await this.db.select().from(waSessions).where(eq(waSessions.wxid, wxid));
    return row ? this.open(row) : null;
  }

  /** A session by id. */
  async find(sessionId: string): Promise<StoredSession | null> {
    const [row] = await this.db.select().from(waSessions).where(eq(waSessions.id, sessionId));
    return row ? this.open(row) : null;
  }

  /** Saves the whole credentials object (Baileys mutates it in place on `creds.update`). */
  saveCreds(sessionId: string, creds: AuthenticationCreds): Promise<void> {
    const sealed = this.box.seal(encode(creds), credsContext(sessionId));
    return this.serial(sessionId, async () => {
      await this.db
        .update(waSessions)
        .set({ creds: sealed, updatedAt: this.now() })
        .where(eq(waSessions.id, sessionId));
    });
  }

  /** Changes the proxy a session connects through. */
  setProxy(sessionId: string, proxy: string | null): Promise<void> {
    return this.serial(sessionId, async () => {
      await this.db
        .update(waSessions)
        .set({ proxy, updatedAt: this.now() })
        .where(eq(waSessions.id, sessionId));
    });
  }

  /** Binds a paired session to its account; an older session of the same account is dropped. */
  bind(sessionId: string, wxid: string): Promise<void> {
    return this.serial(sessionId, () =>
      this.db.transaction(async (tx) => {
        await tx
          .delete(waSessions)
          .where(and(eq(waSessions.wxid, wxid), ne(waSessions.id, sessionId)));
        await tx
          .update(waSessions)
          .set({ wxid, updatedAt: this.now() })
          .where(eq(waSessions.id, sessionId));
      }),
    );
  }

  /** Deletes a session with its keys, messages and contacts. */
  remove(sessionId: string): Promise<void> {
    return this.serial(sessionId, async () => {
      await this.db.delete(waSessions).where(eq(waSessions.id, sessionId));
    });
  }

  /** Signal keys of a type by id (missing ids are left out). */
  async getKeys<T extends keyof SignalDataTypeMap>(
    sessionId: string,
    type: T,
    ids: string[],
  ): Promise<{ [id: string]: SignalDataTypeMap[T] }> {
    const out: { [id: string]: SignalDataTypeMap[T] } = {};
    if (ids.length === 0) return out;
    // A read sees every write queued before it.
    await this.tails.get(sessionId);
    const rows = await this.db
      .select({ id: waSessionKeys.id, value: waSessionKeys.value })
      .from(waSessionKeys)
      .where(
        and(
          eq(waSessionKeys.sessionId, sessionId),
          eq(waSessionKeys.type, type),
          inArray(waSessionKeys.id, ids),
        ),
      );
    for (const r of rows) {
      let value: unknown = decode(this.box.open(r.value, keyContext(sessionId, type, r.id)));
      if (type === 'app-state-sync-key') {
        value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
      }
      out[r.id] = value as SignalDataTypeMap[T];
    }
    return out;
  }

  /** Writes keys in one transaction: values upserted, nulls deleted. */
  setKeys(sessionId: string, data: SignalDataSet): Promise<void> {
    const upserts: (typeof waSessionKeys.$inferInsert)[] = [];
    const deletes: { type: string; ids: string[] }[] = [];
    for (const [type, byId] of Object.entries(data)) {
      const gone: string[] = [];
      for (const [id, value] of Object.entries(byId ?? {})) {
        if (value === null || value === undefined) gone.push(id);
        else
          upserts.push({
            sessionId,
            type,
            id,
            value: this.box.seal(encode(value), keyContext(sessionId, type, id)),
          });
      }
      if (gone.length) deletes.push({ type, ids: gone });
    }
    if (!upserts.length && !deletes.length) return Promise.resolve();
    return this.serial(sessionId, () =>
      this.db.transaction(async (tx) => {
        for (const d of deletes) {
          await tx
            .delete(waSessionKeys)
            .where(
              and(
                eq(waSessionKeys.sessionId, sessionId),
                eq(waSessionKeys.type, d.type),
                inArray(waSessionKeys.id, d.ids),
              ),
            );
        }
        for (let i = 0; i < upserts.length; i += 500) {
          await tx
            .insert(waSessionKeys)
            .values(upserts.slice(i, i + 500))
            .onConflictDoUpdate({
              target: [waSessionKeys.sessionId, waSessionKeys.type, waSessionKeys.id],
              set: { value: sqlExcludedValue },
            });
        }
      }),
    );
  }

  /** Deletes every key of a session (the credentials stay). */
  clearKeys(sessionId: string): Promise<void> {
    return this.serial(sessionId, async () => {
      await this.db.delete(waSessionKeys).where(eq(waSessionKeys.sessionId, sessionId));
    });
  }

  /** The Baileys auth state of a stored session; `saveCreds` stores its credentials again. */
  authState(session: StoredSession): AuthenticationState & { saveCreds(): Promise<void> } {
    const id = session.id;
    return {
      creds: session.creds,
      keys: {
        get: (type, ids) => this.getKeys(id, type, ids),
        set: (data) => this.setKeys(id, data),
        clear: () => this.clearKeys(id),
      },
      saveCreds: () => this.saveCreds(id, session.creds),
    };
  }
}
