import { proto, type WAMessage } from 'baileys';
import { describe, expect, it } from 'vitest';
import { waEvents, waMessages } from './seam.ts';
import { inboundMessage, ME_ID, type WaHarness, useLoggedInWa } from './test-support.ts';

// Nothing missed across reconnects (issue 34 item 6): what people sent while the connection was
// down comes back after the reconnect — replayed live, or inside the history sync — and is
// stored and passed on once each, however often it is replayed; the gaps closed are counted.

let h: WaHarness;
const wa = useLoggedInWa((made) => (h = made));

const ANN = '222222222222222@lid';
let n = 0;
const nextId = () => `3B${String(++n).padStart(18, '0')}`;

/** A message from Ann sent at the harness clock's time plus `offsetMs`. */
const fromAnn = (text: string, offsetMs = 0) =>
  inboundMessage(
    h.media,
    { text },
    { remoteJid: ANN, id: nextId(), pushName: 'Ann' },
    Math.floor((h.clock.t + offsetMs) / 1000),
  );

const history = (messages: WAMessage[]) =>
  h.sock.ev.emit('messaging-history.set', {
    chats: [],
    contacts: [],
    messages,
    isLatest: false,
    syncType: 3,
  } as never);

const texts = () => h.of('message').map((m) => m.content);

/** Whether the console kept each message, as the adapter recorded it. */
async function deliveredOf(msgs: WAMessage[]): Promise<boolean[]> {
  const rows = await wa.database.db.select().from(waMessages);
  return msgs.map((m) => rows.find((r) => r.msgId === m.key.id)?.delivered ?? false);
}

/** Polls a condition of the database until it holds (20 s at most). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The connection drops, the clock moves on, and a new socket opens. */
async function dropAndReconnect(awayMs: number) {
  const count = h.sockets.length;
  h.sock.close(428, 'Connection Closed');
  await h.until(() => h.sockets.length === count + 1);
  h.clock.t += awayMs;
  const online = h.of('statusChanged').filter((e) => e.status === 'online').length;
  h.sock.open();
  await h.until(() => h.of('statusChanged').filter((e) => e.status === 'online').length > online);
}

describe('after a reconnect', () => {
  it('stores each message missed while away once, from the history sync and live replays', async () => {
    const live = await fromAnn('before the drop');
    h.sock.inbound([live]);
    await h.until(() => h.of('message').length === 1);
    h.clock.t += 1000;

    await dropAndReconnect(120_000);
    // While away Ann wrote twice (sent 30 s and 60 s after the drop).
    const missed1 = await fromAnn('while away 1', -90_000);
    const missed2 = await fromAnn('while away 2', -60_000);
    // The history sync brings the live one again and both missed ones …
    history([live, missed1, missed2]);
    await h.until(() => h.of('message').length === 3);
    // … and WhatsApp's offline delivery replays one of them, then the sync comes again.
    h.sock.inbound([missed2], 'append');
    history([live, missed1, missed2]);
    const after = await fromAnn('after the reconnect');
    h.sock.inbound([after]);
    await h.until(() => h.of('message').length >= 4);
    await h.settle();

    expect(texts()).toEqual([
      'before the drop',
      'while away 1',
      'while away 2',
      'after the reconnect',
    ]);
    expect(h.of('message').every((m) => m.peerId === ANN && !m.fromSelf)).toBe(true);
    expect(h.gateway.recoveredMessages?.()).toBe(2);
  });

  it('after a restart, what came since the last stored message is recovered', async () => {
    const live = await fromAnn('last one stored');
    h.sock.inbound([live]);
    await h.until(() => h.of('message').length === 1);
    await h.restart();
    h.clock.t += 600_000;
    await h.gateway.resume(ME_ID);
    h.sock.open();
    await h.until(() => h.of('statusChanged').at(-1)?.status === 'online');
    const missed = await fromAnn('while the server was down', -300_000);
    history([live, missed]);
    await h.until(() => h.of('message').length === 2);
    expect(texts()).toEqual(['last one stored', 'while the server was down']);
    expect(h.gateway.recoveredMessages?.()).toBe(1);
  });

  it('passes on again, when the connection opens, what the console did not keep', async () => {
    // The console's store fails on its first try of one message (its batch rolled back, or the
    // server died before its commit): WhatsApp will not send it again, this adapter must.
    let failOnce = true;
    h.gateway.on('message', (m) => {
      if (m.content !== 'not kept' || !failOnce) return undefined;
      failOnce = false;
      return { kept: Promise.reject(new Error('the batch rolled back')) };
    });
    const lost = await fromAnn('not kept');
    const ok = await fromAnn('kept');
    h.sock.inbound([lost, ok]);
    await eventually(async () => (await deliveredOf([lost, ok])).join() === 'false,true');

    await dropAndReconnect(1000);
    await eventually(async () => (await deliveredOf([lost, ok])).join() === 'true,true');
    expect(texts()).toEqual(['not kept', 'kept', 'not kept']);
    // Not a gap closed: it was here all along.
    expect(h.gateway.recoveredMessages?.()).toBe(0);
  });

  it('passes a message on once while the console is still storing it', async () => {
    let keep!: () => void;
    const stored = new Promise<void>((r) => (keep = r));
    h.gateway.on('message', () => ({ kept: stored }));
    const msg = await fromAnn('told twice');
    h.sock.inbound([msg]);
    await h.until(() => h.of('message').length === 1);
    // WhatsApp replays it before the console's batch committed; a later message comes after.
    h.sock.inbound([msg]);
    h.sock.inbound([await fromAnn('after it')]);
    await h.until(() => h.of('message').length === 2);
    keep();
    await eventually(async () => (await deliveredOf([msg])).join() === 'true');
    expect(texts()).toEqual(['told twice', 'after it']);
  });

  it('passes on again a receipt, a revoke, an edit and a read the console did not keep', async () => {
    // Baileys acknowledges these to WhatsApp at once: nobody sends them again but this adapter.
    const failed = new Set<string>();
    const failOnce = (name: string) => () => {
      if (failed.has(name)) return undefined;
      failed.add(name);
      return { kept: Promise.reject(new Error('the batch rolled back')) };
    };
    h.gateway.on('sendReceipt', (r) => (r.status === 'read' ? failOnce('receipt')() : undefined));
    h.gateway.on('revoked', failOnce('revoked'));
    h.gateway.on('messageEdited', failOnce('edited'));
    h.gateway.on('readSync', failOnce('readSync'));

    const sent = await h.gateway.send({
      workWxid: ME_ID,
      requestId: 'req-tick',
      talkType: 1,
      peerId: ANN,
      message: { kind: 'text', content: 'read me' },
    });
    const mine = { remoteJid: ANN, id: sent.msgId, fromMe: true };
    const revokedMsg = await fromAnn('to be revoked');
    const editedMsg = await fromAnn('meet at 3');
    h.sock.inbound([revokedMsg, editedMsg]);
    await h.until(() => h.of('message').length === 2);
    h.sock.ev.emit('messages.update', [
      { key: mine, update: { status: proto.WebMessageInfo.Status.READ } },
      {
        key: { remoteJid: ANN, id: revokedMsg.key.id, fromMe: false },
        update: { message: null, messageStubType: proto.WebMessageInfo.StubType.REVOKE },
      },
      {
        key: { remoteJid: ANN, id: editedMsg.key.id, fromMe: false },
        update: {
          message: { editedMessage: { message: { conversation: 'meet at 4' } } },
          messageTimestamp: 1_800_000_000,
        },
      },
      {
        key: { remoteJid: ANN, id: editedMsg.key.id, fromMe: false },
        update: { status: proto.WebMessageInfo.Status.READ },
      },
    ]);
    await h.until(() => h.of('readSync').length === 1);
    // Each waits in the adapter's store until the console keeps it: the four failed.
    await eventually(async () => (await wa.database.db.select().from(waEvents)).length === 4);

    // Reopening a connection passes each on again, once, in the order they came.
    const before = h.events.length;
    await dropAndReconnect(1000);
    await eventually(async () => (await wa.database.db.select().from(waEvents)).length === 0);
    const again = h.events
      .slice(before)
      .filter((e) => ['sendReceipt', 'revoked', 'messageEdited', 'readSync'].includes(e.name));
    expect(again.map((e) => e.name)).toEqual([
      'sendReceipt',
      'revoked',
      'messageEdited',
      'readSync',
    ]);
    expect(again[0]!.data).toMatchObject({ requestId: 'req-tick', status: 'read' });
    expect(again[1]!.data).toMatchObject({ msgId: revokedMsg.key.id, peerId: ANN });
    expect(again[2]!.data).toMatchObject({
      msgId: editedMsg.key.id,
      content: 'meet at 4',
      at: 1_800_000_000_000,
    });
    // Kept this time: a further reopen has nothing to pass on.
    const kept = h.events.length;
    await dropAndReconnect(1000);
    await h.settle();
    expect(
      h.events
        .slice(kept)
        .filter((e) => ['sendReceipt', 'revoked', 'messageEdited', 'readSync'].includes(e.name)),
    ).toEqual([]);
  });

  it('after a kill, a revoke not kept comes after the message it revokes', async () => {
    let fail = true;
    h.gateway.on('message', () =>
      fail ? { kept: Promise.reject(new Error('killed before the commit')) } : undefined,
    );
    h.gateway.on('revoked', () =>
      fail ? { kept: Promise.reject(new Error('killed before the commit')) } : undefined,
    );
    const msg = await fromAnn('gone soon');
    h.sock.inbound([msg]);
    h.sock.ev.emit('messages.update', [
      {
        key: { remoteJid: ANN, id: msg.key.id, fromMe: false },
        update: { message: null, messageStubType: proto.WebMessageInfo.StubType.REVOKE },
      },
    ]);
    await h.until(() => h.of('revoked').length === 1);
    await eventually(async () => (await wa.database.db.select().from(waEvents)).length === 1);
    fail = false;
    await h.restart();
    const before = h.events.length;
    await h.gateway.resume(ME_ID);
    h.sock.open();
    await h.until(() => h.of('revoked').length === 2);
    await eventually(async () => (await wa.database.db.select().from(waEvents)).length === 0);
    expect(
      h.events
        .slice(before)
        .filter((e) => e.name === 'message' || e.name === 'revoked')
        .map((e) => [e.name, (e.data as { msgId: string }).msgId]),
    ).toEqual([
      ['message', msg.key.id],
      ['revoked', msg.key.id],
    ]);
  });

  it('a first login takes the history sync for contacts only, not as new messages', async () => {
    const old = await fromAnn('an old chat', -86_400_000);
    history([old]);
    const now = await fromAnn('new');
    h.sock.inbound([now]);
    await h.until(() => h.of('message').length === 1);
    await h.settle();
    expect(texts()).toEqual(['new']);
    expect(h.gateway.recoveredMessages?.()).toBe(0);
  });
});
