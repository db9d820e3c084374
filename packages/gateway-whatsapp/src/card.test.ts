import { describe, expect, it } from 'vitest';
import { cardPhoneOf } from './outbound.ts';
import { ME_ID, type WaHarness, useLoggedInWa } from './test-support.ts';

// A WhatsApp contact card carries a phone number. The adapter tells the console whose card it can
// send (`canSendCardOf`, judged from the contact as it listed it), and a card of a person the
// console knows by a LID goes with the phone number the account learned for it — never with the
// LID's digits, which are no phone number.

let h: WaHarness;
useLoggedInWa((made) => (h = made));

const ANN = '222222222222222@lid';
const BOB = '333333333333333@lid';
const BOB_PHONE = '8613900000003';

const sendCard = (wxid: string, requestId: string) =>
  h.gateway.send({
    workWxid: ME_ID,
    peerId: ANN,
    talkType: 1,
    requestId,
    message: { kind: 'card', wxid, nickname: 'Bob', avatar: '' },
  });
const cardCalls = () =>
  h.sock.calls.filter(
    (c) => c.method === 'sendMessage' && 'contacts' in (c.args[1] as Record<string, unknown>),
  );

describe('contact cards', () => {
  it('takes the phone from a phone-number id or the listed phone, never from a LID', () => {
    expect(cardPhoneOf({ wxid: `${BOB_PHONE}@s.whatsapp.net` })).toBe(BOB_PHONE);
    expect(cardPhoneOf({ wxid: BOB, alias: BOB_PHONE })).toBe(BOB_PHONE);
    expect(cardPhoneOf({ wxid: BOB, alias: '' })).toBe('');
    expect(cardPhoneOf({ wxid: '', alias: '' })).toBe('');
    expect(h.gateway.canSendCardOf?.({ wxid: BOB, alias: '' })).toBe(false);
    expect(h.gateway.canSendCardOf?.({ wxid: BOB, alias: BOB_PHONE })).toBe(true);
  });

  it('sends a card of a LID with the phone number learned for it', async () => {
    h.sock.ev.emit('lid-mapping.update', { lid: BOB, pn: `${BOB_PHONE}@s.whatsapp.net` });
    await h.settle();
    await sendCard(BOB, 'card-learned');
    const [call] = cardCalls();
    const vcard = JSON.stringify(call!.args[1]);
    expect(vcard).toContain(`waid=${BOB_PHONE}:+${BOB_PHONE}`);
    expect(vcard).not.toContain('333333333333333');
  });

  it('refuses a card of a LID with no known phone number, sending nothing', async () => {
    await expect(sendCard(BOB, 'card-unknown')).rejects.toMatchObject({ code: 'invalid' });
    expect(cardCalls()).toEqual([]);
  });
});
