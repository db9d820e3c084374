import { describe, expect, it } from 'vitest';
import { EventHub } from './event-hub.ts';
import type { SendReceiptEvent } from './types.ts';

const receipt = (msgId: string): SendReceiptEvent => ({
  workWxid: 'a',
  requestId: `r-${msgId}`,
  msgId,
  status: 'sent',
  error: null,
  at: 0,
});

describe('EventHub', () => {
  it('delivers one key in order, awaiting each listener, and keys side by side', async () => {
    const hub = new EventHub();
    const seen: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    hub.on('sendReceipt', async (e) => {
      if (e.msgId === 'a1') await gate;
      seen.push(e.msgId);
    });
    void hub.emit('a', 'sendReceipt', receipt('a1'));
    void hub.emit('a', 'sendReceipt', receipt('a2'));
    await hub.emit('b', 'sendReceipt', receipt('b1'));
    expect(seen).toEqual(['b1']);
    release();
    await hub.idle();
    expect(seen).toEqual(['b1', 'a1', 'a2']);
  });

  it('reports a failing listener and goes on with the next event', async () => {
    const errors: unknown[] = [];
    const hub = new EventHub({ error: (obj) => void errors.push(obj) });
    const seen: string[] = [];
    const off = hub.on('sendReceipt', (e) => {
      if (e.msgId === 'x') throw new Error('boom');
      seen.push(e.msgId);
    });
    await hub.emit('a', 'sendReceipt', receipt('x'));
    await hub.emit('a', 'sendReceipt', receipt('y'));
    off();
    await hub.emit('a', 'sendReceipt', receipt('z'));
    expect(seen).toEqual(['y']);
    expect(errors).toHaveLength(1);
  });
});
