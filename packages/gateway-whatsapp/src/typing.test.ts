import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { TYPING_MAX_MS, typingMsOf, waSessions, type SendCommand } from './seam.ts';
import { buildWa as build, loginWa, ME_ID, type WaHarness } from './test-support.ts';

// Issue 34: before a robot's, a task's or an API send the person sees the account typing
// (`composing`) for a time that grows with the text; a seat's own sends go at once.
const PEER = '444444444444444@lid';
const GROUP = '120363000000000001@chatroom';
let database: TestDatabase;
let h: WaHarness;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(waSessions);
  h = await build({ database });
  await loginWa(h);
});
afterEach(() => h.close());

const cmd = (requestId: string, content: string, typing?: boolean): SendCommand => ({
  workWxid: ME_ID,
  peerId: PEER,
  talkType: 1,
  requestId,
  message: { kind: 'text', content },
  ...(typing === undefined ? {} : { typing }),
});

/** What the socket was asked, in order (presence updates and sends), with the clock at each. */
const seen = () => h.sock.timeline;

describe('typing before automated sends', () => {
  it('shows composing for a time that grows with the text, then sends', async () => {
    const start = h.clock.t;
    const short = cmd('t-short', '好的', true);
    const long = cmd(
      't-long',
      '您好，这是您订购的商品的物流单号，请注意查收，有问题随时联系我们。',
      true,
    );
    await h.gateway.send(short);
    const mid = h.clock.t;
    await h.gateway.send(long);
    const shortMs = typingMsOf(short.message);
    const longMs = typingMsOf(long.message);
    expect(longMs).toBeGreaterThan(shortMs);
    expect(seen()).toEqual([
      { what: 'composing', jid: PEER, at: start },
      { what: 'paused', jid: PEER, at: start + shortMs },
      { what: 'send', jid: PEER, at: start + shortMs },
      { what: 'composing', jid: PEER, at: mid },
      { what: 'paused', jid: PEER, at: mid + longMs },
      { what: 'send', jid: PEER, at: mid + longMs },
    ]);
  });

  it('never types longer than the bound, and types in groups too', async () => {
    const start = h.clock.t;
    await h.gateway.send({
      ...cmd('t-group', '很长的消息'.repeat(200), true),
      peerId: GROUP,
      talkType: 2,
    });
    const jid = '120363000000000001@g.us';
    expect(seen()).toEqual([
      { what: 'composing', jid, at: start },
      { what: 'paused', jid, at: start + TYPING_MAX_MS },
      { what: 'send', jid, at: start + TYPING_MAX_MS },
    ]);
  });

  it('a seat’s send and a repeated request go without typing', async () => {
    await h.gateway.send(cmd('t-seat', '马上为您处理'));
    await h.gateway.send(cmd('t-once', '已发货', true));
    const n = seen().length;
    const again = await h.gateway.send(cmd('t-once', '已发货', true));
    expect(again.duplicate).toBe(true);
    expect(seen().length).toBe(n);
    expect(seen().filter((s) => s.what !== 'send')).toHaveLength(2);
    expect(seen()[0]).toMatchObject({ what: 'send', jid: PEER });
  });

  it('a presence WhatsApp refuses does not stop the message', async () => {
    h.sock.sendPresenceUpdate = async () => {
      throw new Error('presence refused');
    };
    const sent = await h.gateway.send(cmd('t-refused', '您好', true));
    expect(sent.duplicate).toBe(false);
    expect(h.sock.calls.filter((c) => c.method === 'sendMessage')).toHaveLength(1);
  });
});
