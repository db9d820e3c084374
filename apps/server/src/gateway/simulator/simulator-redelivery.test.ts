import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, useTestDatabase } from '../../../test/support.ts';
import { buildSim, loginAccount, type SimHarness } from './test-support.ts';

// A platform delivers again what its client never acknowledged. The simulator stores a contact's
// message (the platform's copy) and then tells the console; a server killed between the two must
// not lose the message: when the account comes back, the simulator tells it again, once.
// The first test's database, closed after its harnesses (registered first, so run last).
const database = useTestDatabase();
const open: SimHarness[] = [];
afterAll(async () => {
  // The "killed" harness is left as it was: its listener never returns, so it cannot be closed.
  for (const h of open.slice(1)) await h.close();
});

const say = (h: SimHarness, wxid: string, content: string) =>
  h.sim.inbound({
    workWxid: wxid,
    fromWxid: 'wxid_redeliver_bob',
    talkType: 1,
    msgType: 1,
    content,
  });

describe('messages the console never took', () => {
  it('are delivered again, once and in order, when the account comes back', async () => {
    const first = await buildSim({ database });
    open.push(first);
    const wxid = await loginAccount(first);

    // Taken by the console: never delivered again.
    const taken = await say(first, wxid, '已收到的');
    await first.sim.idle();

    // The console stops answering (the server is killed while it stores these two).
    first.gateway.on('message', () => new Promise<void>(() => undefined));
    const lost1 = await say(first, wxid, '丢失一');
    const lost2 = await say(first, wxid, '丢失二');
    expect(first.of('message').map((m) => m.msgId)).toEqual([taken.msgId, lost1.msgId]);

    // A new process on the same database brings the account back.
    const second = await buildSim({ database });
    open.push(second);
    await second.gateway.resume(wxid);
    await second.sim.idle();
    expect(second.of('message').map((m) => [m.msgId, m.content, m.peerId])).toEqual([
      [lost1.msgId, '丢失一', 'wxid_redeliver_bob'],
      [lost2.msgId, '丢失二', 'wxid_redeliver_bob'],
    ]);
    // Told before the account is online again, so nothing new can come first.
    const order = second.events
      .filter((e) => e.name === 'message' || e.name === 'statusChanged')
      .map((e) => (e.name === 'message' ? 'message' : (e.data as { status: string }).status));
    expect(order).toEqual(['autoLoggingIn', 'message', 'message', 'online']);

    // Taken this time: a third start delivers nothing again.
    const third = await buildSim({ database });
    open.push(third);
    await third.gateway.resume(wxid);
    await third.sim.idle();
    expect(third.of('message')).toEqual([]);
  });

  it('hold the cursor until the console kept them, not only took them', async () => {
    const db = await createTestDatabase();
    const first = await buildSim({ database: db });
    const wxid = await loginAccount(first);
    // The console takes each message at once and keeps it later (its store writes in batches);
    // the server is killed before the first one is kept.
    const kept: (() => void)[] = [];
    let bothTaken!: () => void;
    const taken = new Promise<void>((r) => (bothTaken = r));
    first.gateway.on('message', () => {
      const answer = { kept: new Promise<void>((r) => kept.push(r)) };
      if (kept.length === 2) bothTaken();
      return answer;
    });
    const slow = await say(first, wxid, '慢的');
    const next = await say(first, wxid, '接着的');
    // Both are taken while neither is kept: the store's pace does not hold the account's order.
    await taken;
    // The second is kept: still, the first is not, and the cursor stays before both.
    kept[1]!();
    const second = await buildSim({ database: db });
    try {
      await second.gateway.resume(wxid);
      await second.sim.idle();
      expect(second.of('message').map((m) => m.msgId)).toEqual([slow.msgId, next.msgId]);
    } finally {
      kept[0]!();
      await first.close();
      await second.close();
      await db.close();
    }
  });

  it('are delivered again in the same process when the console could not keep them', async () => {
    const db = await createTestDatabase();
    const h = await buildSim({ database: db });
    const wxid = await loginAccount(h);
    // The console's store fails on its first try of one message (its batch rolled back).
    const seen: string[] = [];
    let failOnce = true;
    let again!: () => void;
    const deliveredAgain = new Promise<void>((r) => (again = r));
    h.gateway.on('message', (m) => {
      seen.push(m.content);
      if (m.content === '存不下' && failOnce) {
        failOnce = false;
        return { kept: Promise.reject(new Error('the batch rolled back')) };
      }
      if (seen.length === 4) again();
      return undefined;
    });
    await say(h, wxid, '存不下');
    await say(h, wxid, '之后的');
    await deliveredAgain;
    // Closing waits for the delivery under way, the cursor's last move included.
    await h.close();
    // From the cursor, in order: the message not kept and the one after it.
    expect(seen).toEqual(['存不下', '之后的', '存不下', '之后的']);
    // Kept this time: the cursor moved past both, a new process delivers nothing again.
    const later = await buildSim({ database: db });
    try {
      await later.gateway.resume(wxid);
      await later.sim.idle();
      expect(later.of('message')).toEqual([]);
    } finally {
      await later.close();
      await db.close();
    }
  });
});
