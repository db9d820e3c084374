import { proto, type WAMessage } from 'baileys';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SecretBox } from '@cst/gateway';
import { waContacts, waEvents, waMessages, type Db, type SendAccepted } from './seam.ts';

export type WaMessageRow = typeof waMessages.$inferSelect;
export type WaContactRow = typeof waContacts.$inferSelect;

const protoContext = (sessionId: string, msgId: string) => `msg:${sessionId}:${msgId}`;
const eventContext = (sessionId: string, key: string) => `event:${sessionId}:${key}`;

/** An event the console has not kept yet (its payload opened). */
export interface KeptEvent {
  key: string;
  event: string;
  payload: unknown;
}

/** Messages and people of WhatsApp sessions (the adapter's own tables). */
export class WaRepository {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  /** Records a send before it goes out; returns the existing row of the request when there is one. */
  async recordSend(row: {
    sessionId: string;
    msgId: string;
    remoteJid: string;
    requestId: string;
    createdAt: number;
  }): Promise<WaMessageRow> {
    await this.db
      .insert(waMessages)
      .values({ ...row, fromMe: true, status: 'pending' })
      .onConflictDoNothing();
    return (await this.byRequest(row.sessionId, row.requestId))!;
  }

  async byRequest(sessionId: string, requestId: string): Promise<WaMessageRow | null> {
    const [r] = await this.db
      .select()
      .from(waMessages)
      .where(and(eq(waMessages.sessionId, sessionId), eq(waMessages.requestId, requestId)));
    return r ?? null;
  }

  async byId(sessionId: string, msgId: string): Promise<WaMessageRow | null> {
    const [r] = await this.db
      .select()
      .from(waMessages)
      .where(and(eq(waMessages.sessionId, sessionId), eq(waMessages.msgId, msgId)));
    return r ?? null;
  }

  /** Marks a send accepted by the socket, keeping its protobuf for retries. */
  async markSent(sessionId: string, msgId: string, accepted: SendAccepted, msg: WAMessage | null) {
    await this.db
      .update(waMessages)
      .set({
        status: 'sent',
        accepted: JSON.stringify(accepted),
        proto: msg ? this.seal(sessionId, msgId, msg) : null,
      })
      .where(and(eq(waMessages.sessionId, sessionId), eq(waMessages.msgId, msgId)));
  }

  async markFailed(sessionId: string, msgId: string): Promise<void> {
    await this.db
      .update(waMessages)
      .set({ status: 'failed' })
      .where(and(eq(waMessages.sessionId, sessionId), eq(waMessages.msgId, msgId)));
  }

  /** Keeps a received message's protobuf (quotes, retries, media downloads); once per id. */
  async keepInbound(sessionId: string, msg: WAMessage, at: number): Promise<boolean> {
    const msgId = msg.key.id!;
    const out = await this.db
      .insert(waMessages)
      .values({
        sessionId,
        msgId,
        remoteJid: msg.key.remoteJid ?? '',
        fromMe: !!msg.key.fromMe,
        status: 'sent',
        proto: this.seal(sessionId, msgId, msg),
        delivered: false,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ msgId: waMessages.msgId });
    return out.length > 0;
  }

  /** Notes that the console kept a received message. */
  async markDelivered(sessionId: string, msgId: string): Promise<void> {
    await this.db
      .update(waMessages)
      .set({ delivered: true })
      .where(and(eq(waMessages.sessionId, sessionId), eq(waMessages.msgId, msgId)));
  }

  /** Received messages the console has not kept yet, oldest first. */
  async undelivered(sessionId: string, limit: number): Promise<WaMessageRow[]> {
    return this.db
      .select()
      .from(waMessages)
      .where(and(eq(waMessages.sessionId, sessionId), sql`not ${waMessages.delivered}`))
      .orderBy(asc(waMessages.createdAt), asc(waMessages.msgId))
      .limit(limit);
  }

  /**
   * Keeps an event until the console kept it (one row per key: a repeat of an event waiting
   * already changes nothing).
   */
  async keepEvent(
    sessionId: string,
    key: string,
    event: string,
    payload: unknown,
    at: number,
  ): Promise<void> {
    await this.db
      .insert(waEvents)
      .values({
        sessionId,
        key,
        event,
        payload: this.box.seal(JSON.stringify(payload), eventContext(sessionId, key)),
        createdAt: at,
      })
      .onConflictDoNothing();
  }

  /** Forgets an event the console kept. */
  async dropEvent(sessionId: string, key: string): Promise<void> {
    await this.db
      .delete(waEvents)
      .where(and(eq(waEvents.sessionId, sessionId), eq(waEvents.key, key)));
  }

  /** Events the console has not kept yet, in the order they came. */
  async unkeptEvents(sessionId: string, limit: number): Promise<KeptEvent[]> {
    const rows = await this.db
      .select()
      .from(waEvents)
      .where(eq(waEvents.sessionId, sessionId))
      .orderBy(asc(waEvents.seq))
      .limit(limit);
    return rows.map((r) => ({
      key: r.key,
      event: r.event,
      payload: JSON.parse(this.box.open(r.payload, eventContext(sessionId, r.key))) as unknown,
    }));
  }

  /** When the session last stored a message (null when it has none). */
  async lastStoredAt(sessionId: string): Promise<number | null> {
    const [r] = await this.db
      .select({ at: sql<string | null>`max(${waMessages.createdAt})` })
      .from(waMessages)
      .where(eq(waMessages.sessionId, sessionId));
    return r?.at == null ? null : Number(r.at);
  }

  /** The stored protobuf of a message. */
  messageOf(sessionId: string, row: WaMessageRow): WAMessage | null {
    if (!row.proto) return null;
    const bytes = Buffer.from(
      this.box.open(row.proto, protoContext(sessionId, row.msgId)),
      'base64',
    );
    return proto.WebMessageInfo.decode(bytes) as WAMessage;
  }

  private seal(sessionId: string, msgId: string, msg: WAMessage): string {
    const bytes = proto.WebMessageInfo.encode(proto.WebMessageInfo.fromObject(msg)).finish();
    return this.box.seal(Buffer.from(bytes).toString('base64'), protoContext(sessionId, msgId));
  }

  /** Inserts or updates people; returns which were new. */
  async upsertContacts(
    sessionId: string,
    people: {
      jid: string;
      phoneJid: string | null;
      name?: string;
      notify?: string;
      avatar?: string;
      blocked?: boolean;
    }[],
    at: number,
  ): Promise<{ added: WaContactRow[]; updated: WaContactRow[] }> {
    const added: WaContactRow[] = [];
    const updated: WaContactRow[] = [];
    for (const p of people) {
      const [row] = await this.db
        .insert(waContacts)
        .values({
          sessionId,
          jid: p.jid,
          phoneJid: p.phoneJid,
          name: p.name ?? '',
          notify: p.notify ?? '',
          avatar: p.avatar ?? '',
          blocked: p.blocked ?? false,
          addedAt: at,
        })
        .onConflictDoUpdate({
          target: [waContacts.sessionId, waContacts.jid],
          set: {
            phoneJid: sql`coalesce(excluded.phone_jid, ${waContacts.phoneJid})`,
            ...(p.name !== undefined ? { name: p.name } : {}),
            ...(p.notify !== undefined ? { notify: p.notify } : {}),
            ...(p.avatar !== undefined ? { avatar: p.avatar } : {}),
            ...(p.blocked !== undefined ? { blocked: p.blocked } : {}),
          },
        })
        .returning({
          sessionId: waContacts.sessionId,
          jid: waContacts.jid,
          phoneJid: waContacts.phoneJid,
          name: waContacts.name,
          notify: waContacts.notify,
          avatar: waContacts.avatar,
          blocked: waContacts.blocked,
          addedAt: waContacts.addedAt,
          // A row PostgreSQL inserted (not updated) has no xmax.
          inserted: sql<boolean>`(xmax = 0)`,
        });
      if (!row) continue;
      const { inserted, ...contact } = row;
      (inserted ? added : updated).push(contact);
    }
    return { added, updated };
  }

  /**
   * One person under two ids: the row kept under the phone id `pn` (seen before its LID was
   * known) joins the row of `lid` in one transaction — names and picture where the LID's row has
   * none, blocked when either was, the earlier first sight — and goes. Null when there was no
   * row under `pn` (nothing to merge; a replay).
   */
  async mergePerson(sessionId: string, pn: string, lid: string): Promise<WaContactRow | null> {
    return this.db.transaction(async (tx) => {
      const [old] = await tx
        .delete(waContacts)
        .where(and(eq(waContacts.sessionId, sessionId), eq(waContacts.jid, pn)))
        .returning();
      if (!old) return null;
      const [row] = await tx
        .insert(waContacts)
        .values({ ...old, jid: lid, phoneJid: pn })
        .onConflictDoUpdate({
          target: [waContacts.sessionId, waContacts.jid],
          set: {
            phoneJid: pn,
            name: sql`case when ${waContacts.name} = '' then excluded.name else ${waContacts.name} end`,
            notify: sql`case when ${waContacts.notify} = '' then excluded.notify else ${waContacts.notify} end`,
            avatar: sql`case when ${waContacts.avatar} = '' then excluded.avatar else ${waContacts.avatar} end`,
            blocked: sql`${waContacts.blocked} or excluded.blocked`,
            addedAt: sql`least(${waContacts.addedAt}, excluded.added_at)`,
          },
        })
        .returning();
      return row ?? null;
    });
  }

  /** The people whose LID and phone id are both known (to seed a connection's id map). */
  async knownPairs(sessionId: string): Promise<{ jid: string; phoneJid: string | null }[]> {
    return this.db
      .select({ jid: waContacts.jid, phoneJid: waContacts.phoneJid })
      .from(waContacts)
      .where(and(eq(waContacts.sessionId, sessionId), sql`${waContacts.phoneJid} is not null`));
  }

  async contacts(sessionId: string): Promise<WaContactRow[]> {
    return this.db.select().from(waContacts).where(eq(waContacts.sessionId, sessionId));
  }

  async contact(sessionId: string, jid: string): Promise<WaContactRow | null> {
    const [r] = await this.db
      .select()
      .from(waContacts)
      .where(and(eq(waContacts.sessionId, sessionId), eq(waContacts.jid, jid)));
    return r ?? null;
  }
}
