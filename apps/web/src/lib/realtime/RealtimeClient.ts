/** Heartbeat interval (SPEC §9). */
export const PING_INTERVAL_MS = 5000;
/** Delay between reconnect attempts (SPEC §9). */
export const RECONNECT_DELAY_MS = 5000;
/** Reconnect attempts before giving up; reset on each heartbeat (SPEC §9). */
export const MAX_RECONNECTS = 2000;
/** Close code of a missing or bad token (API.md). */
export const CLOSE_UNAUTHORIZED = 4401;

/** A server frame (API.md WebSocket). */
export interface ServerFrame {
  event: string;
  seq?: number;
  data?: unknown;
}

type Handler = (data: unknown, frame: ServerFrame) => void;

/** The WebSocket constructor the client uses (injectable for tests). */
export type SocketFactory = (url: string) => WebSocket;

/** How the client reports what the user must notice. */
export interface RealtimeCallbacks {
  /** The server no longer holds the missed frames: re-fetch lists. */
  onResync?: () => void;
  /** The socket is open (first time or after a reconnect). */
  onOpen?: (reconnected: boolean) => void;
  /** A reconnect attempt failed or the link dropped. */
  onDisconnect?: (attempt: number) => void;
  /** Every attempt failed ('link to server failed'); the caller logs out unless admin. */
  onExhausted?: () => void;
  /** The server refused the token. */
  onUnauthorized?: () => void;
}

/** Options of the client. */
export interface RealtimeOptions extends RealtimeCallbacks {
  /** Absolute ws(s) URL of /ws including account and token. */
  url: string;
  socketFactory?: SocketFactory;
  pingIntervalMs?: number;
  reconnectDelayMs?: number;
  maxReconnects?: number;
}

/**
 * The browser side of the realtime channel: heartbeat, reconnect, resume by seq, exactly-once
 * delivery to handlers registered per event (each feature registers its own).
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private lastSeq = 0;
  private everOpened = false;
  private stopped = false;

  constructor(private readonly opts: RealtimeOptions) {}

  /** The highest seq handled so far. */
  get seq(): number {
    return this.lastSeq;
  }

  /** Reconnect attempts since the last heartbeat. */
  get reconnectAttempts(): number {
    return this.attempts;
  }

  /** Registers a handler for an event; returns the function that removes it. */
  on(event: string, handler: Handler): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Opens the connection. */
  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Closes the connection for good (logout). */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const s = this.socket;
    this.socket = null;
    if (s && (s.readyState === 0 || s.readyState === 1)) s.close(1000, 'bye');
  }

  /** Sends a client frame when connected; returns whether it was sent. */
  send(event: string, data?: unknown): boolean {
    const s = this.socket;
    if (!s || s.readyState !== 1) return false;
    s.send(JSON.stringify(data === undefined ? { event } : { event, data }));
    return true;
  }

  private connect(): void {
    if (this.stopped) return;
    const factory = this.opts.socketFactory ?? ((url: string) => new WebSocket(url));
    let socket: WebSocket;
    try {
      socket = factory(this.opts.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const reconnected = this.everOpened;
      this.everOpened = true;
      if (reconnected && this.lastSeq > 0) this.send('resume', { seq: this.lastSeq });
      this.startPing();
      this.opts.onOpen?.(reconnected);
    };
    socket.onmessage = (ev: MessageEvent) => {
      if (this.socket !== socket) return;
      this.handleFrame(ev.data);
    };
    socket.onclose = (ev: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (this.stopped || ev.code === 1000) return;
      if (ev.code === CLOSE_UNAUTHORIZED) {
        this.stopped = true;
        this.opts.onUnauthorized?.();
        return;
      }
      this.scheduleReconnect();
    };
  }

  private handleFrame(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let frame: ServerFrame;
    try {
      frame = JSON.parse(raw) as ServerFrame;
    } catch {
      return;
    }
    if (!frame || typeof frame.event !== 'string') return;
    if (frame.event === 'pong') {
      this.attempts = 0;
      return;
    }
    if (frame.event === 'resync') {
      this.opts.onResync?.();
      return;
    }
    if (frame.event === 'hello') {
      // The live point of a fresh connection; after a reconnect the resume replay comes next,
      // so the point must not move past frames still to be replayed.
      if (this.lastSeq === 0 && typeof frame.seq === 'number') this.lastSeq = frame.seq;
      this.dispatch(frame);
      return;
    }
    if (typeof frame.seq === 'number') {
      // Exactly once: a frame replayed after resume that was already handled is dropped.
      if (frame.seq <= this.lastSeq) return;
      this.lastSeq = frame.seq;
    }
    this.dispatch(frame);
  }

  private dispatch(frame: ServerFrame): void {
    const set = this.handlers.get(frame.event);
    if (!set) return; // events without a binding cause no action
    for (const h of [...set]) {
      try {
        h(frame.data, frame);
      } catch (err) {
        console.error(`realtime handler for ${frame.event} failed`, err);
      }
    }
  }

  private startPing(): void {
    this.clearPing();
    const every = this.opts.pingIntervalMs ?? PING_INTERVAL_MS;
    this.pingTimer = setInterval(() => this.send('ping'), every);
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const max = this.opts.maxReconnects ?? MAX_RECONNECTS;
    if (this.attempts >= max) {
      this.stopped = true;
      this.opts.onExhausted?.();
      return;
    }
    this.attempts += 1;
    this.opts.onDisconnect?.(this.attempts);
    this.reconnectTimer = setTimeout(
      () => this.connect(),
      this.opts.reconnectDelayMs ?? RECONNECT_DELAY_MS,
    );
  }

  private clearPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private clearTimers(): void {
    this.clearPing();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}
