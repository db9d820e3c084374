import type { LookupFunction } from 'node:net';
import type { GroupMetadata, WAMessageKey } from 'baileys';
import type { WorkAccountStatus } from '@cst/shared';
import type { WaAuthStore, StoredSession } from './auth-store.ts';
import { PersonIds } from './ids.ts';
import type { SocketFactory, WaSocket } from './socket.ts';
import {
  EventHub,
  GatewayError,
  type WhatsAppDeps,
  type GatewayEventName,
  type GatewayEvents,
  type QrLoginDto,
} from './seam.ts';
import type { WaRepository } from './wa.repository.ts';

/** Tunables of the adapter. */
export interface WhatsAppOptions {
  /** Makes the sockets (tests pass a fake). */
  socketFactory: SocketFactory;
  /** How long a QR login may wait for its first code. */
  firstQrWaitMs: number;
  /** Lifetime of the first QR code (later ones live 20 s, WhatsApp's rotation). */
  qrTimeoutMs: number;
  /** Reconnects after a dropped connection before the account stays offline. */
  maxRetries: number;
  /**
   * How long a connection must stay open before a drop counts as new trouble (the retry count
   * starts again); a connection that opens and drops at once keeps counting, so it cannot loop.
   */
  stableMs: number;
  /** Back-off before reconnect n (0-based). */
  backoffMs: (attempt: number) => number;
  /** Sockets connecting at once (resumes after a restart queue behind this cap). */
  maxConnecting: number;
  /** Options of media downloads (`dispatcher`: a proxy, or a mock in tests). */
  fetchOptions?: RequestInit;
  /**
   * Resolves and checks a proxy's host at every connect: the server passes its outbound guard
   * (platform/outbound.ts `guardedLookup`), which refuses loopback and private addresses with an
   * error of code `EOUTBOUNDREFUSED` (the account stops); other lookup errors are retried like a
   * proxy that does not answer. Unset (tests): the host is used as given.
   */
  proxyLookup?: LookupFunction;
  /**
   * Health check: every interval each online account is pinged; one that answered nothing for
   * two intervals is taken as dead (offline, then the usual reconnect). 0 turns it off.
   */
  healthIntervalMs: number;
  /** WhatsApp Web version to announce; Baileys' bundled one when unset. */
  version?: [number, number, number];
  /** Waits `ms` (the typing shown before automated sends); tests pass one that moves their clock. */
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_OPTIONS: Omit<WhatsAppOptions, 'socketFactory'> = {
  firstQrWaitMs: 30_000,
  qrTimeoutMs: 60_000,
  maxRetries: 5,
  stableMs: 60_000,
  backoffMs: (n) => Math.min(60_000, 2_000 * 2 ** n),
  maxConnecting: 4,
  healthIntervalMs: 30_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
};

/** A pending QR login. */
export interface Login {
  loginId: string;
  qr: string;
  expiresAt: number;
  status: QrLoginDto['status'];
  /** A re-login of this account: only its phone may confirm. */
  wxid: string | null;
  /** A pairing-code login: the phone number asked for and, once WhatsApp answered, the code. */
  phone?: string;
  pairingCode?: string;
}

/** One linked device this process runs: a socket (or none while waiting to reconnect). */
export interface Conn {
  session: StoredSession;
  /** The account's id once paired. */
  wxid: string | null;
  login: Login | null;
  sock: WaSocket | null;
  status: WorkAccountStatus;
  /** Set when this process let go (release, logout, cancel, close): closes are expected. */
  ended: boolean;
  everOpened: boolean;
  /** When the socket last opened (null while not open). */
  openedAt: number | null;
  /** When an open socket last dropped: messages were last received live until then. */
  closedAt?: number | null;
  /**
   * After a reconnect: messages sent since this time (the last drop, or the last stored message
   * after a restart) and not stored yet were missed, and are stored when the platform replays
   * them (offline delivery, the history sync). Null on a first login: its history is not news.
   */
  gapSince?: number | null;
  /** When the socket last gave a sign of life (an event batch, an answered ping). */
  lastSeen: number;
  retries: number;
  timer: NodeJS.Timeout | null;
  /** Socket event batches, handled one at a time. */
  queue: Promise<void>;
  groups: Map<string, GroupMetadata> | null;
  /** Unread received keys per chat, for mark-read. */
  unread: Map<string, WAMessageKey[]>;
  /** Receipts already passed on of own group messages (1 delivered, 2 read), oldest first. */
  groupReceipts: Map<string, number>;
  ids: PersonIds;
  /** Whether `ids` holds the pairs kept in the adapter's rows (read once, at the first connect). */
  idsSeeded?: boolean;
  /** Resolves the wait for the first QR code. */
  onFirstQr: ((qr: string | Error) => void) | null;
  /** The console's address of the profile picture it set (WhatsApp's own URL is not fetched). */
  avatar?: string;
  /** Options of this session's media downloads (its proxy). */
  fetchOptions?: RequestInit;
  /** Gives back the connecting slot (once). */
  free?: () => void;
  /** Blocks and unblocks made from the console: a blocklist read from before one is stale. */
  blockChanges?: number;
}

/** Shared state of the adapter. */
export class WaCore {
  readonly hub: EventHub;
  /** Connections by account id (paired) … */
  readonly held = new Map<string, Conn>();
  /** … and by login id (pairing). */
  readonly pairing = new Map<string, Conn>();
  /** Finished logins, for `getQrLogin`. */
  readonly logins = new Map<string, Login>();
  /** Messages stored after a reconnect that were missed while disconnected (the metrics' gauge). */
  recovered = 0;
  private connecting = 0;
  private readonly waiting: (() => void)[] = [];
  /** Received messages on their way to the console (`session:msgId`), passed on one at a time. */
  readonly passing = new Set<string>();
  /** Background work closing waits for (marking messages the console kept). */
  private readonly pending = new Set<Promise<unknown>>();
  closed = false;

  constructor(
    readonly deps: WhatsAppDeps,
    readonly store: WaAuthStore,
    readonly repo: WaRepository,
    readonly opts: WhatsAppOptions,
  ) {
    this.hub = new EventHub(deps.log);
  }

  now(): number {
    return this.deps.now();
  }

  emit<K extends GatewayEventName>(key: string, event: K, payload: GatewayEvents[K]) {
    return this.hub.emit(key, event, payload);
  }

  /** Keeps a background task until it settles (closing waits for it); errors are logged. */
  track(p: Promise<unknown>): void {
    const t = p.catch((err: unknown) => this.deps.log.error({ err }, 'whatsapp task failed'));
    this.pending.add(t);
    void t.finally(() => this.pending.delete(t));
  }

  /** Resolves once every tracked task has settled. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Emits a status change of an account (and remembers it). */
  setStatus(conn: Conn, status: WorkAccountStatus, reason = ''): Promise<void> {
    conn.status = status;
    if (!conn.wxid) return Promise.resolve();
    return this.emit(conn.wxid, 'statusChanged', {
      workWxid: conn.wxid,
      status,
      reason,
      at: this.now(),
    });
  }

  /** The connection of an account this process holds. */
  requireHeld(wxid: string): Conn {
    const c = this.held.get(wxid);
    if (!c) throw new GatewayError('notHeld', 'this process does not hold the account');
    return c;
  }

  /** The socket of an online account. */
  requireOnline(wxid: string): { conn: Conn; sock: WaSocket } {
    const conn = this.requireHeld(wxid);
    if (conn.status !== 'online' || !conn.sock) {
      throw new GatewayError('notOnline', 'the account is not online');
    }
    return { conn, sock: conn.sock };
  }

  /** Waits for a connecting slot (a cap on concurrent logins and resumes). */
  async slot(): Promise<() => void> {
    if (this.connecting >= this.opts.maxConnecting) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.connecting++;
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      this.connecting--;
      this.waiting.shift()?.();
    };
  }
}

/** A new connection record. */
export function newConn(session: StoredSession, status: WorkAccountStatus): Conn {
  return {
    session,
    wxid: session.wxid,
    login: null,
    sock: null,
    status,
    ended: false,
    everOpened: false,
    openedAt: null,
    lastSeen: 0,
    retries: 0,
    timer: null,
    queue: Promise.resolve(),
    groups: null,
    unread: new Map(),
    groupReceipts: new Map(),
    ids: new PersonIds(),
    onFirstQr: null,
  };
}
