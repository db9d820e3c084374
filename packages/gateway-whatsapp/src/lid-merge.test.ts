import { describe, expect, it } from 'vitest';
import { waEvents, waMessages } from './seam.ts';
import { inboundMessage, ME_ID, type WaHarness, useLoggedInWa } from './test-support.ts';

// One person, one chat (issue 34 item 4): a person first seen by phone id whose LID WhatsApp
// reports later — in a message key, a contact, `lid-mapping.update` or the history sync — is
// merged into the LID once (`personMerged`), and the phone id resolves to the LID from then on,
// also after a restart.

let h: WaHarness;
const wa = useLoggedInWa((made) => (h = made));

const CAROL_PN = '8613900000003@s.whatsapp.net';
const CAROL = '444444444444444@lid';
let n = 0;
const nextId = () => `3A${String(++n).padStart(18, '0')}`;

/** Carol writes; resolves with the message event. */
async function carolWrites(text: string, from: { remoteJid: string; alt?: string }) {
  const msg = await inboundMessage(h.media, { text }, { ...from, id: nextId(), pushName: 'Carol' });
  const before = h.of('message').length;
  h.sock.inbound([msg]);
  await h.until(() => h.of('message').length > before);
  return h.of('message').at(-1)!;
}

/** Carol is known by her phone id only: one chat, one contact under it. */
async function carolByPhone() {
  const first = await carolWrites('hello', { remoteJid: CAROL_PN });
  expect(first.peerId).toBe(CAROL_PN);
  expect((await h.gateway.listContacts(ME_ID)).map((c) => c.wxid)).toEqual([CAROL_PN]);
}

const names = () => h.events.map((e) => e.name);

describe('one person, one chat', () => {
  it('inbound: the LID in a message key merges the phone id first, then resolves it', async () => {
    await carolByPhone();
    const second = await carolWrites('now with my LID', { remoteJid: CAROL_PN, alt: CAROL });
    expect(second.peerId).toBe(CAROL);
    expect(h.of('personMerged')).toEqual([
      {
        workWxid: ME_ID,
        wxid: CAROL,
        aliasWxid: CAROL_PN,
        contact: expect.objectContaining({
          wxid: CAROL,
          alias: '8613900000003',
          nickname: 'Carol',
        }),
        at: expect.any(Number),
      },
    ]);
    // The console hears of the merge before any message under the LID.
    const merged = names().indexOf('personMerged');
    expect(names().lastIndexOf('message')).toBeGreaterThan(merged);
    expect(h.of('contactsChanged').flatMap((c) => c.added.map((x) => x.wxid))).not.toContain(CAROL);
    const contacts = await h.gateway.listContacts(ME_ID);
    expect(contacts).toEqual([expect.objectContaining({ wxid: CAROL, alias: '8613900000003' })]);

    // The phone id alone now reaches the same chat.
    const third = await carolWrites('phone only again', { remoteJid: CAROL_PN });
    expect(third.peerId).toBe(CAROL);
    expect(h.of('personMerged')).toHaveLength(1);
  });

  it('lid-mapping.update merges once; a replay changes nothing', async () => {
    await carolByPhone();
    h.sock.ev.emit('lid-mapping.update', { lid: CAROL, pn: CAROL_PN });
    await h.until(() => h.of('personMerged').length === 1);
    expect(h.of('personMerged')[0]).toMatchObject({ wxid: CAROL, aliasWxid: CAROL_PN });
    h.sock.ev.emit('lid-mapping.update', { lid: CAROL, pn: CAROL_PN });
    h.sock.ev.emit('contacts.upsert', [{ id: CAROL, phoneNumber: CAROL_PN }]);
    await h.until(() => names().filter((x) => x === 'contactsChanged').length >= 2);
    await h.settle();
    expect(h.of('personMerged')).toHaveLength(1);
    expect((await h.gateway.listContacts(ME_ID)).map((c) => c.wxid)).toEqual([CAROL]);
  });

  it('a pair this adapter has no row of is told all the same: the console may hold old chats', async () => {
    h.sock.ev.emit('lid-mapping.update', { lid: CAROL, pn: CAROL_PN });
    await h.until(() => h.of('personMerged').length === 1);
    expect(h.of('personMerged')[0]).toMatchObject({
      wxid: CAROL,
      aliasWxid: CAROL_PN,
      contact: null,
    });
    h.sock.ev.emit('lid-mapping.update', { lid: CAROL, pn: CAROL_PN });
    await carolWrites('hi', { remoteJid: CAROL_PN });
    expect(h.of('personMerged')).toHaveLength(1);
    expect(h.of('message').at(-1)!.peerId).toBe(CAROL);
  });

  it('history sync: its LID mappings merge the people it names', async () => {
    await carolByPhone();
    h.sock.ev.emit('messaging-history.set', {
      chats: [],
      contacts: [],
      messages: [],
      lidPnMappings: [{ lid: CAROL, pn: CAROL_PN }],
    });
    await h.until(() => h.of('personMerged').length === 1);
    expect(h.of('personMerged')[0]).toMatchObject({ wxid: CAROL, aliasWxid: CAROL_PN });
  });

  it('blocklist: a person blocked by phone id stays blocked under the LID', async () => {
    h.sock.ev.emit('blocklist.update', { blocklist: [CAROL_PN], type: 'add' });
    await h.until(() => h.of('contactsChanged').some((c) => c.added[0]?.blacklist));
    h.sock.ev.emit('contacts.upsert', [{ id: CAROL, phoneNumber: CAROL_PN, notify: 'Carol' }]);
    await h.until(() => h.of('personMerged').length === 1);
    expect(h.of('personMerged')[0]!.contact).toMatchObject({ wxid: CAROL, blacklist: true });
    const contacts = await h.gateway.listContacts(ME_ID);
    expect(contacts).toEqual([expect.objectContaining({ wxid: CAROL, blacklist: true })]);
  });

  it('a merge the console did not keep is told again after a restart, before the messages', async () => {
    await carolByPhone();
    let fail = true;
    const killed = () =>
      fail ? { kept: Promise.reject(new Error('killed before the commit')) } : undefined;
    h.gateway.on('personMerged', killed);
    h.gateway.on('message', killed);
    await carolWrites('now with my LID', { remoteJid: CAROL_PN, alt: CAROL });
    await h.until(() => h.of('personMerged').length === 1);
    await h.settle();
    expect(await wa.database.db.select({ key: waEvents.key }).from(waEvents)).toEqual([
      { key: `merge:${CAROL_PN}:${CAROL}` },
    ]);
    fail = false;
    await h.restart();
    const before = h.events.length;
    await h.gateway.resume(ME_ID);
    h.sock.open();
    await h.until(() => h.of('personMerged').length === 2 && h.of('message').length === 3);
    await h.settle();
    // The merge first, then the message under the LID it was about; both kept this time.
    expect(
      h.events
        .slice(before)
        .filter((e) => e.name === 'personMerged' || e.name === 'message')
        .map(({ name, data }) => [
          name,
          'peerId' in data ? data.peerId : (data as { wxid: string }).wxid,
        ]),
    ).toEqual([
      ['personMerged', CAROL],
      ['message', CAROL],
    ]);
    expect(h.of('personMerged')[1]).toMatchObject({ wxid: CAROL, aliasWxid: CAROL_PN });
    expect(await wa.database.db.select().from(waEvents)).toEqual([]);
    expect((await wa.database.db.select().from(waMessages)).every((m) => m.delivered)).toBe(true);
  });

  it('after a restart the phone id still resolves to the LID, with no second merge', async () => {
    await carolByPhone();
    await carolWrites('with LID', { remoteJid: CAROL_PN, alt: CAROL });
    await h.restart();
    await h.gateway.resume(ME_ID);
    h.sock.open();
    await h.until(() => h.of('statusChanged').at(-1)?.status === 'online');
    const later = await carolWrites('after restart', { remoteJid: CAROL_PN });
    expect(later.peerId).toBe(CAROL);
    expect(h.of('personMerged')).toHaveLength(1);
  });
});
