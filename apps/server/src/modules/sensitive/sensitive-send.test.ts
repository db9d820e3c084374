import { beforeAll, describe, expect, it } from 'vitest';
import type { SensitiveRefusal, SensitiveSendRules } from '@cst/shared';
import { useTestServer, type Session } from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  quickSimulator,
  signInAs,
} from '../../../test/factories.ts';
import { apiAs, type ListedAccount } from '../accounts/account.test-support.ts';

// Issue 31 §7: per tenant, a seat's text with a sensitive word is sent and recorded (record), sent
// only once the seat confirms (confirm), or refused with the word (block).

const ctx = useTestServer();
let demo: Session;
let seat1: Session;
let other: Session;
let acc: ListedAccount;
const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);
let n = 0;

function send(content: string, extra: Record<string, unknown> = {}, lang?: string) {
  return api(seat1, lang).post<{ messageId: string }>('/main-api/conv/send-text', {
    workWxid: acc.wxid,
    receiver_id: 'wxid_sens_send_peer',
    talkType: 1,
    content,
    sendingUUid: `sens-send-${++n}`,
    ...extra,
  });
}

const setMode = (mode: string, s: Session = demo) =>
  api(s).post<SensitiveSendRules>('/main-api/sensitive/mode/set', { mode });

beforeAll(async () => {
  ({ demo, seat1 } = await signInAs(ctx, 'demo', 'seat1'));
  other = await buildOtherTenant(ctx);
  acc = await buildAccount(ctx, demo, { nickname: '敏感发送号', distributeTo: seat1 });
  await quickSimulator(ctx, demo);
  const add = await api().post('/main-api/sensitive/add', { words: ['转账', 'VX'] });
  expect(add.status, add.message).toBe(200);
});

describe('sensitive words before sending', () => {
  it('records by default: the text goes and the composer gets no words', async () => {
    const rules = await api(seat1).post<SensitiveSendRules>('/main-api/sensitive/send-rules');
    expect(rules.data).toEqual({ mode: 'record', words: [] });
    expect((await send('请转账给我')).status).toBe(200);
  });

  it('confirm: refused with the word until the seat confirms', async () => {
    const set = await setMode('confirm');
    expect(set.status, set.message).toBe(200);
    const rules = await api(seat1).post<SensitiveSendRules>('/main-api/sensitive/send-rules');
    expect(rules.data.mode).toBe('confirm');
    expect(rules.data.words).toEqual(expect.arrayContaining(['转账', 'VX']));
    const first = await send('加我vx聊');
    expect(first.status).toBe(409);
    expect(first.message).toBe('消息含敏感词「VX」，请确认后再发送');
    expect(first.data as unknown as SensitiveRefusal).toEqual({
      mode: 'confirm',
      word: 'VX',
      index: 2,
      length: 2,
    });
    expect((await send('加我vx聊', { confirmSensitive: true })).status).toBe(200);
    expect((await send('没有问题的话')).status).toBe(200);
  });

  it('block: refused even when confirmed, in the caller’s language', async () => {
    expect((await setMode('block')).status).toBe(200);
    const r = await send('先转账再发货', { confirmSensitive: true }, 'en');
    expect(r.status).toBe(409);
    expect(r.message).toBe('The message contains the sensitive word "转账" and cannot be sent');
    expect(r.data as unknown as SensitiveRefusal).toMatchObject({ mode: 'block', index: 1 });
    const quote = await api(seat1).post('/main-api/conv/send-refer-message', {
      workWxid: acc.wxid,
      receiver_id: 'wxid_sens_send_peer',
      talkType: 1,
      content: '转账',
      sendingUUid: `sens-send-${++n}`,
      refMsgId: 'nope',
    });
    expect(quote.status).toBe(409);
    expect((await send('好的')).status).toBe(200);
  });

  it('is the manager’s to set, per tenant', async () => {
    expect((await setMode('record', seat1)).status).toBe(403);
    expect((await setMode('x')).status).toBe(400);
    const theirs = await api(other).post<SensitiveSendRules>('/main-api/sensitive/send-rules');
    expect(theirs.data.mode).toBe('record');
    expect((await setMode('record')).data).toEqual({ mode: 'record', words: [] });
    expect((await send('转账')).status).toBe(200);
  });
});
