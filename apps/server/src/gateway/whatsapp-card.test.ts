import { beforeAll, describe, expect, it } from 'vitest';
import { MSG_TYPE } from '@cst/shared';
import {
  apiAs,
  eventually,
  gatewayIdle,
  waitStatus,
} from '../modules/accounts/account.test-support.ts';
import { type Session } from '../../test/support.ts';
import { signInAs } from '../../test/factories.ts';
import { useWhatsAppServer } from '../../test/whatsapp.ts';
import { inboundMessage, ME_ID } from '@cst/gateway-whatsapp/test-support';
import type { ChatGateway } from './index.ts';

// Contact cards on WhatsApp, where a card carries a phone number: a card of a person the account
// knows only by a LID is refused at once (409, nothing stored, nothing sent) by the public API and
// by the console's forward of a card — the adapter says which person it can put on a card — and a
// card of a person whose phone is known goes with that phone.

const wa = useWhatsAppServer();
const { ctx, media, sockets } = wa;
let demo: Session;
let gateway: ChatGateway;
const sock = () => sockets[sockets.length - 1]!;
/** Someone the account knows only by a LID. */
const CAT = '444444444444444@lid';
/** Someone whose phone number came with the contact. */
const BOB = '555555555555555@lid';
const BOB_PHONE = '8613900000005';

interface OpenReply {
  status: number;
  message: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  data: any;
}

async function open(key: string, path: string, body: unknown, lang = 'en'): Promise<OpenReply> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/open/v1/${path}`,
    headers: { authorization: `Bearer ${key}`, 'accept-language': lang },
    payload: body as object,
  });
  return { status: res.statusCode, ...(res.json() as { message: string; data: unknown }) };
}

const sentCards = () =>
  sock().calls.filter(
    (c) => c.method === 'sendMessage' && 'contacts' in (c.args[1] as Record<string, unknown>),
  );

/** The messages of the account's chat with a person (none while there is no chat). */
async function messagesWith(peer: string) {
  const r = await apiAs(ctx, demo).post<{
    list: { messageId: string; msgType: number; content: string }[];
  }>('/main-api/conv/messages', { index_name: `1__${peer}__${ME_ID}`, limit: 100 });
  if (r.status === 404) return [];
  expect(r.status, r.message).toBe(200);
  return r.data.list;
}

beforeAll(async () => {
  gateway = wa.gateway;
  ({ demo } = await signInAs(ctx, 'demo'));
  // A QR login on the fake socket; the account comes online.
  const api = apiAs(ctx, demo);
  const issuing = api.post<{ loginId: string }>('/main-api/acc/qr-login-code');
  await eventually(async () => sockets.length === 1);
  sock().qr('2@card-code');
  expect((await issuing).status).toBe(200);
  sock().pair();
  await eventually(async () => sockets.length === 2);
  sock().open();
  await waitStatus(ctx, demo, ME_ID, 'online');
  // Two people in the address book: one with a phone number, one known only by a LID.
  sock().ev.emit('contacts.upsert', [
    { id: `${BOB_PHONE}@s.whatsapp.net`, lid: BOB, notify: 'Bob' },
    { id: CAT, notify: 'Cat' },
  ]);
  await eventually(async () => {
    const r = await api.post<{ list: { friendWxid: string }[] }>('/main-api/acc/friends-list', {
      workWxid: ME_ID,
      pageSize: 50,
    });
    const ids = r.data.list.map((f) => f.friendWxid);
    return ids.includes(BOB) && ids.includes(CAT);
  });
});

describe('contact cards on WhatsApp', () => {
  it('the adapter says whose card it can send', () => {
    expect(gateway.canSendCardOf?.({ wxid: CAT, alias: '' })).toBe(false);
    expect(gateway.canSendCardOf?.({ wxid: BOB, alias: BOB_PHONE })).toBe(true);
    expect(gateway.canSendCardOf?.({ wxid: `${BOB_PHONE}@s.whatsapp.net`, alias: '' })).toBe(true);
  });

  it('refuses a card of a person known only by a LID at once, storing and sending nothing', async () => {
    const k = await apiAs(ctx, demo, 'en').post<{ key: string }>('/main-api/open/keys/create', {
      name: 'CRM',
      permissions: ['conversation.read', 'conversation.send'],
    });
    expect(k.status, k.message).toBe(200);
    const before = await messagesWith(BOB);
    const body = {
      workWxid: ME_ID,
      receiver_id: BOB,
      talkType: 1,
      idempotencyKey: 'lid-card-1',
      message: { kind: 'card', wxid: CAT },
    };
    const refused = await open(k.data.key, 'messages/send', body);
    expect([refused.status, refused.message]).toEqual([
      409,
      'This contact’s card cannot be sent: the platform needs their phone number, which is not known',
    ]);
    const zh = await open(k.data.key, 'messages/send', body, 'zh-CN');
    expect(zh.message).toBe('无法发送此联系人的名片：平台需要其手机号，而该联系人的手机号未知');
    await gatewayIdle(ctx);
    expect(await messagesWith(BOB)).toEqual(before);
    expect(sentCards()).toEqual([]);

    // A card of someone whose phone is known goes, with that phone.
    const sent = await open(k.data.key, 'messages/send', {
      ...body,
      receiver_id: CAT,
      idempotencyKey: 'phone-card-1',
      message: { kind: 'card', wxid: BOB },
    });
    expect(sent.status, sent.message).toBe(200);
    const call = await eventually(async () => sentCards()[0]);
    expect(call.args[0]).toBe(CAT);
    expect(JSON.stringify(call.args[1])).toContain(`waid=${BOB_PHONE}:+${BOB_PHONE}`);
  });

  it('refuses to forward a card without a phone number, and forwards one with it', async () => {
    const api = apiAs(ctx, demo, 'en');
    // Bob shares two cards: one without a WhatsApp number, one with.
    const noPhone = 'BEGIN:VCARD\nVERSION:3.0\nFN:Dee\nEND:VCARD';
    const withPhone = `BEGIN:VCARD\nVERSION:3.0\nFN:Eve\nTEL;type=CELL;waid=8613900000006:+8613900000006\nEND:VCARD`;
    for (const [id, name, vcard] of [
      ['3A00000000000000CARD1', 'Dee', noPhone],
      ['3A00000000000000CARD2', 'Eve', withPhone],
    ] as const) {
      const msg = await inboundMessage(
        media,
        { contacts: { displayName: name, contacts: [{ displayName: name, vcard }] } },
        { remoteJid: BOB, id, pushName: 'Bob' },
      );
      msg.messageTimestamp = Math.floor(Date.now() / 1000);
      sock().inbound([msg]);
    }
    const cardOf = (list: Awaited<ReturnType<typeof messagesWith>>, name: string) =>
      list.find((m) => m.msgType === MSG_TYPE.card && m.content.includes(name));
    const [dee, eve] = await eventually(async () => {
      const list = await messagesWith(BOB);
      const d = cardOf(list, 'Dee');
      const e = cardOf(list, 'Eve');
      return d && e ? ([d, e] as const) : undefined;
    });
    const toCat = { workWxid: ME_ID, receiver_id: CAT, talkType: 1 };
    const catBefore = await messagesWith(CAT);
    const cardsBefore = sentCards().length;
    const refused = await api.post('/api/v1/talk/forward', {
      messageIds: [dee.messageId],
      targets: [toCat],
    });
    expect(refused.status).toBe(409);
    await gatewayIdle(ctx);
    expect(await messagesWith(CAT)).toEqual(catBefore);
    expect(sentCards()).toHaveLength(cardsBefore);

    const forwarded = await api.post('/api/v1/talk/forward', {
      messageIds: [eve.messageId],
      targets: [toCat],
    });
    expect(forwarded.status, forwarded.message).toBe(200);
    const call = await eventually(async () => sentCards()[cardsBefore]);
    expect(JSON.stringify(call.args[1])).toContain('waid=8613900000006');
  });
});
