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

  it('tells the platform an event was kept only once the store kept it', async () => {
    const hub = new EventHub({ error: () => undefined });
    const stores: { id: string; keep: () => void; lose: (e: Error) => void }[] = [];
    hub.on('sendReceipt', (e) => {
      let keep!: () => void;
      let lose!: (e: Error) => void;
      const kept = new Promise<void>((resolve, reject) => {
        keep = resolve;
        lose = reject;
      });
      stores.push({ id: e.msgId, keep, lose });
      return { kept };
    });
    const answers: [string, boolean][] = [];
    const first = hub.emitKept('a', 'sendReceipt', receipt('m1'));
    const second = hub.emitKept('a', 'sendReceipt', receipt('m2'));
    void first.then((ok) => answers.push(['m1', ok]));
    void second.then((ok) => answers.push(['m2', ok]));
    // The second event is taken without waiting for the first to be kept.
    await hub.emit('a', 'sendReceipt', receipt('m3'));
    expect(stores.map((s) => s.id)).toEqual(['m1', 'm2', 'm3']);
    expect(answers).toEqual([]);
    stores[1]!.keep();
    stores[0]!.lose(new Error('the batch failed'));
    stores[2]!.keep();
    await hub.idle();
    expect(answers.sort()).toEqual([
      ['m1', false],
      ['m2', true],
    ]);
  });

  it('answers false for an event a listener threw on', async () => {
    const hub = new EventHub({ error: () => undefined });
    hub.on('sendReceipt', () => undefined);
    hub.on('sendReceipt', (e) => {
      if (e.msgId === 'bad') throw new Error('boom');
    });
    expect(await hub.emitKept('a', 'sendReceipt', receipt('bad'))).toBe(false);
    expect(await hub.emitKept('a', 'sendReceipt', receipt('good'))).toBe(true);
  });

  it('waits in idle() for what is still being kept', async () => {
    const hub = new EventHub();
    let keep!: () => void;
    hub.on('sendReceipt', () => ({ kept: new Promise<void>((r) => (keep = r)) }));
    let idle = false;
    await hub.emit('a', 'sendReceipt', receipt('k'));
    const waiting = hub.idle().then(() => (idle = true));
    await new Promise((r) => setImmediate(r));
    expect(idle).toBe(false);
    keep();
    await waiting;
    expect(idle).toBe(true);
  });
});
