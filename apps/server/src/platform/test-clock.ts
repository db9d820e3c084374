/**
 * The clock knob of the browser tests (e2e/server.ts). A spec that waits for a schedule (mass-send
 * intervals, friend-request pacing) moves the server's clock instead of waiting real time.
 *
 * It exists only in a server process that a test harness started with an IPC channel
 * (`process.send`) and `CST_TEST_CLOCK=ipc`: the messages come over that channel from the parent
 * process, never over the network, so nothing a console user can reach moves the clock.
 */

/** The message that moves the clock (from the harness). */
export interface ClockAdvance {
  type: 'clock.advance';
  id: number;
  ms: number;
}

/** The reply once the clock moved and what it made due has run. */
export interface ClockAdvanced {
  type: 'clock.advanced';
  id: number;
  now: number;
  error?: string;
}

/** Real time, plus what the harness has moved it forward. */
export class ShiftedClock {
  private offset = 0;

  constructor(private readonly real: () => number = () => Date.now()) {}

  readonly now = (): number => this.real() + this.offset;

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`the clock only moves forward, not ${ms}`);
    this.offset += ms;
  }
}

/** What answers on the harness's channel: the parent process, as `process` has it. */
export interface HarnessChannel {
  send?: (message: unknown) => boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/** Whether this process may have the test clock: asked for, and started with an IPC channel. */
export function wantsTestClock(
  env: Record<string, string | undefined>,
  channel: HarnessChannel,
): boolean {
  return env.CST_TEST_CLOCK === 'ipc' && typeof channel.send === 'function';
}

function isAdvance(m: unknown): m is ClockAdvance {
  const x = m as Partial<ClockAdvance> | null;
  return x?.type === 'clock.advance' && typeof x.id === 'number' && typeof x.ms === 'number';
}

/**
 * Moves `clock` on each advance message from the harness, then `settle()`s (runs what became due,
 * e.g. the scheduler's drain) before it replies, so the harness sees the effects when it resumes.
 * Returns the function that stops listening.
 */
export function serveClock(
  clock: ShiftedClock,
  channel: HarnessChannel,
  settle: () => Promise<void>,
): () => void {
  let queue = Promise.resolve();
  const listener = (message: unknown) => {
    if (!isAdvance(message)) return;
    queue = queue.then(async () => {
      const reply: ClockAdvanced = { type: 'clock.advanced', id: message.id, now: 0 };
      try {
        clock.advance(message.ms);
        await settle();
      } catch (err) {
        reply.error = err instanceof Error ? err.message : String(err);
      }
      reply.now = clock.now();
      channel.send?.(reply);
    });
  };
  channel.on('message', listener);
  return () => channel.off('message', listener);
}
