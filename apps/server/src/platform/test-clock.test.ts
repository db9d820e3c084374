import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { serveClock, ShiftedClock, wantsTestClock, type HarnessChannel } from './test-clock.ts';

/** A harness channel in memory: `deliver` is the parent's message, `sent` the replies. */
function fakeChannel(withSend = true) {
  const events = new EventEmitter();
  const sent: unknown[] = [];
  const channel: HarnessChannel = {
    send: withSend ? (m: unknown) => sent.push(m) > 0 : undefined,
    on: (e, l) => events.on(e, l),
    off: (e, l) => events.off(e, l),
  };
  return { channel, sent, deliver: (m: unknown) => events.emit('message', m) };
}

describe('the test clock', () => {
  it('exists only when asked for and started with an IPC channel', () => {
    expect(wantsTestClock({ CST_TEST_CLOCK: 'ipc' }, fakeChannel().channel)).toBe(true);
    expect(wantsTestClock({ CST_TEST_CLOCK: 'ipc' }, fakeChannel(false).channel)).toBe(false);
    expect(wantsTestClock({}, fakeChannel().channel)).toBe(false);
    expect(wantsTestClock({ CST_TEST_CLOCK: '1' }, fakeChannel().channel)).toBe(false);
  });

  it('runs with real time, moves forward only, and settles before it replies', async () => {
    let real = 1_000;
    const clock = new ShiftedClock(() => real);
    const { channel, sent, deliver } = fakeChannel();
    const seen: number[] = [];
    const stop = serveClock(clock, channel, async () => {
      await Promise.resolve();
      seen.push(clock.now());
    });
    real = 2_000;
    expect(clock.now()).toBe(2_000);
    deliver({ type: 'clock.advance', id: 1, ms: 60_000 });
    deliver({ type: 'clock.advance', id: 2, ms: -5 });
    deliver({ type: 'something else', id: 3, ms: 1 });
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual([62_000]);
    expect(sent).toEqual([
      { type: 'clock.advanced', id: 1, now: 62_000 },
      { type: 'clock.advanced', id: 2, now: 62_000, error: 'the clock only moves forward, not -5' },
    ]);
    stop();
    deliver({ type: 'clock.advance', id: 4, ms: 1 });
    await new Promise((r) => setImmediate(r));
    expect(sent).toHaveLength(2);
  });
});
