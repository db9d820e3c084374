import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The WhatsApp adapter's own tables: a linked device's credentials and
// signal keys, the messages it must keep for retries and idempotent sends, and the people it has
// seen. Secrets are encrypted by the adapter before they reach these columns (AES-256-GCM, the
// key from WA_AUTH_KEY or the server secret `wa_auth_key`). Times are epoch milliseconds. They
// live in the server's database: drizzle-kit reads this file beside the server's schema
// (apps/server/drizzle.config.ts) and keeps their migrations with the server's.

const ms = (name: string) => bigint(name, { mode: 'number' });

/** One linked device: created by a QR login, bound to the account's id once paired. */
export const waSessions = pgTable(
  'wa_sessions',
  {
    id: text('id').primaryKey(),
    /** The account's canonical id once paired (null while the QR login is pending). */
    wxid: text('wxid'),
    /** The encrypted `AuthenticationCreds` (BufferJSON), saved whole on every update. */
    creds: text('creds').notNull(),
    /** The proxy the session connects through, `ip:port:account:password` (socks5). */
    proxy: text('proxy'),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [uniqueIndex('wa_sessions_wxid').on(t.wxid)],
);

/** Signal keys of a session by type and id (pre-keys, sessions, sender keys, app state, …). */
export const waSessionKeys = pgTable(
  'wa_session_keys',
  {
    sessionId: text('session_id').notNull(),
    type: text('type').notNull(),
    id: text('id').notNull(),
    /** The encrypted value (BufferJSON). */
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.type, t.id] }),
    foreignKey({ columns: [t.sessionId], foreignColumns: [waSessions.id] }).onDelete('cascade'),
  ],
);

/**
 * Messages a session keeps: every console send (recorded before it is sent, so a retried request
 * cannot send twice) and the protobuf of messages needed to answer retry requests and re-download
 * media.
 */
export const waMessages = pgTable(
  'wa_messages',
  {
    sessionId: text('session_id').notNull(),
    msgId: text('msg_id').notNull(),
    remoteJid: text('remote_jid').notNull(),
    fromMe: boolean('from_me').notNull(),
    /** The console's request id of a send. */
    requestId: text('request_id'),
    /** pending (recorded, not yet accepted), sent, failed. */
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull(),
    /** What the send returned to the console (JSON of SendAccepted) once sent. */
    accepted: text('accepted'),
    /** The encrypted `proto.WebMessageInfo` bytes (base64). */
    proto: text('proto'),
    /**
     * Whether the console has kept (stored) a message that arrived: false from its arrival until
     * then, so one a kill caught in between is passed on again when the connection opens.
     */
    delivered: boolean('delivered').notNull().default(true),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.msgId] }),
    uniqueIndex('wa_messages_request').on(t.sessionId, t.requestId),
    index('wa_messages_undelivered')
      .on(t.sessionId, t.createdAt)
      .where(sql`not ${t.delivered}`),
    foreignKey({ columns: [t.sessionId], foreignColumns: [waSessions.id] }).onDelete('cascade'),
  ],
);

/**
 * Receipts, revokes, edits and read syncs WhatsApp reported that the console has not kept yet:
 * Baileys acknowledges them to WhatsApp at once, so each is written here first and deleted once
 * the console kept it; what is left (a kill in between, a store that failed) is passed on again,
 * in `seq` order, when the connection opens.
 */
export const waEvents = pgTable(
  'wa_events',
  {
    sessionId: text('session_id').notNull(),
    /** What the event is about (`receipt:<msgId>:<status>`, `revoke:<msgId>`, …): one row each. */
    key: text('key').notNull(),
    /** Arrival order. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** The gateway event's name. */
    event: text('event').notNull(),
    /** The encrypted JSON of the gateway event's payload. */
    payload: text('payload').notNull(),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.key] }),
    index('wa_events_order').on(t.sessionId, t.seq),
    foreignKey({ columns: [t.sessionId], foreignColumns: [waSessions.id] }).onDelete('cascade'),
  ],
);

/** People a session has seen (WhatsApp has no friend list): one row per canonical id (LID). */
export const waContacts = pgTable(
  'wa_contacts',
  {
    sessionId: text('session_id').notNull(),
    /** The canonical id: the LID when known, else the phone-number id. */
    jid: text('jid').notNull(),
    /** The phone-number id (`…@s.whatsapp.net`) when known. */
    phoneJid: text('phone_jid'),
    /** The name saved in the phone's address book. */
    name: text('name').notNull().default(''),
    /** The name the person chose (push name). */
    notify: text('notify').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** On the account's WhatsApp blocklist (the console's blacklist). */
    blocked: boolean('blocked').notNull().default(false),
    addedAt: ms('added_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.jid] }),
    foreignKey({ columns: [t.sessionId], foreignColumns: [waSessions.id] }).onDelete('cascade'),
  ],
);
