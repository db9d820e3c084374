import { describe, expect, it } from 'vitest';
import { inboundMessage, ME_ID, type WaHarness, useLoggedInWa } from './test-support.ts';

// The blacklist on WhatsApp: block / unblock through `updateBlockStatus`, the blocklist read when
// the socket opens and kept current from `blocklist.*` events, each change a `contactsChanged`.

let h: WaHarness;
useLoggedInWa((made) => (h = made));

const ANN_PN = '8613900000001@s.whatsapp.net';
const ANN = '222222222222222@lid';
const BOB = '333333333333333@lid';
const CAROL_PN = '8613900000003@s.whatsapp.net';

/** Ann writes from her phone number with her LID beside it: one person, known by both ids. */
async function annWrites() {
  const msg = await inboundMessage(
    h.media,
    { text: 'hi' },
    { remoteJid: ANN_PN, alt: ANN, id: '3A0000000000000000B1', pushName: 'Ann' },
  );
  h.sock.inbound([msg]);
  await h.until(() => h.of('message').length === 1);
}

const lastChange = () => h.of('contactsChanged').at(-1)!;
const blockedOf = async () =>
  (await h.gateway.listContacts(ME_ID))
    .filter((c) => c.blacklist)
    .map((c) => c.wxid)
    .sort();

describe('blocking a person', () => {
  it('blocks and unblocks through updateBlockStatus with the canonical id', async () => {
    await annWrites();
    const out = await h.gateway.updateFriendInfo(ME_ID, ANN_PN, { blacklist: true });
    expect(h.sock.calls.at(-1)).toEqual({ method: 'updateBlockStatus', args: [ANN, 'block'] });
    expect(out).toMatchObject({ wxid: ANN, blacklist: true, alias: '8613900000001' });
    await h.until(() => lastChange().updated[0]?.blacklist === true);
    expect(lastChange().updated.map((c) => c.wxid)).toEqual([ANN]);
    expect(await blockedOf()).toEqual([ANN]);
    expect(await h.gateway.getFriendInfo(ME_ID, ANN)).toMatchObject({ blacklist: true });

    await h.gateway.updateFriendInfo(ME_ID, ANN, { blacklist: false });
    expect(h.sock.calls.at(-1)).toEqual({ method: 'updateBlockStatus', args: [ANN, 'unblock'] });
    await h.until(() => lastChange().updated[0]?.blacklist === false);
    expect(await blockedOf()).toEqual([]);
  });

  it('asks WhatsApp nothing when the state is already so', async () => {
    await annWrites();
    const out = await h.gateway.updateFriendInfo(ME_ID, ANN, { blacklist: false });
    expect(out.blacklist).toBe(false);
    expect(h.sock.calls.map((c) => c.method)).not.toContain('updateBlockStatus');
  });

  it('refuses star and pin, unknown people and offline accounts', async () => {
    await annWrites();
    await expect(h.gateway.updateFriendInfo(ME_ID, ANN, { star: true })).rejects.toMatchObject({
      code: 'unsupported',
    });
    await expect(
      h.gateway.updateFriendInfo(ME_ID, ANN, { blacklist: true, topChat: true }),
    ).rejects.toMatchObject({ code: 'unsupported' });
    await expect(
      h.gateway.updateFriendInfo(ME_ID, '999999999999999@lid', { blacklist: true }),
    ).rejects.toMatchObject({ code: 'notFound' });
    await expect(
      h.gateway.updateFriendInfo('nobody@lid', ANN, { blacklist: true }),
    ).rejects.toMatchObject({ code: 'notHeld' });
    h.sock.close(503, 'Service Unavailable');
    await h.until(() => h.of('statusChanged').at(-1)?.status === 'offline');
    await expect(h.gateway.updateFriendInfo(ME_ID, ANN, { blacklist: true })).rejects.toMatchObject(
      { code: 'notOnline' },
    );
    expect(h.sock.calls.map((c) => c.method)).not.toContain('updateBlockStatus');
  });

  it("maps WhatsApp's refusals to gateway errors and keeps the state", async () => {
    await annWrites();
    const boom = (message: string, statusCode: number) =>
      Object.assign(new Error(message), { output: { statusCode } });
    h.sock.failBlock = boom(`Unable to resolve PN JID for LID: ${ANN}`, 400);
    await expect(h.gateway.updateFriendInfo(ME_ID, ANN, { blacklist: true })).rejects.toMatchObject(
      { code: 'invalid', message: expect.stringContaining('Unable') },
    );
    h.sock.failBlock = boom('Timed Out', 408);
    await expect(h.gateway.updateFriendInfo(ME_ID, ANN, { blacklist: true })).rejects.toMatchObject(
      { code: 'failed', message: 'Timed Out' },
    );
    expect(await blockedOf()).toEqual([]);
    expect(h.of('contactsChanged').some((e) => e.updated.some((c) => c.blacklist))).toBe(false);
  });
});

describe('the blocklist from WhatsApp', () => {
  it('is read when the socket opens: listed people blocked, others unblocked, new ones added', async () => {
    await annWrites();
    await h.gateway.updateFriendInfo(ME_ID, ANN, { blacklist: true });
    await h.restart();
    await h.gateway.resume(ME_ID);
    // Meanwhile the phone unblocked Ann and blocked Bob and Carol (Carol never wrote).
    h.sock.blocklist = [BOB, CAROL_PN];
    const before = h.of('contactsChanged').length;
    h.sock.open();
    await h.until(() => h.of('contactsChanged').length > before);
    expect(h.sock.calls.map((c) => c.method)).toContain('fetchBlocklist');
    const change = lastChange();
    expect(change.added.map((c) => [c.wxid, c.blacklist]).sort()).toEqual([
      [BOB, true],
      [CAROL_PN, true],
    ]);
    expect(change.updated.map((c) => [c.wxid, c.blacklist])).toEqual([[ANN, false]]);
    expect(await blockedOf()).toEqual([BOB, CAROL_PN].sort());
  });

  it('a read answered after a block from the console does not undo it', async () => {
    await annWrites();
    await h.restart();
    await h.gateway.resume(ME_ID);
    // The read on open is slow: WhatsApp answers with the list as it was before the block.
    let answer: (jids: string[]) => void = () => undefined;
    const stale = new Promise<string[]>((r) => (answer = r));
    const read = h.sock.fetchBlocklist;
    h.sock.fetchBlocklist = () => {
      h.sock.fetchBlocklist = read;
      return stale;
    };
    h.sock.open();
    await h.until(() => h.of('statusChanged').at(-1)?.status === 'online');
    await h.gateway.updateFriendInfo(ME_ID, ANN, { blacklist: true });
    answer([]);
    // The stale list is dropped and read again (now with Ann).
    await h.until(() => h.sock.calls.filter((c) => c.method === 'fetchBlocklist').length > 0);
    await h.settle();
    expect(await blockedOf()).toEqual([ANN]);
  });

  it('a blocklist read that fails leaves the stored state', async () => {
    await annWrites();
    await h.gateway.updateFriendInfo(ME_ID, ANN, { blacklist: true });
    await h.restart();
    await h.gateway.resume(ME_ID);
    h.sock.fetchBlocklist = async () => {
      throw new Error('Timed Out');
    };
    h.sock.open();
    await h.until(() => h.of('statusChanged').at(-1)?.status === 'online');
    await h.settle();
    expect(await blockedOf()).toEqual([ANN]);
  });

  it('follows blocklist.update and blocklist.set, mapping phone ids to the LID', async () => {
    await annWrites();
    const n = h.of('contactsChanged').length;
    h.sock.ev.emit('blocklist.update', { blocklist: [ANN_PN], type: 'add' });
    await h.until(() => h.of('contactsChanged').length > n);
    expect(lastChange().updated.map((c) => [c.wxid, c.blacklist])).toEqual([[ANN, true]]);

    // The same state again is no change (e.g. the echo of the console's own block).
    h.sock.ev.emit('blocklist.update', { blocklist: [ANN], type: 'add' });
    h.sock.ev.emit('blocklist.update', { blocklist: [ANN], type: 'remove' });
    await h.until(() => lastChange().updated[0]?.blacklist === false);
    expect(h.of('contactsChanged').length).toBe(n + 2);

    h.sock.ev.emit('blocklist.set', { blocklist: [BOB, ME_ID, '120363000000000001@g.us'] });
    await h.until(() => h.of('contactsChanged').length === n + 3);
    expect(lastChange().added.map((c) => [c.wxid, c.blacklist])).toEqual([[BOB, true]]);
    expect(await blockedOf()).toEqual([BOB]);
  });
});
