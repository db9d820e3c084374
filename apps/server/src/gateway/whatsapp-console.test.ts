import { proto } from 'baileys';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { findByWxid } from '../modules/accounts/account.repository.ts';
import type { SocksProxyAgent } from 'socks-proxy-agent';
import { apiAs, eventually } from '../modules/accounts/account.test-support.ts';
import { openTestSocket } from '../realtime/test-socket.ts';
import { testConfig, type Session } from '../../test/support.ts';
import { signInAs } from '../../test/factories.ts';
import { useWhatsAppServer } from '../../test/whatsapp.ts';
import { createGateway } from './index.ts';
import { WHATSAPP_PACING } from '@cst/gateway-whatsapp';
import { inboundMessage, ME_ID } from '@cst/gateway-whatsapp/test-support';
import { contacts, conversations, messages } from '../db/schema/index.ts';
import { rowsOf } from '../platform/db.ts';

// The console on PLATFORM=whatsapp: the real server, its routes and pushes, with the adapter on
// fake sockets. A QR login rotates its code in the open dialog, the account comes online, and
// messages go both ways through the inbox.

const { ctx, media, sockets } = useWhatsAppServer();
let demo: Session;
const sock = () => sockets[sockets.length - 1]!;
const ANN = '333333333333333@lid';

beforeAll(async () => {
  ({ sup: demo } = await signInAs(ctx, 'sup'));
});

describe('the console on WhatsApp', () => {
  it('logs in with a rotating QR code, then receives and sends in the inbox', async () => {
    const api = apiAs(ctx, demo);
    const caps = await api.get<{ platform: string; capabilities: string[] }>(
      '/main-api/acc/platform',
    );
    expect(caps.data.platform).toBe('whatsapp');
    expect(caps.data.capabilities).toContain('sendVoice');
    expect(caps.data.capabilities).not.toContain('moments');

    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = await openTestSocket(base, { account: 'demo-sup', token: demo.token });
    ws.send('ping');
    await ws.waitFor((f) => f.event === 'hello');

    const issuing = api.post<{ loginId: string; qrImage: string }>('/main-api/acc/qr-login-code');
    await eventually(async () => sockets.length === 1);
    sock().qr('2@first-code');
    const code = await issuing;
    expect(code.status, code.message).toBe(200);
    const { loginId } = code.data;

    // The code rotates: the same login, a new image, pushed to the dialog.
    sock().qr('2@second-code');
    const rotated = await ws.waitFor(
      (f) =>
        f.event === 'qr' &&
        (f.data as { loginId: string; qrImage: string }).loginId === loginId &&
        (f.data as { qrImage: string }).qrImage !== code.data.qrImage,
    );
    expect((rotated.data as { expiresAt: number }).expiresAt).toBeGreaterThan(Date.now());
    const state = await api.post<{ qrImage: string }>('/main-api/acc/qr-login-status', {
      loginId,
    });
    expect(state.data.qrImage).toBe((rotated.data as { qrImage: string }).qrImage);

    sock().pair();
    await ws.waitFor((f) => f.event === 'qrAckUpdate');
    await eventually(async () => sockets.length === 2);
    sock().open();
    const ok = await ws.waitFor((f) => f.event === 'qrAckSucceed');
    expect(ok.data).toMatchObject({ loginId, wxid: ME_ID });
    await ws.waitFor(
      (f) => f.event === 'userStatusChanged' && (f.data as { status: string }).status === 'online',
    );

    // Someone writes: the message reaches the inbox.
    const msg = await inboundMessage(
      media,
      { text: '你好，在吗？' },
      {
        remoteJid: ANN,
        id: '3A0000000000000000C1',
        pushName: 'Ann',
      },
    );
    msg.messageTimestamp = Math.floor(Date.now() / 1000);
    sock().inbound([msg]);
    const indexName = `1__${ANN}__${ME_ID}`;
    type Item = { msgId: string; content: string; messageId: string; readOK?: boolean };
    const messages = () =>
      api.post<{ list: Item[] }>('/main-api/conv/messages', { index_name: indexName, limit: 50 });
    const got = await eventually(async () =>
      (await messages()).data?.list?.find((m) => m.msgId === msg.key.id),
    );
    expect(got.content).toBe('你好，在吗？');

    // The seat answers: one WhatsApp send with the request's id, receipts tick.
    const sent = await api.post<{ messageId: string }>('/main-api/conv/send-text', {
      workWxid: ME_ID,
      receiver_id: ANN,
      talkType: 1,
      content: '在的，请讲',
      sendingUUid: 'wa-uuid-1',
    });
    expect(sent.status, sent.message).toBe(200);
    const call = await eventually(async () => sock().calls.find((c) => c.method === 'sendMessage'));
    expect(call.args[0]).toBe(ANN);
    const msgId = (call.args[2] as { messageId: string }).messageId;
    const key = { remoteJid: ANN, id: msgId, fromMe: true };
    sock().ev.emit('messages.update', [
      { key, update: { status: proto.WebMessageInfo.Status.READ } },
    ]);
    const read = await eventually(async () =>
      (await messages()).data.list.find((m) => m.messageId === sent.data.messageId && m.readOK),
    );
    expect(read.msgId).toBe(msgId);
    // Every handler of the receipt kept it: the adapter forgets it (nothing to pass on again).
    await eventually(async () => {
      const r = await ctx.deps.db.execute(sql`select count(*)::int as n from wa_events`);
      return rowsOf<{ n: number }>(r)[0]!.n === 0 || undefined;
    });

    // The account gets a proxy: the next resume connects through it. (A private address would be
    // refused at save: the outbound guard, apps/server/src/platform/outbound.ts.)
    expect((await api.post('/main-api/acc/proxy-add', { text: '1.2.3.4:1080:cu:cp' })).status).toBe(
      200,
    );
    const proxies = await api.post<{ list: { id: string; label: string }[] }>(
      '/main-api/acc/proxy-list',
    );
    const proxyId = proxies.data.list.find((p) => p.label === '1.2.3.4:1080')!.id;
    const assign = await api.post('/main-api/acc/proxy-assign', { wxids: [ME_ID], proxyId });
    expect(assign.status, assign.message).toBe(200);
    const runtime = ctx.deps.runtime;
    await runtime.gateway.release(ME_ID);
    const row = (await findByWxid(ctx.deps.db, ME_ID))!;
    const n = sockets.length;
    await runtime.leases.resume({ id: row.id, tenantId: row.tenantId, wxid: ME_ID }, row.status);
    expect(sockets.length).toBe(n + 1);
    expect((sock().config.agent as SocksProxyAgent).proxy).toMatchObject({
      host: '1.2.3.4',
      port: 1080,
      userId: 'cu',
    });
  });

  it('blocks and unblocks a person from the friends page; star and pin are refused clearly', async () => {
    // The account of the first test, back online on its resumed socket.
    sock().open();
    const api = apiAs(ctx, demo);
    const friendOf = async () =>
      (
        await api.post<{ list: { friendWxid: string; blacklist: boolean }[] }>(
          '/main-api/acc/friends-list',
          { workWxid: ME_ID, keyword: '333333333333333' },
        )
      ).data.list.find((f) => f.friendWxid === ANN);
    await eventually(async () => (await friendOf()) !== undefined);
    const caps = await api.get<{ capabilities: string[] }>('/main-api/acc/platform');
    expect(caps.data.capabilities).toContain('blacklist');
    expect(caps.data.capabilities).not.toContain('updateFriendInfo');
    const update = (body: Record<string, unknown>, lang?: string) =>
      apiAs(ctx, demo, lang).post<{ blacklist: boolean }>('/main-api/acc/update-friend-info', {
        workWxid: ME_ID,
        friendWxid: ANN,
        ...body,
      });
    const blocked = await eventually(async () => {
      const r = await update({ blacklist: true });
      return r.status === 200 ? r : undefined;
    });
    expect(blocked.data.blacklist).toBe(true);
    // The blocklist read on reconnect may come after it: the last block call is the one.
    const blockCalls = () => sock().calls.filter((c) => c.method === 'updateBlockStatus');
    expect(blockCalls().at(-1)).toEqual({ method: 'updateBlockStatus', args: [ANN, 'block'] });
    expect((await friendOf())?.blacklist).toBe(true);
    const conv = async () =>
      (
        await api.post<{ list: { friendWxid: string; blocked: boolean }[] }>(
          '/main-api/conv/list',
          {
            workWxid: ME_ID,
          },
        )
      ).data.list.find((c) => c.friendWxid === ANN);
    expect((await conv())?.blocked).toBe(true);
    const card = await api.post<{ blacklist: boolean }>('/main-api/acc/friend-info', {
      wxid: ME_ID,
      friendWxid: ANN,
    });
    expect(card.data.blacklist).toBe(true);

    // Unblocked on the phone: WhatsApp's notification clears it in the console.
    sock().ev.emit('blocklist.update', { blocklist: [ANN], type: 'remove' });
    await eventually(async () => (await friendOf())?.blacklist === false);
    expect((await conv())?.blocked).toBe(false);

    const star = await update({ star: true }, 'en');
    expect(star.status).toBe(409);
    expect(star.message).toBe('This platform cannot star or pin friends');
    expect((await update({ topChat: true })).message).toBe('当前平台不支持星标和置顶好友');
  });

  it("sets the account's WhatsApp name from the nickname library (batch edit)", async () => {
    const api = apiAs(ctx, demo);
    const added = await api.post('/main-api/profile-lib/nickname/add', {
      nicknames: ['WA 客服一号'],
    });
    expect(added.status, added.message).toBe(200);
    const r = await api.post<{ list: { wxid: string; ok: boolean; nickname: string | null }[] }>(
      '/main-api/acc/batch-edit-profile',
      { wxids: [ME_ID], nickname: 'order' },
    );
    expect(r.status, r.message).toBe(200);
    expect(r.data.list).toEqual([
      expect.objectContaining({ wxid: ME_ID, ok: true, nickname: 'WA 客服一号' }),
    ]);
    expect(sock().calls.at(-1)).toEqual({ method: 'updateProfileName', args: ['WA 客服一号'] });
    expect((await findByWxid(ctx.deps.db, ME_ID))?.nickname).toBe('WA 客服一号');
  });

  it("paces mass sends by WhatsApp's human pacing while the tenant set none", async () => {
    const api = apiAs(ctx, demo);
    const info = await api.get<{ pacing: unknown }>('/main-api/acc/platform');
    expect(info.data.pacing).toEqual(WHATSAPP_PACING);
    const settings = await api.post('/task-api/bulk-send-task/settings/get', {});
    expect(settings.data).toMatchObject({ ...WHATSAPP_PACING.defaults, perRoundCount: 1 });
  });

  it('merges a chat kept under a phone id the adapter has no row of, when WhatsApp maps it to a LID', async () => {
    const DAVE_PN = '8613900000009@s.whatsapp.net';
    const DAVE = '555555555555555@lid';
    let n = 0;
    const daveWrites = async (remoteJid: string, text: string) => {
      const m = await inboundMessage(
        media,
        { text },
        { remoteJid, id: `3A00000000000000D${String(++n).padStart(3, '0')}`, pushName: 'Dave' },
      );
      m.messageTimestamp = Math.floor(Date.now() / 1000) + n;
      sock().inbound([m]);
      return m.key.id!;
    };
    const chats = () =>
      ctx.deps.db
        .select({ id: conversations.id, peerId: conversations.peerId })
        .from(conversations)
        .where(
          and(eq(conversations.workWxid, ME_ID), inArray(conversations.peerId, [DAVE, DAVE_PN])),
        );
    const daveMessages = async () =>
      (
        await ctx.deps.db
          .select({ msgId: messages.msgId, conv: conversations.peerId })
          .from(messages)
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .where(
            and(eq(conversations.workWxid, ME_ID), inArray(conversations.peerId, [DAVE, DAVE_PN])),
          )
      ).sort((a, b) => (a.msgId ?? '').localeCompare(b.msgId ?? ''));

    // Old data: Dave's chat and friend under his phone id, stored before the adapter kept the
    // people it chats with — it has no row of him.
    const first = await daveWrites(DAVE_PN, '我是老客户');
    await eventually(async () => (await daveMessages()).length === 1);
    await ctx.deps.db.execute(sql`delete from wa_contacts where jid = ${DAVE_PN}`);
    // He writes again under his LID alone: a second chat of the same person.
    const second = await daveWrites(DAVE, '换了新版本');
    await eventually(async () => (await chats()).length === 2);

    // WhatsApp tells the pair: one chat left, under the LID, with both messages.
    sock().ev.emit('lid-mapping.update', { lid: DAVE, pn: DAVE_PN });
    await eventually(async () => (await chats()).length === 1);
    expect((await chats()).map((c) => c.peerId)).toEqual([DAVE]);
    expect(await daveMessages()).toEqual([
      { msgId: first, conv: DAVE },
      { msgId: second, conv: DAVE },
    ]);
    const friends = await ctx.deps.db
      .select({ wxid: contacts.wxid })
      .from(contacts)
      .where(inArray(contacts.wxid, [DAVE, DAVE_PN]));
    expect(friends).toEqual([{ wxid: DAVE }]);
  });

  it('is what the server builds for PLATFORM=whatsapp (a dynamic import; no socket until a login)', async () => {
    const gw = await createGateway({
      db: ctx.deps.db,
      config: testConfig({ platform: 'whatsapp' }),
      log: ctx.deps.log,
      now: Date.now,
    });
    expect(gw.platform).toBe('whatsapp');
    expect(gw.simulator).toBeNull();
    expect(gw.heldAccounts()).toEqual([]);
    await expect(gw.resume('nobody@lid')).rejects.toMatchObject({ code: 'noSession' });
    await gw.close();
  });
});
