import { MSG_TYPE, quoteContent } from '@cst/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SendCommand } from '@cst/gateway';
import { rowsOf } from '../../platform/db.ts';
import { SimulatorRepository, type AccountWithSeq } from './simulator.repository.ts';
import { codeOf, loginAccount, useSim } from './test-support.ts';

const h = useSim();
let wxid: string;
let friend: string;
let groupId: string;

beforeAll(async () => {
  wxid = await loginAccount(h);
  friend = (await h.gateway.listContacts(wxid))[0]!.wxid;
  groupId = (await h.gateway.listGroups(wxid))[0]!.groupId;
});
beforeEach(async () => {
  await h.sim.setConfig({ deliveryDelayMs: 10, readDelayMs: 10, failRate: 0 });
  await h.sim.idle();
  h.events.length = 0;
});

let n = 0;
function text(content = '你好', over: Partial<SendCommand> = {}): SendCommand {
  n += 1;
  return {
    workWxid: wxid,
    peerId: friend,
    talkType: 1,
    requestId: `req-${n}`,
    message: { kind: 'text', content },
    ...over,
  };
}

describe('sending', () => {
  it('answers a send with receipts in order: sent → delivered → read', async () => {
    const cmd = text();
    const res = await h.gateway.send(cmd);
    expect(res).toMatchObject({ requestId: cmd.requestId, msgType: 1, duplicate: false });
    expect(res.msgId).toMatch(/^\d{19}$/);
    await h.until(() => h.of('sendReceipt').length === 3);
    expect(h.of('sendReceipt').map((r) => r.status)).toEqual(['sent', 'delivered', 'read']);
    expect(
      h.of('sendReceipt').every((r) => r.msgId === res.msgId && r.requestId === cmd.requestId),
    ).toBe(true);
  });

  it('sends once per requestId', async () => {
    const cmd = text('只发一次');
    const first = await h.gateway.send(cmd);
    const again = await h.gateway.send(cmd);
    const parallel = await Promise.all([h.gateway.send(cmd), h.gateway.send(cmd)]);
    expect(again).toEqual({ ...first, duplicate: true });
    expect(parallel.map((p) => p.msgId)).toEqual([first.msgId, first.msgId]);
    await h.until(() => h.of('sendReceipt').length >= 3);
    await new Promise((r) => setTimeout(r, 60));
    expect(h.of('sendReceipt').map((r) => r.status)).toEqual(['sent', 'delivered', 'read']);
  });

  it('fails sends at the configured rate, with an error text', async () => {
    await h.sim.setConfig({ failRate: 1 });
    const res = await h.gateway.send(text());
    await h.until(() => h.of('sendReceipt').length === 1);
    await new Promise((r) => setTimeout(r, 40));
    expect(h.of('sendReceipt')).toMatchObject([{ msgId: res.msgId, status: 'failed' }]);
    expect(h.of('sendReceipt')[0]!.error).toBeTruthy();

    await h.sim.setConfig({ failRate: 0.5, deliveryDelayMs: 100_000 });
    h.events.length = 0;
    for (let i = 0; i < 60; i++) await h.gateway.send(text(`第${i}条`));
    await h.until(() => h.of('sendReceipt').length === 60);
    const failed = h.of('sendReceipt').filter((r) => r.status === 'failed').length;
    expect(failed).toBeGreaterThan(15);
    expect(failed).toBeLessThan(45);
  });

  it('sends every message kind to friends and groups', async () => {
    const file = { fileUrl: '/oss-api/x/a.png', fileName: 'a.png', mime: 'image/png', size: 10 };
    const first = await h.gateway.send(text('被引用的话'));
    const kinds: [SendCommand['message'], number][] = [
      [{ kind: 'image', file }, MSG_TYPE.image],
      [{ kind: 'file', file: { ...file, fileName: 'b.pdf' } }, MSG_TYPE.document],
      [{ kind: 'video', file }, MSG_TYPE.video],
      [{ kind: 'voice', file }, MSG_TYPE.voice],
      [{ kind: 'emoticon', file }, MSG_TYPE.emoticon],
      [{ kind: 'link', title: 't', description: 'd', url: 'https://e.com' }, MSG_TYPE.link],
      [
        { kind: 'miniProgram', title: 't', appId: 'wx1', appName: 'a', pagePath: 'p' },
        MSG_TYPE.miniProgram,
      ],
      [{ kind: 'card', wxid: friend, nickname: 'n', avatar: '' }, MSG_TYPE.card],
      [
        { kind: 'location', latitude: 1, longitude: 2, label: 'l', poiName: 'p' },
        MSG_TYPE.location,
      ],
      [{ kind: 'quote', content: '回复', refMsgId: first.msgId }, MSG_TYPE.quote],
    ];
    for (const [message, msgType] of kinds) {
      const res = await h.gateway.send(text('', { message }));
      expect(res.msgType).toBe(msgType);
    }
    const quote = await h.gateway.send(
      text('', { message: { kind: 'quote', content: '再回复', refMsgId: first.msgId } }),
    );
    expect(quoteContent.parse(JSON.parse(quote.content))).toMatchObject({
      refMsgId: first.msgId,
      refContent: '被引用的话',
      content: '再回复',
    });
    const g = await h.gateway.send(text('群消息', { peerId: groupId, talkType: 2 }));
    expect(g.msgType).toBe(1);
  });

  it('refuses bad sends', async () => {
    expect(await codeOf(h.gateway.send(text('   ')))).toBe('invalid');
    expect(await codeOf(h.gateway.send(text('x', { peerId: 'wxid_nobody' })))).toBe('notFriend');
    expect(await codeOf(h.gateway.send(text('x', { peerId: '1@chatroom', talkType: 2 })))).toBe(
      'notMember',
    );
    expect(
      await codeOf(
        h.gateway.send(text('', { message: { kind: 'quote', content: 'x', refMsgId: '1' } })),
      ),
    ).toBe('notFound');
    expect(await codeOf(h.gateway.send(text('x', { workWxid: 'wxid_other' })))).toBe('notHeld');
  });

  it('marks conversations read on the phone', async () => {
    await h.gateway.markRead({ workWxid: wxid, peerId: friend, talkType: 1 });
    await h.gateway.markRead({ workWxid: wxid, peerId: groupId, talkType: 2 });
    expect(
      await codeOf(h.gateway.markRead({ workWxid: 'wxid_other', peerId: friend, talkType: 1 })),
    ).toBe('notHeld');
  });

  it('revokes within two minutes only', async () => {
    const a = await h.gateway.send(text());
    const res = await h.gateway.revoke(wxid, a.msgId);
    expect(res.msgId).toBe(a.msgId);
    await h.sim.idle();
    expect(h.of('revoked')).toMatchObject([{ msgId: a.msgId, bySelf: true, peerId: friend }]);
    const b = await h.gateway.send(text());
    h.clock.t += 121_000;
    expect(await codeOf(h.gateway.revoke(wxid, b.msgId))).toBe('tooLate');
    expect(await codeOf(h.gateway.revoke(wxid, 'nope'))).toBe('notFound');
  });
});

describe('sending a batch (sendMany)', () => {
  it('answers each message as sends one after another would, with receipts per message', async () => {
    const taken = await h.gateway.send(text('先发的'));
    const first = text('第一条');
    const cmds = [
      first,
      { ...text('第二条'), requestId: first.requestId }, // the same requestId twice in one batch
      text('   '),
      text('x', { peerId: 'wxid_nobody' }),
      text('x', { peerId: '1@chatroom', talkType: 2 }),
      text('群消息', { peerId: groupId, talkType: 2 }),
      { ...text('重发'), requestId: taken.requestId }, // taken before the batch
    ];
    const res = await h.gateway.sendMany!(cmds);
    expect(res.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual([
      'ok',
      'ok',
      'invalid',
      'notFriend',
      'notMember',
      'ok',
      'ok',
    ]);
    const accepted = res.map((r) => (r.ok ? r.accepted : null));
    expect(accepted[0]).toMatchObject({ duplicate: false, requestId: cmds[0]!.requestId });
    expect(accepted[1]).toEqual({ ...accepted[0], duplicate: true });
    expect(accepted[5]).toMatchObject({ duplicate: false, msgType: MSG_TYPE.text });
    expect(accepted[6]).toMatchObject({ duplicate: true, requestId: cmds[6]!.requestId });
    expect(accepted[6]).toEqual({ ...taken, duplicate: true });
    // Two new messages, each sent → delivered → read.
    // The two new messages, each sent → delivered → read; none for those taken before.
    const statuses = (msgId: string) =>
      h
        .of('sendReceipt')
        .filter((r) => r.msgId === msgId)
        .map((r) => r.status);
    await h.until(() => [accepted[0]!, accepted[5]!].every((a) => statuses(a.msgId).length === 3));
    expect(statuses(accepted[0]!.msgId)).toEqual(['sent', 'delivered', 'read']);
    expect(statuses(accepted[5]!.msgId)).toEqual(['sent', 'delivered', 'read']);
    expect(statuses(taken.msgId)).toEqual(['sent', 'delivered', 'read']);
    const again = await h.gateway.sendMany!([cmds[0]!]);
    expect(again).toEqual([{ ok: true, accepted: { ...accepted[0], duplicate: true } }]);
  });

  it('answers notOnline for what an account that cannot send did not take', async () => {
    const other = await loginAccount(h);
    const peer = (await h.gateway.listContacts(other))[0]!.wxid;
    const sent = await h.gateway.send(text('已发', { workWxid: other, peerId: peer }));
    await h.sim.fault(other, 'kickOut');
    const res = await h.gateway.sendMany!([
      { ...text('已发', { workWxid: other, peerId: peer }), requestId: sent.requestId },
      text('未发', { workWxid: other, peerId: peer }),
    ]);
    expect(res[0]).toEqual({ ok: true, accepted: { ...sent, duplicate: true } });
    expect(res[1]).toMatchObject({ ok: false, error: { code: 'notOnline' } });
    expect(
      (await h.gateway.sendMany!([text('x', { workWxid: 'wxid_other' }), text('y')]))[0],
    ).toMatchObject({ ok: false, error: { code: 'notHeld' } });
  });
});

describe('messages from the world', () => {
  it('delivers a text from a friend', async () => {
    const { msgId } = await h.sim.inbound({
      workWxid: wxid,
      fromWxid: friend,
      talkType: 1,
      msgType: 1,
      content: '在吗',
    });
    await h.sim.idle();
    expect(h.of('message')).toMatchObject([
      {
        msgId,
        workWxid: wxid,
        peerId: friend,
        talkType: 1,
        msgType: 1,
        content: '在吗',
        fromSelf: false,
      },
    ]);
  });

  it('reads a known writer once per message', async () => {
    // Under a burst every read of the writers is a statement of its own on the database.
    const reads = vi.spyOn(SimulatorRepository.prototype, 'getPerson');
    try {
      await h.sim.inbound({
        workWxid: wxid,
        fromWxid: friend,
        talkType: 1,
        msgType: 1,
        content: '一',
      });
      expect(reads.mock.calls).toEqual([[wxid, friend]]);
    } finally {
      reads.mockRestore();
    }
    await h.sim.idle();
    expect(h.of('message')).toMatchObject([{ peerId: friend, content: '一' }]);
  });

  it('takes the account, its counter and the writer in one statement, a number for each message', async () => {
    const counter = async () =>
      rowsOf<{ seq: number }>(
        await h.database.db.execute(sql`select seq from sim_accounts where wxid = ${wxid}`),
      )[0]!.seq;
    const before = await counter();
    const taken = vi.spyOn(SimulatorRepository.prototype, 'accountWithSeq');
    const apart = vi.spyOn(SimulatorRepository.prototype, 'nextSeq');
    const rows = vi.spyOn(SimulatorRepository.prototype, 'getAccount');
    // The batch's one statement: what each call asked for.
    const statements = vi.spyOn(
      SimulatorRepository.prototype as unknown as {
        seqsAndPeople: (w: string[], k: [string, string][]) => Promise<unknown>;
      },
      'seqsAndPeople',
    );
    try {
      // Five at once (one batch), without content: each generated from its own number.
      await Promise.all(
        [1, 2, 3, 4, 5].map(() =>
          h.sim.inbound({ workWxid: wxid, fromWxid: friend, talkType: 1, msgType: 1, content: '' }),
        ),
      );
      expect(apart).not.toHaveBeenCalled();
      expect(rows).not.toHaveBeenCalled();
      expect(statements.mock.calls).toEqual([[Array(5).fill(wxid), Array(5).fill([wxid, friend])]]);
      const got = await Promise.all(
        taken.mock.results.map((r) => r.value as Promise<AccountWithSeq>),
      );
      expect(got.map((r) => r.seq).sort((a, b) => a - b)).toEqual(
        [1, 2, 3, 4, 5].map((i) => before + i),
      );
    } finally {
      taken.mockRestore();
      apart.mockRestore();
      rows.mockRestore();
      statements.mockRestore();
    }
    expect(await counter()).toBe(before + 5);
    await h.sim.idle();
    expect(h.of('message')).toHaveLength(5);
  });

  it('makes an unknown writer a new contact and an unknown group member join', async () => {
    await h.sim.inbound({
      workWxid: wxid,
      fromWxid: 'wxid_brandnew01',
      talkType: 1,
      msgType: 1,
      content: '你好，我是新客户',
    });
    await h.sim.idle();
    expect(h.of('contactsChanged')[0]!.added[0]!.wxid).toBe('wxid_brandnew01');
    expect((await h.gateway.listContacts(wxid)).some((c) => c.wxid === 'wxid_brandnew01')).toBe(
      true,
    );

    await h.sim.inbound({
      workWxid: wxid,
      fromWxid: groupId,
      talkType: 2,
      msgType: 1,
      content: '大家好',
      memberWxid: 'wxid_newmember01',
    });
    await h.sim.idle();
    expect(h.of('groupNotice')).toMatchObject([
      { kind: 'memberJoined', wxids: ['wxid_newmember01'] },
    ]);
    const msg = h.of('message').at(-1)!;
    expect(msg).toMatchObject({ talkType: 2, peerId: groupId, memberWxid: 'wxid_newmember01' });
    expect(msg.memberName).toBeTruthy();
    expect(msg.memberAvatar).toMatch(/^data:image/);
  });

  it('makes a real file for media sent without one, readable by id', async () => {
    const cases = [
      [MSG_TYPE.image, 'image/png', [0x89, 0x50]],
      [MSG_TYPE.emoticon, 'image/png', [0x89, 0x50]],
      [MSG_TYPE.video, 'video/webm', [0x1a, 0x45]],
      [MSG_TYPE.voice, 'audio/wav', [0x52, 0x49]],
      [MSG_TYPE.document, 'application/pdf', [0x25, 0x50]],
    ] as const;
    for (const [msgType, mime, magic] of cases) {
      await h.sim.inbound({ workWxid: wxid, fromWxid: friend, talkType: 1, msgType, content: '' });
      await h.sim.idle();
      const m = h.of('message').at(-1)!;
      expect(m.msgType).toBe(msgType);
      expect(m.file).toMatchObject({ mime });
      expect(m.content).toBe(m.file!.fileName);
      const bytes = await h.sim.readFile(m.file!.fileId);
      expect([...bytes.data.subarray(0, 2)]).toEqual([...magic]);
      expect(bytes.size).toBe(m.file!.size);
      expect(await h.gateway.downloadMedia(wxid, m.file!.fileId)).toEqual(bytes);
    }
    await h.sim.inbound({
      workWxid: wxid,
      fromWxid: friend,
      talkType: 1,
      msgType: MSG_TYPE.document,
      content: '',
      fileName: '说明.txt',
    });
    await h.sim.idle();
    const txt = h.of('message').at(-1)!.file!;
    expect(txt).toMatchObject({ fileName: '说明.txt', mime: 'text/plain; charset=utf-8' });
    expect(await codeOf(h.sim.readFile('nope'))).toBe('notFound');
    expect(await codeOf(h.gateway.downloadMedia('wxid_other', txt.fileId))).toBe('notHeld');
  });

  it('transcribes voice messages', async () => {
    await h.sim.inbound({
      workWxid: wxid,
      fromWxid: friend,
      talkType: 1,
      msgType: MSG_TYPE.voice,
      content: '明天见',
    });
    await h.sim.idle();
    const voice = h.of('message').at(-1)!;
    expect(await h.gateway.voiceToText(wxid, voice.msgId)).toEqual({ text: '明天见' });
    const t = await h.sim.inbound({
      workWxid: wxid,
      fromWxid: friend,
      talkType: 1,
      msgType: 1,
      content: 'x',
    });
    expect(await codeOf(h.gateway.voiceToText(wxid, t.msgId))).toBe('invalid');
  });

  it('quotes the last message when a quote is written as plain text', async () => {
    const first = await h.sim.inbound({
      workWxid: wxid,
      fromWxid: friend,
      talkType: 1,
      msgType: 1,
      content: '原话',
    });
    await h.sim.inbound({
      workWxid: wxid,
      fromWxid: friend,
      talkType: 1,
      msgType: MSG_TYPE.quote,
      content: '回一句',
    });
    await h.sim.idle();
    const q = h.of('message').at(-1)!;
    expect(q).toMatchObject({ msgType: 19, refMsgId: first.msgId, refContent: '原话' });
    expect(q.displayName).toBeTruthy();
  });

  it('refuses bad inbound input', async () => {
    const base = { workWxid: wxid, fromWxid: friend, talkType: 1 as const, content: 'x' };
    expect(await codeOf(h.sim.inbound({ ...base, msgType: MSG_TYPE.card }))).toBe('invalid');
    expect(await codeOf(h.sim.inbound({ ...base, fromWxid: wxid, msgType: 1 }))).toBe('invalid');
    expect(await codeOf(h.sim.inbound({ ...base, fromWxid: 'x', talkType: 2, msgType: 1 }))).toBe(
      'invalid',
    );
    expect(await codeOf(h.sim.inbound({ ...base, workWxid: 'wxid_x', msgType: 1 }))).toBe(
      'notHeld',
    );
  });
});
