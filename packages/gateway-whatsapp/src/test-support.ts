import { readFile } from 'node:fs/promises';
import {
  generateWAMessage,
  makeEventBuffer,
  type AnyMessageContent,
  type AuthenticationCreds,
  type GroupMetadata,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
  type WAMediaUploadFunction,
} from 'baileys';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { getGlobalDispatcher, MockAgent, setGlobalDispatcher, type Dispatcher } from 'undici';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { createWhatsAppGateway } from './index.ts';
import type { WhatsAppOptions } from './core.ts';
import type { WaSocket } from './socket.ts';
import { waSessions, type ChatGateway, type GatewayEventName, type GatewayEvents } from './seam.ts';

// A fake Baileys socket: its `ev` is Baileys' own event buffer, its messages are made by Baileys'
// own generators (media encrypted for real and served by an undici MockAgent), and it records
// every call. Nothing here opens a network socket.

const silent = pino({ level: 'silent' });
export const MEDIA_HOST = 'https://mmg.whatsapp.net';

/** The phone of the tests. */
export const ME = {
  id: '8613800138000:7@s.whatsapp.net',
  lid: '111111111111111:7@lid',
  name: 'Work Phone',
};
export const ME_ID = '111111111111111@lid';

/** Encrypted media uploaded by generated messages, served back to downloads. */
export class MediaServer {
  readonly agent = new MockAgent();
  private n = 0;
  private readonly previous: Dispatcher;
  constructor() {
    this.agent.disableNetConnect();
    // Every fetch of the test process goes to the mock: a forgotten dispatcher fails, never
    // reaching the network — until close(), which a test file sharing its worker with others
    // must call (their fetches would otherwise all be refused).
    this.previous = getGlobalDispatcher();
    setGlobalDispatcher(this.agent);
  }

  /** Puts back the dispatcher the process had before. */
  close(): void {
    setGlobalDispatcher(this.previous);
  }

  readonly upload: WAMediaUploadFunction = async (encFilePath) => {
    const bytes = await readFile(encFilePath);
    const directPath = `/v/t62/media-${++this.n}.enc`;
    this.agent
      .get(MEDIA_HOST)
      .intercept({ path: (p) => p.startsWith(directPath), method: 'GET' })
      .reply(200, bytes)
      .persist();
    return { mediaUrl: `${MEDIA_HOST}${directPath}`, directPath };
  };
}

/** A recorded socket call. */
export interface SocketCall {
  method: string;
  args: unknown[];
}

/** A socket the test drives: connection states, QR codes, inbound events. */
export class FakeSocket {
  readonly ev = makeEventBuffer(silent);
  readonly calls: SocketCall[] = [];
  readonly creds: AuthenticationCreds;
  groups: Record<string, GroupMetadata> = {};
  /** Presence updates (`composing`, `paused`) and sends (`send`) by jid, with the harness's clock. */
  readonly timeline: { what: string; jid: string | undefined; at: number }[] = [];
  /** Makes the next sendMessage throw. */
  failNext: Error | null = null;
  /** The account's blocklist on WhatsApp's side (what `fetchBlocklist` answers). */
  blocklist: string[] = [];
  /** Makes the next updateBlockStatus throw. */
  failBlock: Error | null = null;
  /** The server answers no ping (a dead link the socket has not noticed). */
  silent = false;
  /** Makes the next requestPairingCode throw. */
  failPairing: Error | null = null;
  ended = false;

  constructor(
    readonly config: UserFacingSocketConfig,
    private readonly media: MediaServer,
    private readonly now: () => number = () => 0,
  ) {
    this.creds = config.auth!.creds;
  }

  get user() {
    return this.creds.me ? { id: this.creds.me.id, name: this.creds.me.name } : undefined;
  }

  private record(method: string, args: unknown[]) {
    this.calls.push({ method, args });
  }

  // ---- what the adapter calls ----

  sendMessage = async (
    jid: string,
    content: AnyMessageContent,
    options: { messageId?: string; quoted?: WAMessage } = {},
  ): Promise<WAMessage | undefined> => {
    this.record('sendMessage', [jid, content, options]);
    this.timeline.push({ what: 'send', jid, at: this.now() });
    if (this.failNext) {
      const e = this.failNext;
      this.failNext = null;
      throw e;
    }
    if ('delete' in content) return undefined;
    return generateWAMessage(jid, content, {
      userJid: ME.id,
      upload: this.media.upload,
      logger: silent,
      messageId: options.messageId,
      quoted: options.quoted,
    });
  };
  sendPresenceUpdate = async (type: string, jid?: string) => {
    this.record('sendPresenceUpdate', [type, jid]);
    this.timeline.push({ what: type, jid, at: this.now() });
  };
  readMessages = async (keys: WAMessageKey[]) => void this.record('readMessages', [keys]);
  addOrEditContact = async (jid: string, contact: unknown) =>
    void this.record('addOrEditContact', [jid, contact]);
  updateProfileName = async (name: string) => void this.record('updateProfileName', [name]);
  updateProfilePicture = async (jid: string, content: unknown) =>
    void this.record('updateProfilePicture', [jid, content]);
  fetchBlocklist = async () => {
    this.record('fetchBlocklist', []);
    return [...this.blocklist];
  };
  updateBlockStatus = async (jid: string, action: 'block' | 'unblock') => {
    this.record('updateBlockStatus', [jid, action]);
    if (this.failBlock) {
      const e = this.failBlock;
      this.failBlock = null;
      throw e;
    }
    this.blocklist = this.blocklist.filter((j) => j !== jid);
    if (action === 'block') this.blocklist.push(jid);
  };
  groupFetchAllParticipating = async () => {
    this.record('groupFetchAllParticipating', []);
    return this.groups;
  };
  groupCreate = async (subject: string, participants: string[]) => {
    this.record('groupCreate', [subject, participants]);
    const g: GroupMetadata = {
      id: '120363000000000099@g.us',
      subject,
      owner: ME_ID,
      creation: 1_700_000_000,
      participants: [{ id: ME_ID, admin: 'superadmin' }, ...participants.map((id) => ({ id }))],
    };
    this.groups[g.id] = g;
    return g;
  };
  groupParticipantsUpdate = async (jid: string, participants: string[], action: string) => {
    this.record('groupParticipantsUpdate', [jid, participants, action]);
    return participants.map((p) => ({ status: '200', jid: p }));
  };
  groupUpdateSubject = async (jid: string, subject: string) =>
    void this.record('groupUpdateSubject', [jid, subject]);
  groupUpdateDescription = async (jid: string, desc?: string) =>
    void this.record('groupUpdateDescription', [jid, desc]);
  groupLeave = async (jid: string) => void this.record('groupLeave', [jid]);
  onWhatsApp = async (...phones: string[]) => {
    this.record('onWhatsApp', phones);
    return phones.map((p) => ({ jid: `${p}@s.whatsapp.net`, exists: p.startsWith('86') }));
  };
  /** As Baileys: the code (8 Crockford characters) goes into creds with the phone as `me`. */
  requestPairingCode = async (phone: string, custom?: string) => {
    this.record('requestPairingCode', [phone]);
    if (this.failPairing) {
      const e = this.failPairing;
      this.failPairing = null;
      throw e;
    }
    const code = custom ?? `PAIR${phone.slice(-4)}`.replace(/[0OIlU]/g, 'X');
    this.creds.pairingCode = code;
    this.creds.me = { id: `${phone}@s.whatsapp.net`, name: '~' };
    this.ev.emit('creds.update', { pairingCode: code, me: this.creds.me });
    return code;
  };
  query = async (node: { tag: string }) => {
    this.record('query', [node.tag]);
    if (this.silent) return new Promise<never>(() => undefined);
    return { tag: 'iq', attrs: { type: 'result' } };
  };
  updateMediaMessage = async (m: WAMessage) => m;
  logout = async () => {
    this.record('logout', []);
    this.close(401, 'Intentional Logout');
  };
  end = async () => {
    this.record('end', []);
    this.ended = true;
  };

  // ---- what the test drives ----

  qr(code: string) {
    this.ev.emit('connection.update', { qr: code });
  }
  /** The phone scanned and WhatsApp paired the device: creds get `me`, then close 515. */
  pair(me: { id: string; lid?: string; name?: string } = ME) {
    this.ev.emit('creds.update', { me, registered: true });
    this.ev.emit('connection.update', { isNewLogin: true });
    this.close(515, 'Stream Errored (restart required)');
  }
  open() {
    this.ev.emit('connection.update', { connection: 'open' });
  }
  close(code: number | undefined, message = 'Connection Failure') {
    const error = Object.assign(new Error(message), { output: { statusCode: code } });
    this.ev.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error, date: new Date() },
    });
  }
  inbound(messages: WAMessage[], type: 'notify' | 'append' = 'notify') {
    this.ev.emit('messages.upsert', { messages, type });
  }
}

/** A message someone sends to the account, made by Baileys' generator. */
export async function inboundMessage(
  media: MediaServer,
  content: AnyMessageContent,
  from: { remoteJid: string; id: string; participant?: string; pushName?: string; alt?: string },
  at = 1_736_928_000,
): Promise<WAMessage> {
  const msg = await generateWAMessage(from.remoteJid, content, {
    userJid: from.participant ?? from.remoteJid,
    upload: media.upload,
    logger: silent,
    messageId: from.id,
  });
  msg.key = {
    remoteJid: from.remoteJid,
    fromMe: false,
    id: from.id,
    ...(from.participant ? { participant: from.participant } : {}),
    ...(from.alt
      ? from.participant
        ? { participantAlt: from.alt }
        : { remoteJidAlt: from.alt }
      : {}),
  };
  msg.pushName = from.pushName ?? null;
  msg.messageTimestamp = at;
  return msg;
}

/** The adapter on a test database with fake sockets and an event recorder. */
export interface WaHarness {
  gateway: ChatGateway;
  database: TestDatabase;
  media: MediaServer;
  sockets: FakeSocket[];
  /** The newest socket. */
  readonly sock: FakeSocket;
  clock: { t: number };
  events: { name: GatewayEventName; data: GatewayEvents[GatewayEventName] }[];
  of<K extends GatewayEventName>(name: K): GatewayEvents[K][];
  restart(): Promise<void>;
  until(check: () => boolean, ms?: number): Promise<void>;
  /** Lets queued socket events and gateway events run. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const EVENT_NAMES: GatewayEventName[] = [
  'qrIssued',
  'qrScanned',
  'qrConfirmed',
  'qrFailed',
  'qrExpired',
  'statusChanged',
  'riskSignal',
  'message',
  'sendReceipt',
  'revoked',
  'messageEdited',
  'readSync',
  'contactsChanged',
  'personMerged',
  'groupChanged',
  'groupNotice',
];

export async function buildWa(
  opts: {
    database?: TestDatabase;
    options?: Partial<WhatsAppOptions>;
    media?: MediaServer;
    /** An unpaired socket shows a QR code by itself, as WhatsApp's server does. */
    autoQr?: boolean;
    /** The bytes of files the console sends (default: a text naming the URL). */
    loadMedia?: (url: string) => Promise<Buffer>;
  } = {},
): Promise<WaHarness> {
  const database = opts.database ?? (await createTestDatabase());
  const media = opts.media ?? new MediaServer();
  const clock = { t: Date.UTC(2025, 0, 15, 8, 0, 0) };
  const sockets: FakeSocket[] = [];
  const events: WaHarness['events'] = [];
  const build = async () => {
    const gw = await createWhatsAppGateway(
      {
        db: database.db,
        config: { whatsappAuthKey: undefined },
        sharedSecret: database.sharedSecret,
        log: silent,
        now: () => clock.t,
        loadMedia: opts.loadMedia ?? (async (url) => Buffer.from(`bytes of ${url}`)),
      },
      {
        socketFactory: (config) => {
          const s = new FakeSocket(config, media, () => clock.t);
          sockets.push(s);
          if (opts.autoQr && !s.creds.me) setTimeout(() => s.qr(`2@auto-${sockets.length}`), 1);
          return s as unknown as WaSocket;
        },
        backoffMs: () => 5,
        // Typing waits on the harness's clock: it moves, nothing sleeps.
        sleep: async (ms) => {
          clock.t += ms;
        },
        healthIntervalMs: 0,
        fetchOptions: { dispatcher: media.agent } as unknown as RequestInit,
        ...opts.options,
      },
    );
    for (const name of EVENT_NAMES) gw.on(name, (data) => void events.push({ name, data }));
    return gw;
  };
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 2));
  };
  const h: WaHarness = {
    gateway: await build(),
    database,
    media,
    sockets,
    get sock() {
      return sockets[sockets.length - 1]!;
    },
    clock,
    events,
    of: <K extends GatewayEventName>(name: K) =>
      events.filter((e) => e.name === name).map((e) => e.data as GatewayEvents[K]),
    restart: async () => {
      await h.gateway.close();
      h.gateway = await build();
    },
    // A deadline only catches "never": a starved CI machine may take seconds to get there.
    until: async (check, ms = 20_000) => {
      const end = Date.now() + ms;
      while (!check()) {
        if (Date.now() > end) throw new Error('condition not met in time');
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    settle,
    close: async () => {
      await h.gateway.close();
      if (!opts.database) await database.close();
    },
  };
  return h;
}

/** QR login to online: returns the account id. */
export async function loginWa(h: WaHarness): Promise<string> {
  const before = h.sockets.length;
  const started = h.gateway.startQrLogin();
  await h.until(() => h.sockets.length > before);
  const sock = h.sock;
  sock.qr('2@first-code');
  const qr = await started;
  sock.pair();
  await h.until(() => h.sock !== sock);
  h.sock.open();
  await h.until(() => h.of('qrConfirmed').some((e) => e.loginId === qr.loginId));
  await h.until(() => h.gateway.heldAccounts().includes(ME_ID));
  return ME_ID;
}

/**
 * What most adapter tests start from: one database for the test file and, for each test, a fresh
 * session on it, logged in, closed after the test. `use` receives each test's harness (the file
 * keeps it in its `h`); `database` is the file's.
 */
export function useLoggedInWa(
  use: (h: WaHarness) => void,
  options?: Partial<WhatsAppOptions>,
): { readonly database: TestDatabase } {
  let database: TestDatabase | null = null;
  let h: WaHarness | null = null;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    await file().db.delete(waSessions);
    h = await buildWa({ database: file(), options });
    use(h);
    await loginWa(h);
  });
  afterEach(() => h?.close());
  const file = () => {
    if (!database) throw new Error('the test database is not open yet');
    return database;
  };
  return {
    get database() {
      return file();
    },
  };
}
