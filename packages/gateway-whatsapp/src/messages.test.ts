import { proto, type AnyMessageContent } from 'baileys';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG_TYPE } from '@cst/shared';
import { messageIdOf, WHATSAPP_CAPABILITIES } from './index.ts';
import { opusPackets, tone, wavOf, webmOf } from './voice.fixtures.ts';
import {
  CAPABILITIES,
  waContacts,
  waSessions,
  type ChatGateway,
  type OutboundMessage,
  type SendCommand,
} from './seam.ts';
import {
  buildWa as build,
  inboundMessage,
  loginWa,
  ME_ID,
  type WaHarness,
  useLoggedInWa,
} from './test-support.ts';

let h: WaHarness;
const wa = useLoggedInWa((made) => (h = made));
let png: Buffer;
beforeAll(async () => {
  png = await sharp({
    create: { width: 8, height: 6, channels: 3, background: { r: 200, g: 10, b: 10 } },
  })
    .png()
    .toBuffer();
});

const ANN_PN = '8613900000001@s.whatsapp.net';
const ANN = '222222222222222@lid';
const GROUP = '120363000000000001@g.us';
let seq = 0;
const nextId = () => `3A${String(++seq).padStart(18, '0')}`;

async function receive(
  content: AnyMessageContent,
  from: Partial<Parameters<typeof inboundMessage>[2]> = {},
) {
  const id = from.id ?? nextId();
  const msg = await inboundMessage(h.media, content, {
    remoteJid: ANN,
    pushName: 'Ann',
    ...from,
    id,
  });
  const before = h.of('message').length;
  h.sock.inbound([msg]);
  await h.until(() => h.of('message').length > before);
  return h.of('message').at(-1)!;
}

describe('inbound messages', () => {
  const vcard =
    'BEGIN:VCARD\nVERSION:3.0\nFN:Bob\nTEL;type=CELL;waid=8613900000002:+86 139 0000 0002\nEND:VCARD';
  it.each([
    ['text', { text: 'hello' }, MSG_TYPE.text],
    [
      'contact',
      { contacts: { displayName: 'Bob', contacts: [{ displayName: 'Bob', vcard }] } },
      MSG_TYPE.card,
    ],
    [
      'location',
      {
        location: {
          degreesLatitude: 31.2,
          degreesLongitude: 121.5,
          name: 'Bund',
          address: 'Shanghai',
        },
      },
      MSG_TYPE.location,
    ],
    ['poll', { poll: { name: 'Lunch?', values: ['yes', 'no'], selectableCount: 1 } }, MSG_TYPE.app],
    [
      'document',
      { document: Buffer.from('%PDF-1.4 x'), mimetype: 'application/pdf', fileName: 'a.pdf' },
      MSG_TYPE.document,
    ],
    [
      'voice note',
      { audio: Buffer.from('OggS voice'), ptt: true, mimetype: 'audio/ogg; codecs=opus' },
      MSG_TYPE.voice,
    ],
    ['audio file', { audio: Buffer.from('ID3 music'), mimetype: 'audio/mpeg' }, MSG_TYPE.document],
    [
      'sticker',
      { sticker: Buffer.from('RIFF....WEBP'), mimetype: 'image/webp' },
      MSG_TYPE.emoticon,
    ],
    ['video', { video: Buffer.from('....ftypmp42'), mimetype: 'video/mp4' }, MSG_TYPE.video],
  ] as [string, AnyMessageContent, number][])('%s → type %s', async (_kind, content, type) => {
    const ev = await receive(content);
    expect(ev).toMatchObject({
      workWxid: ME_ID,
      talkType: 1,
      peerId: ANN,
      fromSelf: false,
      msgType: type,
    });
    if (type === MSG_TYPE.card)
      expect(JSON.parse(ev.content)).toMatchObject({ nickname: 'Bob', alias: '8613900000002' });
    if (type === MSG_TYPE.location)
      expect(JSON.parse(ev.content)).toMatchObject({
        latitude: 31.2,
        poiName: 'Bund',
        label: 'Shanghai',
      });
    if (type === MSG_TYPE.app) expect(JSON.parse(ev.content)).toMatchObject({ title: 'Lunch?' });
  });

  it('an image: type 2 with its file, downloaded and decrypted through the dispatcher', async () => {
    const ev = await receive({ image: png, mimetype: 'image/png' });
    expect(ev.msgType).toBe(MSG_TYPE.image);
    expect(ev.file).toMatchObject({ fileId: ev.msgId, mime: 'image/png', size: png.length });
    const bytes = await h.gateway.downloadMedia(ME_ID, ev.file!.fileId);
    expect(bytes.data.equals(png)).toBe(true);
    expect(bytes.mime).toBe('image/png');
    await expect(h.gateway.downloadMedia(ME_ID, 'nope')).rejects.toMatchObject({
      code: 'notFound',
    });
  });

  it('a reply: type 19 with the quoted id and text', async () => {
    const first = await receive({ text: 'original words' });
    const quotedMsg = await inboundMessage(
      h.media,
      { text: 'x' },
      { remoteJid: ANN, id: first.msgId },
    );
    quotedMsg.message = { conversation: 'original words' };
    const ev = await receive({ text: 'my answer' }, {});
    expect(ev.msgType).toBe(MSG_TYPE.text);
    const reply = await inboundMessage(
      h.media,
      { text: 'my answer' },
      { remoteJid: ANN, id: nextId(), pushName: 'Ann' },
    );
    reply.message = {
      extendedTextMessage: {
        text: 'my answer',
        contextInfo: {
          stanzaId: first.msgId,
          participant: ANN,
          quotedMessage: { conversation: 'original words' },
        },
      },
    };
    const n = h.of('message').length;
    h.sock.inbound([reply]);
    await h.until(() => h.of('message').length > n);
    const q = h.of('message').at(-1)!;
    expect(q).toMatchObject({
      msgType: MSG_TYPE.quote,
      refMsgId: first.msgId,
      refContent: 'original words',
    });
    expect(JSON.parse(q.content)).toMatchObject({ content: 'my answer', refMsgId: first.msgId });
  });

  it('one person, one id: a phone-number chat with its LID alt maps to the LID, the phone kept', async () => {
    const ev = await receive({ text: 'from my phone' }, { remoteJid: ANN_PN, alt: ANN });
    expect(ev.peerId).toBe(ANN);
    const later = await receive({ text: 'again' }, { remoteJid: ANN_PN });
    expect(later.peerId).toBe(ANN);
    const contacts = await h.gateway.listContacts(ME_ID);
    expect(contacts).toEqual([
      expect.objectContaining({ wxid: ANN, alias: '8613900000001', nickname: 'Ann' }),
    ]);
    expect(h.of('contactsChanged')[0]!.added[0]).toMatchObject({ wxid: ANN });
  });

  it('a group message: the group id mapped to @chatroom, the member named', async () => {
    const ev = await receive({ text: 'hi all' }, { remoteJid: GROUP, participant: ANN });
    expect(ev).toMatchObject({
      talkType: 2,
      peerId: '120363000000000001@chatroom',
      memberWxid: ANN,
      memberName: 'Ann',
    });
  });

  it('stores each message once (a redelivery is no new event)', async () => {
    const msg = await inboundMessage(h.media, { text: 'once' }, { remoteJid: ANN, id: nextId() });
    h.sock.inbound([msg]);
    h.sock.inbound([msg]);
    await h.until(() => h.of('message').length === 1);
    await h.settle();
    expect(h.of('message')).toHaveLength(1);
  });

  it('revokes, receipts, read on the phone', async () => {
    const ev = await receive({ text: 'to be revoked' });
    h.sock.ev.emit('messages.update', [
      {
        key: { remoteJid: ANN, id: ev.msgId, fromMe: false },
        update: { message: null, messageStubType: proto.WebMessageInfo.StubType.REVOKE },
      },
    ]);
    await h.until(() => h.of('revoked').length === 1);
    expect(h.of('revoked')[0]).toMatchObject({ msgId: ev.msgId, peerId: ANN, bySelf: false });

    const other = await receive({ text: 'read me' });
    h.sock.ev.emit('messages.update', [
      {
        key: { remoteJid: ANN, id: other.msgId, fromMe: false },
        update: { status: proto.WebMessageInfo.Status.READ },
      },
    ]);
    await h.until(() => h.of('readSync').length === 1);
    expect(h.of('readSync')[0]).toMatchObject({ workWxid: ME_ID, talkType: 1, peerId: ANN });
  });

  it('an edit: the protocol message is no new message, its update gives the new text once', async () => {
    const ev = await receive({ text: 'meet at 3' });
    // As Baileys delivers an edit: the protocol message itself (upsert) …
    const edit = nextId();
    h.sock.inbound([
      {
        key: { remoteJid: ANN, id: edit, fromMe: false },
        messageTimestamp: 1_800_000_000,
        message: {
          protocolMessage: {
            type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
            key: { remoteJid: ANN, id: ev.msgId, fromMe: false },
            editedMessage: { conversation: 'meet at 4' },
            timestampMs: 1_800_000_000_000,
          },
        },
      },
    ]);
    // … then, from process-message, the update of the edited message.
    h.sock.ev.emit('messages.update', [
      {
        key: { remoteJid: ANN, id: ev.msgId, fromMe: false },
        update: {
          message: { editedMessage: { message: { extendedTextMessage: { text: 'meet at 4' } } } },
          messageTimestamp: 1_800_000_000,
        },
      },
    ]);
    await h.until(() => h.of('messageEdited').length === 1);
    await h.settle();
    expect(h.of('messageEdited')).toEqual([
      {
        workWxid: ME_ID,
        msgId: ev.msgId,
        talkType: 1,
        peerId: ANN,
        content: 'meet at 4',
        at: 1_800_000_000_000,
      },
    ]);
    expect(h.of('message').some((m) => m.msgId === edit)).toBe(false);
  });
});

const file = (mime: string, fileName: string) => ({
  fileUrl: `/oss-api/t/x/${fileName}`,
  fileName,
  mime,
  size: 10,
});
const sendOf = (message: OutboundMessage, requestId = `req-${++seq}`): SendCommand => ({
  workWxid: ME_ID,
  peerId: ANN,
  talkType: 1,
  requestId,
  message,
});

describe('sends', () => {
  it.each([
    ['text', { kind: 'text', content: 'hello' }, 'text', MSG_TYPE.text],
    ['image', { kind: 'image', file: file('image/png', 'a.png') }, 'image', MSG_TYPE.image],
    [
      'file',
      { kind: 'file', file: file('application/pdf', 'a.pdf') },
      'document',
      MSG_TYPE.document,
    ],
    ['video', { kind: 'video', file: file('video/mp4', 'a.mp4') }, 'video', MSG_TYPE.video],
    [
      'voice',
      { kind: 'voice', file: { ...file('audio/ogg', 'a.ogg'), durationMs: 3000 } },
      'audio',
      MSG_TYPE.voice,
    ],
    [
      'link',
      { kind: 'link', title: 'Docs', description: 'd', url: 'https://example.com' },
      'text',
      MSG_TYPE.link,
    ],
    [
      'card',
      { kind: 'card', wxid: '8613900000002@s.whatsapp.net', nickname: 'Bob', avatar: '' },
      'contacts',
      MSG_TYPE.card,
    ],
    [
      'location',
      { kind: 'location', latitude: 1, longitude: 2, label: 'L', poiName: 'P' },
      'location',
      MSG_TYPE.location,
    ],
  ] as [string, OutboundMessage, string, number][])(
    '%s → sendMessage with %s',
    async (_k, message, key, type) => {
      const res = await h.gateway.send(sendOf(message));
      expect(res).toMatchObject({ msgType: type, duplicate: false });
      const call = h.sock.calls.filter((c) => c.method === 'sendMessage').at(-1)!;
      expect(call.args[0]).toBe(ANN);
      expect(Object.keys(call.args[1] as object)).toContain(key);
      expect((call.args[2] as { messageId: string }).messageId).toBe(res.msgId);
    },
  );

  it('a mention goes as @<number> in the text WhatsApp gets, and stays @name for the console', async () => {
    const [session] = await wa.database.db.select().from(waSessions);
    await wa.database.db
      .insert(waContacts)
      .values({ sessionId: session!.id, jid: ANN, phoneJid: ANN_PN, notify: 'Ann', addedAt: 1 })
      .onConflictDoUpdate({
        target: [waContacts.sessionId, waContacts.jid],
        set: { notify: 'Ann' },
      });
    const res = await h.gateway.send(
      sendOf({ kind: 'text', content: '@Ann 请看一下', atWxids: [ANN] }),
    );
    const call = h.sock.calls.filter((c) => c.method === 'sendMessage').at(-1)!;
    expect(call.args[1]).toEqual({ text: '@222222222222222 请看一下', mentions: [ANN] });
    expect(res.content).toBe('@Ann 请看一下');
  });

  it('a voice note goes as OGG/Opus with ptt; a sticker as WebP', async () => {
    const media: Record<string, Buffer> = {
      'v.wav': wavOf(tone(2, 16_000), 16_000),
      'v.webm': webmOf(opusPackets(1)),
      'v.amr': Buffer.from('#!AMR\n\x00\x00\x00'),
      's.png': png,
    };
    await h.close();
    await wa.database.db.delete(waSessions);
    h = await build({
      database: wa.database,
      loadMedia: async (url) => media[url.split('/').at(-1)!]!,
    });
    await loginWa(h);
    for (const [name, mime] of [
      ['v.wav', 'audio/wav'],
      ['v.webm', 'video/webm'],
    ]) {
      await h.gateway.send(sendOf({ kind: 'voice', file: file(mime!, name!) }));
      const voice = h.sock.calls.at(-1)!.args[1] as {
        audio: Buffer;
        ptt: boolean;
        mimetype: string;
      };
      expect(voice).toMatchObject({ ptt: true, mimetype: 'audio/ogg; codecs=opus' });
      expect(voice.audio.toString('ascii', 28, 36)).toBe('OpusHead');
    }
    expect(h.sock.calls.at(-2)!.args[1]).toMatchObject({ seconds: 2 });
    // No decoder for AMR here: it goes as an audio file rather than not at all.
    await h.gateway.send(sendOf({ kind: 'voice', file: file('audio/amr', 'v.amr') }));
    expect(h.sock.calls.at(-1)!.args[1]).toMatchObject({ ptt: false, mimetype: 'audio/amr' });

    await h.gateway.send(sendOf({ kind: 'emoticon', file: file('image/png', 's.png') }));
    const sticker = h.sock.calls.at(-1)!.args[1] as { sticker: Buffer; mimetype: string };
    expect(sticker.mimetype).toBe('image/webp');
    expect((await sharp(sticker.sticker).metadata()).format).toBe('webp');
  });

  it('is idempotent: the id comes from the request and a retry sends nothing', async () => {
    const cmd = sendOf({ kind: 'text', content: 'once only' }, 'req-idem');
    const a = await h.gateway.send(cmd);
    const b = await h.gateway.send(cmd);
    expect(a.msgId).toBe(messageIdOf(ME_ID, 'req-idem'));
    expect(b).toEqual({ ...a, duplicate: true });
    expect(h.sock.calls.filter((c) => c.method === 'sendMessage')).toHaveLength(1);
    // Its echo from the socket is not a new message.
    const echo = await inboundMessage(
      h.media,
      { text: 'once only' },
      { remoteJid: ANN, id: a.msgId },
    );
    echo.key.fromMe = true;
    h.sock.inbound([echo]);
    await h.settle();
    expect(h.of('message')).toHaveLength(0);
  });

  it('a send that failed in the socket is retried under the same id', async () => {
    h.sock.failNext = new Error('socket closed');
    const cmd = sendOf({ kind: 'text', content: 'retry me' }, 'req-retry');
    await expect(h.gateway.send(cmd)).rejects.toMatchObject({ code: 'failed' });
    const ok = await h.gateway.send(cmd);
    expect(ok.duplicate).toBe(false);
    const ids = h.sock.calls
      .filter((c) => c.method === 'sendMessage')
      .map((c) => (c.args[2] as { messageId: string }).messageId);
    expect(ids).toEqual([ok.msgId, ok.msgId]);
  });

  it('receipts in order: sent, delivered, read', async () => {
    const res = await h.gateway.send(sendOf({ kind: 'text', content: 'tick' }, 'req-tick'));
    const key = { remoteJid: ANN, id: res.msgId, fromMe: true };
    h.sock.ev.emit('messages.update', [
      { key, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } },
    ]);
    h.sock.ev.emit('messages.update', [
      { key, update: { status: proto.WebMessageInfo.Status.READ } },
    ]);
    await h.until(() => h.of('sendReceipt').length === 3);
    expect(h.of('sendReceipt').map((r) => [r.requestId, r.status])).toEqual([
      ['req-tick', 'sent'],
      ['req-tick', 'delivered'],
      ['req-tick', 'read'],
    ]);
  });

  it('group receipts: delivered at the first member who got it, read at the first reader', async () => {
    const res = await h.gateway.send({
      ...sendOf({ kind: 'text', content: 'hello group' }, 'req-group'),
      peerId: '120363000000000001@chatroom',
      talkType: 2,
    });
    expect(h.sock.calls.at(-1)!.args[0]).toBe(GROUP);
    const key = { remoteJid: GROUP, id: res.msgId, fromMe: true };
    const at = 1_700_000_000;
    const member = (userJid: string, receipt: object) => ({
      key,
      receipt: { userJid, ...receipt },
    });
    h.sock.ev.emit('message-receipt.update', [
      member(ANN, { receiptTimestamp: at }),
      member('333333333333333@lid', { receiptTimestamp: at }),
    ]);
    h.sock.ev.emit('message-receipt.update', [member(ANN, { readTimestamp: at + 1 })]);
    h.sock.ev.emit('message-receipt.update', [
      member('333333333333333@lid', { readTimestamp: at + 2 }),
    ]);
    await h.until(() => h.of('sendReceipt').length >= 3);
    await h.settle();
    expect(h.of('sendReceipt').map((r) => [r.requestId, r.status])).toEqual([
      ['req-group', 'sent'],
      ['req-group', 'delivered'],
      ['req-group', 'read'],
    ]);
  });

  it('a remark goes to the phone address book and shows as the contact name', async () => {
    await receive({ text: 'hi' }, { remoteJid: ANN_PN, alt: ANN });
    await h.gateway.setRemark(ME_ID, ANN, 'Ann (supplier)');
    expect(h.sock.calls.at(-1)).toEqual({
      method: 'addOrEditContact',
      args: [
        ANN_PN,
        { fullName: 'Ann (supplier)', firstName: 'Ann (supplier)', saveOnPrimaryAddressbook: true },
      ],
    });
    expect(h.of('contactsChanged').at(-1)!.updated[0]).toMatchObject({
      wxid: ANN,
      remark: 'Ann (supplier)',
    });
    expect(await h.gateway.getFriendInfo(ME_ID, ANN)).toMatchObject({ remark: 'Ann (supplier)' });
  });

  it('avatars: a picture URL from the phone is the contact avatar; removed clears it', async () => {
    await receive({ text: 'hi' }, { remoteJid: ANN_PN, alt: ANN });
    const url = 'https://pps.whatsapp.net/v/t61/ann.jpg';
    h.sock.ev.emit('contacts.update', [{ id: ANN, imgUrl: url }]);
    await h.until(() => h.of('contactsChanged').at(-1)?.updated[0]?.avatar === url);
    h.sock.ev.emit('contacts.update', [{ id: ANN, imgUrl: 'changed' }]);
    h.sock.ev.emit('contacts.update', [{ id: ANN, imgUrl: 'removed' }]);
    await h.until(() => h.of('contactsChanged').at(-1)?.updated[0]?.avatar === '');
    const [ann] = await h.gateway.listContacts(ME_ID);
    expect(ann!.avatar).toBe('');
  });

  it('quotes a stored message and revokes a sent one', async () => {
    const ev = await receive({ text: 'quote me' });
    const q = await h.gateway.send(
      sendOf({ kind: 'quote', content: 'answer', refMsgId: ev.msgId }),
    );
    expect(JSON.parse(q.content)).toMatchObject({
      content: 'answer',
      refMsgId: ev.msgId,
      refContent: 'quote me',
    });
    const opts = h.sock.calls.at(-1)!.args[2] as { quoted: { key: { id: string } } };
    expect(opts.quoted.key.id).toBe(ev.msgId);
    await expect(
      h.gateway.send(sendOf({ kind: 'quote', content: 'x', refMsgId: 'gone' })),
    ).rejects.toMatchObject({ code: 'notFound' });

    const r = await h.gateway.revoke(ME_ID, q.msgId);
    expect(r.msgId).toBe(q.msgId);
    expect(h.sock.calls.at(-1)!.args[1]).toEqual({
      delete: { remoteJid: ANN, fromMe: true, id: q.msgId },
    });
    await h.until(() => h.of('revoked').length === 1);
    expect(h.of('revoked')[0]).toMatchObject({ msgId: q.msgId, bySelf: true });
    h.clock.t += 3 * 24 * 3600_000;
    const old = await h.gateway.send(sendOf({ kind: 'text', content: 'old' }));
    h.clock.t += 3 * 24 * 3600_000;
    await expect(h.gateway.revoke(ME_ID, old.msgId)).rejects.toMatchObject({ code: 'tooLate' });
  });

  it('marks a chat read with the unread keys', async () => {
    const a = await receive({ text: 'one' });
    const b = await receive({ text: 'two' });
    await h.gateway.markRead({ workWxid: ME_ID, peerId: ANN, talkType: 1 });
    const call = h.sock.calls.filter((c) => c.method === 'readMessages').at(-1)!;
    expect((call.args[0] as { id: string }[]).map((k) => k.id)).toEqual([a.msgId, b.msgId]);
  });
});

describe('groups and capabilities', () => {
  it('lists groups and members with mapped ids and runs group commands', async () => {
    h.sock.groups[GROUP] = {
      id: GROUP,
      subject: 'Team',
      owner: ME_ID,
      creation: 1_700_000_000,
      desc: 'rules',
      participants: [
        { id: ME_ID, admin: 'superadmin' },
        { id: ANN, phoneNumber: ANN_PN },
      ],
    };
    const groups = await h.gateway.listGroups(ME_ID);
    expect(groups).toEqual([
      expect.objectContaining({
        groupId: '120363000000000001@chatroom',
        name: 'Team',
        ownerWxid: ME_ID,
        notice: 'rules',
        memberCount: 2,
      }),
    ]);
    const members = await h.gateway.listGroupMembers(ME_ID, groups[0]!.groupId);
    expect(members.map((m) => [m.wxid, m.isOwner])).toEqual([
      [ME_ID, true],
      [ANN, false],
    ]);
    await h.gateway.inviteToGroup(ME_ID, groups[0]!.groupId, [ANN]);
    await h.gateway.renameGroup(ME_ID, groups[0]!.groupId, 'Team 2');
    const calls = h.sock.calls.map((c) => [c.method, c.args[0]]);
    expect(calls).toContainEqual(['groupParticipantsUpdate', GROUP]);
    expect(calls).toContainEqual(['groupUpdateSubject', GROUP]);
    await expect(h.gateway.listGroupMembers(ME_ID, 'nope@chatroom')).rejects.toMatchObject({
      code: 'notMember',
    });
  });

  it('group events: a new group, a member joining, and calls as call messages', async () => {
    h.sock.ev.emit('groups.upsert', [
      { id: GROUP, subject: 'New team', owner: ANN, creation: 1_700_000_100, participants: [] },
    ]);
    await h.until(() => h.of('groupChanged').length === 1);
    expect(h.of('groupChanged')[0]).toMatchObject({
      kind: 'created',
      group: { groupId: '120363000000000001@chatroom', name: 'New team', ownerWxid: ANN },
    });
    h.sock.ev.emit('group-participants.update', {
      id: GROUP,
      author: ANN,
      participants: [{ id: '555555555555555@lid' }],
      action: 'add',
    });
    await h.until(() => h.of('groupNotice').length === 1);
    expect(h.of('groupNotice')[0]).toMatchObject({
      groupId: '120363000000000001@chatroom',
      kind: 'memberJoined',
      wxids: ['555555555555555@lid'],
    });
    h.sock.ev.emit('call', [
      {
        chatId: ANN,
        from: ANN,
        id: 'call-1',
        date: new Date(),
        offline: false,
        status: 'offer',
        isVideo: true,
      },
      {
        chatId: ANN,
        from: ANN,
        id: 'call-1',
        date: new Date(),
        offline: false,
        status: 'timeout',
        isVideo: true,
      },
    ]);
    await h.until(() => h.of('message').length === 1);
    expect(h.of('message')[0]).toMatchObject({ msgType: MSG_TYPE.videoCall, peerId: ANN });
    expect(JSON.parse(h.of('message')[0]!.content)).toEqual({ result: 'missed', durationSec: 0 });
  });

  it('answers unsupported for every capability it lacks', async () => {
    const gw: ChatGateway = h.gateway;
    const missing = CAPABILITIES.filter((c) => !WHATSAPP_CAPABILITIES.includes(c));
    expect(missing.sort()).toEqual(
      [
        'addFriend',
        'declineFriendRequest',
        'deleteFriend',
        'friendRequests',
        'groupBan',
        'groupCard',
        'moments',
        'momentInteract',
        'momentPost',
        'momentVisibility',
        'sendMiniProgram',
        'updateFriendInfo',
        'voiceToText',
      ].sort(),
    );
    const calls: Promise<unknown>[] = [
      gw.addFriend({ workWxid: ME_ID, wxid: ANN, verifyContent: '' }),
      gw.declineFriendRequest(ME_ID, 'r'),
      gw.acceptFriendRequest(ME_ID, 'r'),
      gw.listFriendRequests(ME_ID),
      gw.deleteFriend(ME_ID, ANN),
      gw.setGroupBan(ME_ID, 'g@chatroom', [ANN], true),
      gw.listGroupBans(ME_ID, 'g@chatroom'),
      gw.setGroupCard(ME_ID, 'g@chatroom', 'card'),
      gw.listMoments(ME_ID),
      gw.postMoment({ workWxid: ME_ID, requestId: 'm', text: 't', media: [] }),
      gw.likeMoment(ME_ID, 'm', true),
      gw.commentMoment({ workWxid: ME_ID, momentId: 'm', requestId: 'c', text: 'hi' }),
      gw.send(sendOf({ kind: 'miniProgram', title: 't', appId: 'a', appName: 'n', pagePath: 'p' })),
      gw.updateFriendInfo(ME_ID, ANN, { star: true }),
      gw.updateFriendInfo(ME_ID, ANN, { topChat: true }),
      gw.voiceToText(ME_ID, 'm'),
    ];
    const results = await Promise.allSettled(calls);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'unsupported' });
    }
  });
});
