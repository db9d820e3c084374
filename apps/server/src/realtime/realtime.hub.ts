import type { WebSocket } from 'ws';
import {
  WS_CLOSE_UNAUTHENTICATED,
  WS_EVENTS,
  clientFrame,
  resumeData,
  type ServerFrame,
} from '@cst/shared';
import { resolveToken, type AuthContext } from '../platform/auth-context.ts';
import type { Deps } from '../platform/deps.ts';
import { wellFormedJsonText } from '../platform/well-formed.ts';
import { seesWholeTenant } from '../modules/accounts/account.policy.ts';
import * as repo from './push.repository.ts';
import type { Tx } from '../platform/db.ts';
import type { PushRow } from './push.repository.ts';
import { mayReceive, viewersForRows, visibleReplay } from './push.policy.ts';

/** The bus channel on which `tenantId:id` of new pushes travels between instances. */
export const PUSH_CHANNEL = 'push_events';

/**
 * A push to browsers. The audience is everyone who may see a work account (`workAccountId`), a list
 * of users (`userIds`), or, with neither, every user of the tenant.
 */
export interface PushInput {
  event: string;
  data: unknown;
  workAccountId?: string;
  /** With `workAccountId`: the chat it is about, whose serving seat (and those above) get it too. */
  conversationId?: string;
  userIds?: string[];
}

/** What a client-event handler sees of its socket. */
export interface RealtimeSocket {
  readonly auth: AuthContext;
  /** Sends a frame without a seq (answers; not kept for resume). */
  reply(event: string, data?: unknown): void;
}

/** Handles one kind of client frame; features register their own with `onClientEvent`. */
export type ClientHandler = (socket: RealtimeSocket, data: unknown) => void | Promise<void>;

/** Tunables of the hub; tests shorten them. */
export interface HubOptions {
  /** How long a new socket waits for `resume` before going live. */
  liveGraceMs: number;
  /** A socket silent this long (no ping) is dropped; the client reconnects and resumes. */
  idleMs: number;
  /** How often a socket's token is checked again. */
  revalidateMs: number;
  /** Resume replays at most this many rows of the tenant, else `resync`. */
  resumeMaxRows: number;
  /** Rows older than this are pruned (and a resume from before them gets `resync`). */
  retentionMs: number;
  /** At most this many newest rows are kept. */
  keepRows: number;
  pruneEveryMs: number;
  /** Frames held for a socket that is not live yet before it is told to resync. */
  maxPending: number;
  /** A socket whose unsent bytes exceed this is dropped (it reconnects and resumes). */
  maxBufferedBytes: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  liveGraceMs: 2000,
  idleMs: 60_000,
  revalidateMs: 60_000,
  resumeMaxRows: 10_000,
  retentionMs: 24 * 3600_000,
  keepRows: 1_000_000,
  pruneEveryMs: 10 * 60_000,
  maxPending: 10_000,
  maxBufferedBytes: 8 * 1024 * 1024,
};

/** A user's console came (`here`) or its last socket on this instance went. */
export type PresenceListener = (
  tenantId: string,
  userId: string,
  here: boolean,
) => void | Promise<void>;

/** How often a socket's pings refresh its user's presence. */
const PRESENCE_EVERY_MS = 30_000;

/**
 * A stored push as this instance sends it. `dataJson` is its data's text when it was stored here
 * (made once, for the row and the frame); `frame` the frame's text once built, whatever the number
 * of sockets that get it.
 */
type OutRow = PushRow & { dataJson?: string; frame?: string };

/** A row's frame: the text `JSON.stringify({ event, seq, data })` makes, the data's text reused. */
function frameOf(row: OutRow): string {
  if (row.frame !== undefined) return row.frame;
  const data = row.dataJson ?? JSON.stringify(row.data ?? null);
  return (row.frame = `{"event":${JSON.stringify(row.event)},"seq":${row.id},"data":${data}}`);
}

interface Conn extends RealtimeSocket {
  /** When this socket last told its user's presence (ms). */
  presenceAt: number;
  auth: AuthContext;
  token: string;
  ws: WebSocket;
  live: boolean;
  pending: OutRow[];
  overflow: boolean;
  lastSeq: number;
  /** Frames with a seq sent on this socket. */
  rowsSent: number;
  lastSeen: number;
  checkedAt: number;
  /** The auth cache's stamp at that check: a newer one means a session may have changed. */
  checkedStamp: number;
  chain: Promise<void>;
  graceTimer: ReturnType<typeof setTimeout> | null;
}

const tenantKey = (auth: AuthContext) => auth.tenantId ?? '';

/** Whether a value is a push's seq (ids are positive integers): never NaN or undefined. */
const isSeq = (id: unknown): id is number => Number.isSafeInteger(id) && (id as number) > 0;

/** Pushes stored in a transaction, to announce once it committed (`RealtimeHub.stage`). */
export interface StagedPushes {
  tenantId: string;
  rows: repo.NewPush[];
  ids: number[];
  createdAt: Date;
}

/**
 * The websocket hub of one server instance (DESIGN.md §7). Every push is a row of `push_events`
 * (its id is the frame's seq), stored with the data (`stage`) or after its commit (`publish`); the id travels on the bus and each
 * instance re-reads the rows and sends them to its own sockets whose user may see them.
 */
export class RealtimeHub {
  readonly options: HubOptions;
  private readonly conns = new Map<string, Set<Conn>>();
  private readonly cursor = new Map<string, number>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly handlers = new Map<string, ClientHandler>();
  private startId = 0;
  private started = false;
  private unsubscribe: (() => void) | null = null;
  private timers: ReturnType<typeof setInterval>[] = [];

  constructor(
    private readonly deps: Deps,
    options: Partial<HubOptions> = {},
  ) {
    this.options = { ...DEFAULT_HUB_OPTIONS, ...options };
    this.onClientEvent('ping', (socket) => this.ping(socket as Conn));
    this.onClientEvent('resume', (socket, data) => this.resume(socket as Conn, data));
  }

  /** Registers the handler of a client event (one per event name). */
  onClientEvent(event: string, handler: ClientHandler): void {
    if (this.handlers.has(event)) throw new Error(`client event ${event} already handled`);
    this.handlers.set(event, handler);
  }

  private presence = new Set<PresenceListener>();

  /**
   * Tells a listener when a user's console is here (a socket attached, or pinged — at most once a
   * `PRESENCE_EVERY_MS` per socket) and when its last socket on this instance closed.
   */
  onPresence(listener: PresenceListener): () => void {
    this.presence.add(listener);
    return () => this.presence.delete(listener);
  }

  private tellPresence(auth: AuthContext, here: boolean): void {
    if (!auth.tenantId) return;
    for (const listener of this.presence) {
      void Promise.resolve(listener(auth.tenantId, auth.userId, here)).catch((err: unknown) =>
        this.deps.log.warn({ err }, 'presence listener failed'),
      );
    }
  }

  /** Stores pushes of a tenant (after the data's commit) and announces them; returns their seqs. */
  async publish(tenantId: string, input: PushInput | PushInput[]): Promise<number[]> {
    const rows = this.newPushes(input);
    if (rows.length === 0) return [];
    const createdAt = new Date(this.deps.now());
    const serial = this.deps.database.kind === 'pglite';
    const ids = await repo.insertPushes(this.deps.db, tenantId, rows, createdAt, serial);
    return this.announce({ tenantId, rows, ids, createdAt });
  }

  /**
   * Stores pushes of a tenant in a transaction, beside the data they tell of (so they commit, or
   * are lost, with it); `announce` them once it committed (`transaction` does both).
   */
  private async stage(
    tx: Tx,
    tenantId: string,
    input: PushInput | PushInput[],
  ): Promise<StagedPushes> {
    const rows = this.newPushes(input);
    const createdAt = new Date(this.deps.now());
    const serial = this.deps.database.kind === 'pglite';
    const ids = await repo.insertPushesIn(tx, tenantId, rows, createdAt, serial);
    return { tenantId, rows, ids, createdAt };
  }

  /**
   * Runs `work` in a transaction whose pushes (`push`) are stored in it, after the work (each
   * tenant's push lock is its last lock), and announced once it committed. For a change told with
   * a picture of its row (a chat's item): the row's lock orders the change against any other
   * writer of the row, and the later writer's push takes the later seq, so a push never tells an
   * older state after a newer one — as it would when published after the commit.
   */
  async transaction<T>(
    work: (tx: Tx, push: (tenantId: string, input: PushInput | PushInput[]) => void) => Promise<T>,
  ): Promise<T> {
    const pushes = new Map<string, PushInput[]>();
    const push = (tenantId: string, input: PushInput | PushInput[]) => {
      let list = pushes.get(tenantId);
      if (!list) pushes.set(tenantId, (list = []));
      list.push(...(Array.isArray(input) ? input : [input]));
    };
    const { value, staged } = await this.deps.db.transaction(async (tx) => {
      const value = await work(tx, push);
      const staged: StagedPushes[] = [];
      for (const tenantId of [...pushes.keys()].sort()) {
        staged.push(await this.stage(tx, tenantId, pushes.get(tenantId)!));
      }
      return { value, staged };
    });
    // Committed: a failure to announce is told, not thrown (the rows are there for the next
    // catch-up of every instance).
    for (const s of staged) {
      try {
        await this.announce(s);
      } catch (err) {
        this.deps.log.error({ err, tenantId: s.tenantId }, 'announcing stored pushes failed');
      }
    }
    return value;
  }

  private newPushes(input: PushInput | PushInput[]): repo.NewPush[] {
    const list = Array.isArray(input) ? input : [input];
    return list.map((p) => {
      const data = wellFormedJsonText(p.data ?? null);
      return {
        audience: p.workAccountId ? 'account' : p.userIds ? 'users' : 'tenant',
        workAccountId: p.workAccountId ?? null,
        conversationId: (p.workAccountId && p.conversationId) || null,
        userIds: p.workAccountId ? null : (p.userIds ?? null),
        event: p.event,
        data: data.value,
        dataJson: data.text,
      };
    });
  }

  /** Announces stored pushes (their data committed): this instance's sockets, then the bus. */
  async announce(staged: StagedPushes): Promise<number[]> {
    const { tenantId, rows, ids, createdAt } = staged;
    if (rows.length === 0) return [];
    if (ids.length !== rows.length || !ids.every(isSeq)) {
      // The rows are stored but their seqs did not all come back: never guess them (an undefined
      // seq would become the tenant's cursor). Deliver them as another instance would, by reading
      // everything of the tenant up to its newest row.
      this.deps.log.error(
        { tenantId, rows: rows.length, ids: ids.length },
        'push ids came back incomplete; reading the rows back',
      );
      const newest = await repo.newestPushId(this.deps.db, tenantId);
      this.enqueue(tenantId, () => this.catchUp(tenantId, newest));
      if (isSeq(newest)) await this.deps.bus.publish(PUSH_CHANNEL, `${tenantId}:${newest}`);
      return ids.filter(isSeq);
    }
    // This instance's sockets get the rows as stored, without reading them back; other instances
    // (and this one, as a no-op) hear of them on the bus.
    const stored: OutRow[] = rows.map((r, i) => ({
      ...r,
      id: ids[i]!,
      tenantId,
      createdAt,
      audience: r.audience,
      workAccountId: r.workAccountId ?? null,
      conversationId: r.conversationId ?? null,
      userIds: r.userIds ?? null,
      data: r.data ?? null,
    }));
    this.enqueue(tenantId, () => this.deliverStored(tenantId, stored));
    await this.deps.bus.publish(PUSH_CHANNEL, `${tenantId}:${Math.max(...ids)}`);
    return ids;
  }

  /** Starts listening to the bus and the housekeeping timers. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    // The first live point: the newest id (ids start at 2, so never below 1).
    const db = this.deps.db;
    const marks = [await repo.maxPushId(db), await repo.prunedThrough(db)];
    this.startId = Math.max(1, ...marks.filter(isSeq));
    this.unsubscribe = this.deps.bus.subscribe(PUSH_CHANNEL, (payload) => this.onBus(payload));
    const bus = this.deps.bus as { ready?: () => Promise<void> };
    if (bus.ready) await bus.ready();
    const o = this.options;
    this.timers.push(setInterval(() => this.sweep(), Math.min(o.idleMs / 2, 15_000)));
    this.timers.push(setInterval(() => void this.prune(), o.pruneEveryMs));
    for (const t of this.timers) t.unref();
  }

  /** Stops: drops every socket abruptly so browsers reconnect (1006) and resume elsewhere. */
  async stop(): Promise<void> {
    this.started = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    for (const set of this.conns.values()) {
      for (const c of set) {
        if (c.graceTimer) clearTimeout(c.graceTimer);
        c.ws.terminate();
      }
    }
    this.conns.clear();
    await Promise.allSettled([...this.queues.values()]);
  }

  /** Frames of pushed rows this instance sent to its sockets (metrics: fan-out per second). */
  framesSent = 0;

  /** Number of open sockets (for health and tests). */
  get socketCount(): number {
    let n = 0;
    for (const s of this.conns.values()) n += s.size;
    return n;
  }

  /** Takes a new authenticated socket. */
  attach(ws: WebSocket, auth: AuthContext, token: string): void {
    const now = Date.now();
    const conn: Conn = {
      presenceAt: now,
      auth,
      token,
      ws,
      live: false,
      pending: [],
      overflow: false,
      lastSeq: 0,
      rowsSent: 0,
      lastSeen: now,
      checkedAt: now,
      // Checked at the first ping (a change may have come between the upgrade and now).
      checkedStamp: -1,
      chain: Promise.resolve(),
      graceTimer: null,
      reply: (event, data) => this.sendRaw(conn, data === undefined ? { event } : { event, data }),
    };
    const key = tenantKey(auth);
    let set = this.conns.get(key);
    if (!set) {
      set = new Set();
      this.conns.set(key, set);
    }
    set.add(conn);
    conn.graceTimer = setTimeout(() => {
      conn.chain = conn.chain.then(() => this.goLive(conn));
    }, this.options.liveGraceMs);
    ws.on('message', (raw, isBinary) => {
      conn.lastSeen = Date.now();
      if (isBinary) return;
      conn.chain = conn.chain.then(() => this.onClientFrame(conn, raw.toString()));
    });
    ws.on('close', () => this.detach(conn));
    ws.on('error', () => this.detach(conn));
    this.tellPresence(auth, true);
  }

  private detach(conn: Conn): void {
    if (conn.graceTimer) clearTimeout(conn.graceTimer);
    conn.graceTimer = null;
    const set = this.conns.get(tenantKey(conn.auth));
    const had = set?.delete(conn) ?? false;
    if (set && set.size === 0) this.conns.delete(tenantKey(conn.auth));
    if (had && ![...(set ?? [])].some((c) => c.auth.userId === conn.auth.userId)) {
      this.tellPresence(conn.auth, false);
    }
  }

  private async onClientFrame(conn: Conn, raw: string): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    const frame = clientFrame.safeParse(parsed);
    if (!frame.success) return;
    const { event, data } = frame.data;
    // Any first frame but `resume` means the client has nothing to resume: go live now.
    if (!conn.live && event !== 'resume') await this.goLive(conn);
    const handler = this.handlers.get(event);
    if (!handler) return;
    try {
      await handler(conn, data);
    } catch (err) {
      this.deps.log.warn({ err, event }, 'realtime client handler failed');
    }
  }

  private async ping(conn: Conn): Promise<void> {
    const now = Date.now();
    const stamp = this.deps.authCache.stamp();
    if (now - conn.checkedAt >= this.options.revalidateMs || conn.checkedStamp !== stamp) {
      conn.checkedAt = now;
      conn.checkedStamp = stamp;
      const fresh = await resolveToken(
        this.deps.db,
        conn.token,
        this.deps.config.tokenTtlMs,
        this.deps.authCache,
      );
      if (!fresh || fresh.userId !== conn.auth.userId) {
        conn.ws.close(WS_CLOSE_UNAUTHENTICATED, 'unauthenticated');
        return;
      }
      conn.auth = fresh;
    }
    conn.reply(WS_EVENTS.pong);
    if (now - conn.presenceAt >= PRESENCE_EVERY_MS) {
      conn.presenceAt = now;
      this.tellPresence(conn.auth, true);
    }
  }

  /** Replays what a reconnecting client missed, or tells it to resync; then goes live. */
  private async resume(conn: Conn, data: unknown): Promise<void> {
    const parsed = resumeData.safeParse(data);
    if (!parsed.success) return;
    conn.live = false;
    const tenantId = conn.auth.tenantId;
    // Before any pushed frame (only hello went out) the whole gap can still be replayed in order.
    const from = conn.rowsSent === 0 ? parsed.data.seq : Math.max(parsed.data.seq, conn.lastSeq);
    conn.lastSeq = from;
    if (tenantId) {
      const replay = await visibleReplay(this.deps.db, conn.auth, tenantId, from, {
        maxRows: this.options.resumeMaxRows,
        newestKnown: Math.max(this.startId, this.cursorOf(tenantId)),
      });
      if (replay === 'resync') {
        conn.pending = conn.pending.filter((r) => r.id > this.cursorOf(tenantId));
        conn.lastSeq = Math.max(conn.lastSeq, this.cursorOf(tenantId));
        this.sendRaw(conn, { event: WS_EVENTS.resync });
      } else {
        for (const row of replay) this.sendRow(conn, row);
      }
    }
    await this.goLive(conn, true);
  }

  /** Flushes held frames (in order, once) and tells the client where to resume from. */
  private async goLive(conn: Conn, resumed = false): Promise<void> {
    if (conn.graceTimer) clearTimeout(conn.graceTimer);
    conn.graceTimer = null;
    if (conn.live && !resumed) return;
    if (conn.overflow) {
      conn.overflow = false;
      conn.pending = [];
      this.sendRaw(conn, { event: WS_EVENTS.resync });
    }
    const held = conn.pending;
    conn.pending = [];
    for (const row of held) this.sendRow(conn, row);
    conn.live = true;
    // Every row up to the tenant's cursor has been sent or was before this socket: resume from it.
    const tenantId = conn.auth.tenantId;
    const seq = Math.max(conn.lastSeq, tenantId ? this.cursorOf(tenantId) : this.startId);
    conn.lastSeq = seq;
    this.sendRaw(conn, { event: WS_EVENTS.hello, seq, data: { resumed } });
  }

  private cursorOf(tenantId: string): number {
    const cur = this.cursor.get(tenantId);
    return cur !== undefined && isSeq(cur) ? cur : this.startId;
  }

  /**
   * Moves a tenant's cursor (the newest row delivered or skipped). Only a real seq is taken: a
   * NaN or undefined one would make every later read of the tenant fail until a restart.
   */
  private setCursor(tenantId: string, id: number): void {
    if (!isSeq(id)) {
      this.deps.log.error({ tenantId, id }, 'realtime cursor refused a value that is not a seq');
      return;
    }
    this.cursor.set(tenantId, id);
  }

  private onBus(payload: string): void {
    const sep = payload.lastIndexOf(':');
    const tenantId = payload.slice(0, sep);
    const id = Number(payload.slice(sep + 1));
    if (!tenantId || !isSeq(id)) return;
    this.enqueue(tenantId, () => this.catchUp(tenantId, id));
  }

  /** Resolves once the delivery steps of a tenant queued so far have run (a step's failure is logged). */
  async settled(tenantId: string): Promise<void> {
    await this.queues.get(tenantId);
  }

  /** Runs a delivery step after the earlier ones of the tenant (one at a time, in order). */
  private enqueue(tenantId: string, step: () => Promise<void>): void {
    const prev = this.queues.get(tenantId) ?? Promise.resolve();
    const next = prev
      .then(step)
      .catch((err: unknown) => this.deps.log.error({ err, tenantId }, 'realtime dispatch failed'));
    this.queues.set(tenantId, next);
    void next.then(() => {
      if (this.queues.get(tenantId) === next) this.queues.delete(tenantId);
    });
  }

  /** Delivers rows this instance just stored when they are the next ones; else reads them. */
  private async deliverStored(tenantId: string, rows: OutRow[]): Promise<void> {
    const last = rows[rows.length - 1]!.id;
    const cur = this.cursorOf(tenantId);
    if (last <= cur) return;
    if (rows[0]!.id !== cur + 1 || rows.some((r, i) => i > 0 && r.id !== rows[i - 1]!.id + 1)) {
      await this.catchUp(tenantId, last);
      return;
    }
    if (!this.conns.get(tenantId)?.size) {
      this.setCursor(tenantId, last);
      return;
    }
    await this.deliver(tenantId, rows);
  }

  /** Delivers every row of a tenant after the cursor up to (at least) `id`, in order. */
  private async catchUp(tenantId: string, id: number): Promise<void> {
    let cur = this.cursorOf(tenantId);
    if (!isSeq(id) || id <= cur) return;
    const batch = 500;
    for (;;) {
      if (!this.conns.get(tenantId)?.size) {
        // Nobody here to send to: rows up to `id` are committed (tenant order), skip them.
        this.setCursor(tenantId, Math.max(cur, id));
        return;
      }
      const rows = await repo.pushesAfter(this.deps.db, tenantId, cur, batch);
      if (rows.length === 0) break;
      await this.deliver(tenantId, rows);
      cur = rows[rows.length - 1]!.id;
      if (cur >= id && rows.length < batch) break;
    }
    this.setCursor(tenantId, Math.max(cur, id));
  }

  /** Sends rows to this instance's sockets of the tenant whose user may see them. */
  private async deliver(tenantId: string, rows: OutRow[]): Promise<void> {
    const conns = this.conns.get(tenantId);
    const needed = !!conns && [...conns].some((c) => !seesWholeTenant(c.auth.role));
    const viewers = await viewersForRows(this.deps.db, tenantId, rows, needed);
    // From here on synchronous: the cursor moves right after, so a socket attached meanwhile
    // either sees these rows here or reads them on resume.
    const current = this.conns.get(tenantId);
    if (current) {
      for (const row of rows) {
        for (const conn of current) {
          if (mayReceive(conn.auth, row, viewers)) this.queueRow(conn, row);
        }
      }
    }
    this.setCursor(tenantId, rows[rows.length - 1]!.id);
  }

  private queueRow(conn: Conn, row: OutRow): void {
    if (conn.live) {
      this.sendRow(conn, row);
      return;
    }
    if (conn.pending.length >= this.options.maxPending) {
      conn.overflow = true;
      return;
    }
    conn.pending.push(row);
  }

  private sendRow(conn: Conn, row: OutRow): void {
    if (row.id <= conn.lastSeq) return;
    conn.lastSeq = row.id;
    conn.rowsSent += 1;
    this.framesSent += 1;
    this.sendText(conn, frameOf(row));
  }

  private sendRaw(conn: Conn, frame: ServerFrame): void {
    this.sendText(conn, JSON.stringify(frame));
  }

  private sendText(conn: Conn, text: string): void {
    const ws = conn.ws;
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > this.options.maxBufferedBytes) {
      ws.terminate();
      return;
    }
    ws.send(text);
  }

  /** Drops sockets that stopped pinging. */
  private sweep(): void {
    const cutoff = Date.now() - this.options.idleMs;
    for (const set of this.conns.values()) {
      for (const c of set) if (c.lastSeen < cutoff) c.ws.terminate();
    }
  }

  /** Deletes old pushes. */
  async prune(): Promise<number> {
    try {
      const before = new Date(this.deps.now() - this.options.retentionMs);
      return await repo.prunePushes(this.deps.db, before, this.options.keepRows);
    } catch (err) {
      this.deps.log.warn({ err }, 'push prune failed');
      return 0;
    }
  }
}
