import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MessageItem } from '@cst/shared';
import { pushEvents } from '../../db/schema/index.ts';
import { useTestServer, type Session } from '../../../test/support.ts';
import { buildAccount, quickSimulator, signInAs } from '../../../test/factories.ts';
import { apiAs, eventually, type ListedAccount } from '../accounts/account.test-support.ts';
import { TranslationService } from './translation.service.ts';

/** A small local service speaking the LibreTranslate API. */
function fakeTranslator() {
  const requests: Record<string, unknown>[] = [];
  const dictionary: Record<string, Record<string, string>> = {
    en: { 你好: 'Hello', 请不要私下转账: 'Please do not transfer money privately' },
    ja: { 你好: 'こんにちは' },
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET' && req.url === '/languages') {
        res.end(
          JSON.stringify([
            { code: 'en', name: 'English', targets: ['zh', 'ja'] },
            { code: 'zh', name: 'Chinese', targets: ['en', 'ja'] },
            { code: 'ja', name: 'Japanese', targets: ['en', 'zh'] },
          ]),
        );
        return;
      }
      if (req.method === 'POST' && req.url === '/translate') {
        const body = JSON.parse(raw) as {
          q: string;
          source: string;
          target: string;
          format: string;
        };
        requests.push(body);
        if (body.q === 'boom') {
          res.statusCode = 500;
          res.end(JSON.stringify({ error: 'engine crashed' }));
          return;
        }
        const text = dictionary[body.target]?.[body.q] ?? `[${body.target}] ${body.q}`;
        res.end(
          JSON.stringify({
            translatedText: text,
            ...(body.source === 'auto'
              ? { detectedLanguage: { confidence: 90, language: 'zh' } }
              : {}),
          }),
        );
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: 'not found' }));
    });
  });
  return { server, requests };
}

const fake = fakeTranslator();
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => fake.server.close(resolve));
});
const ctx = useTestServer(() => ({
  translateUrl: `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/`,
}));
let demo: Session;
let seat1: Session;
let seat2: Session;
let acc: ListedAccount;
const FRIEND = 'wxid_tr_friend_1';
const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);

async function inbound(content: string) {
  const r = await api().post<{ msgId: string }>('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid: FRIEND,
    talkType: 1,
    msgType: 1,
    content,
  });
  return eventually(async () => {
    const list = await api().post<{ list: MessageItem[] }>('/main-api/conv/messages', {
      index_name: `1__${FRIEND}__${acc.wxid}`,
      limit: 100,
    });
    return list.status === 200 ? list.data.list.find((m) => m.msgId === r.data.msgId) : undefined;
  });
}

beforeAll(async () => {
  ({ demo, seat1, seat2 } = await signInAs(ctx, 'demo', 'seat1', 'seat2'));
  acc = await buildAccount(ctx, demo, { nickname: '翻译测试号', distributeTo: seat1 });
  await quickSimulator(ctx, demo);
});

describe('translation assistant', () => {
  it('says a provider is configured and lists its languages', async () => {
    expect((await api(seat1).get('/api/v1/translate/capability')).data).toEqual({ enabled: true });
    const langs = await api(seat1).get<{ list: { code: string; name: string }[] }>(
      '/api/v1/translate/languages',
    );
    expect(langs.status).toBe(200);
    expect(langs.data.list).toEqual([
      { code: 'en', name: 'English' },
      { code: 'zh', name: 'Chinese' },
      { code: 'ja', name: 'Japanese' },
    ]);
  });

  it('translates a message on demand and pushes `translate` to the caller only', async () => {
    const msg = await inbound('你好');
    const r = await api(seat1).post<{ text: string; source: string; target: string }>(
      '/api/v1/translate/message',
      { messageId: msg.messageId, target: 'en' },
    );
    expect(r.status, r.message).toBe(200);
    expect(r.data).toEqual({ text: 'Hello', source: 'zh', target: 'en' });
    expect(fake.requests.at(-1)).toEqual({
      q: '你好',
      source: 'auto',
      target: 'en',
      format: 'text',
    });
    const pushes = await ctx.deps.db
      .select()
      .from(pushEvents)
      .where(eq(pushEvents.event, 'translate'));
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.userIds).toEqual([seat1.uid]);
    expect(pushes[0]!.data).toMatchObject({
      messageId: msg.messageId,
      text: 'Hello',
      target: 'en',
      index_name: `1__${FRIEND}__${acc.wxid}`,
    });
    expect(
      (
        await api(seat2).post('/api/v1/translate/message', {
          messageId: msg.messageId,
          target: 'en',
        })
      ).status,
    ).toBe(404);
  });

  it('refuses without a language, with an unknown one, and when there is no text', async () => {
    const msg = await inbound('你好');
    const none = await api(seat1).post('/api/v1/translate/message', {
      messageId: msg.messageId,
      target: '',
    });
    expect(none.status).toBe(400);
    expect(none.message).toBe('请选择翻译语言');
    const unknown = await api(seat1).post('/api/v1/translate/message', {
      messageId: msg.messageId,
      target: 'xx',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe('不支持的翻译语言');
    const empty = await api(seat1).post('/api/v1/translate/text', { text: '', target: 'en' });
    expect(empty.status).toBe(400);
  });

  it('translates outgoing text, and auto translate sends the translation (language required)', async () => {
    const t = await api(seat1).post<{ text: string }>('/api/v1/translate/text', {
      text: '你好',
      target: 'ja',
    });
    expect(t.data.text).toBe('こんにちは');
    const noLang = await api(seat1).post('/api/v1/translate/send', {
      workWxid: acc.wxid,
      receiver_id: FRIEND,
      talkType: 1,
      content: '请不要私下转账',
      sendingUUid: 'tr-1',
    });
    expect(noLang.status).toBe(400);
    expect(noLang.message).toBe('请选择翻译语言');
    const sent = await api(seat1).post<{ messageId: string; text: string }>(
      '/api/v1/translate/send',
      {
        workWxid: acc.wxid,
        receiver_id: FRIEND,
        talkType: 1,
        content: '请不要私下转账',
        sendingUUid: 'tr-2',
        target: 'en',
      },
    );
    expect(sent.status, sent.message).toBe(200);
    expect(sent.data.text).toBe('Please do not transfer money privately');
    const m = await eventually(async () => {
      const list = await api(seat1).post<{ list: MessageItem[] }>('/main-api/conv/messages', {
        index_name: `1__${FRIEND}__${acc.wxid}`,
      });
      const x = list.data.list.find((y) => y.messageId === sent.data.messageId);
      return x?.msgId ? x : undefined;
    });
    expect(m).toMatchObject({
      content: 'Please do not transfer money privately',
      sendSide: 1,
      msgType: 1,
    });
  });

  it('answers 409 in the user’s language when the service fails', async () => {
    const r = await api(seat1, 'en').post('/api/v1/translate/text', { text: 'boom', target: 'en' });
    expect(r.status).toBe(409);
    expect(r.message).toBe('Translation failed, try again later');
  });

  it('is off without a provider', async () => {
    const none = { providerFor: () => Promise.resolve(null) };
    const off = new TranslationService(ctx.deps, none, ctx.deps.media.outbox);
    const who = { tenantId: demo.tenantId };
    expect(await off.capability(who)).toEqual({ enabled: false });
    await expect(off.languages(who)).rejects.toMatchObject({
      status: 404,
      key: 'translationDisabled',
    });
    await expect(off.translateText(who, 'a', 'en')).rejects.toMatchObject({ status: 404 });
  });
});

describe('auto translation of a conversation', () => {
  const index = () => `1__${FRIEND}__${acc.wxid}`;

  it('needs both languages to turn on, keeps them per seat, and turns off', async () => {
    const get = (s: Session) => api(s).post('/api/v1/translate/auto/get', { index_name: index() });
    expect((await get(seat1)).data).toEqual({ enabled: false, seatLang: null, peerLang: null });
    const set = (s: Session, body: Record<string, unknown>, lang?: string) =>
      api(s, lang).post('/api/v1/translate/auto/set', { index_name: index(), ...body });
    const noLang = await set(seat1, { enabled: true, seatLang: 'zh' });
    expect([noLang.status, noLang.message]).toEqual([400, '请选择翻译语言']);
    expect((await set(seat1, { enabled: true }, 'en')).message).toBe(
      'Choose a language to translate into',
    );
    const unknown = await set(seat1, { enabled: true, seatLang: 'zh', peerLang: 'xx' });
    expect([unknown.status, unknown.message]).toEqual([400, '不支持的翻译语言']);
    expect((await set(seat1, { enabled: 'yes' })).status).toBe(400);
    expect((await set(seat2, { enabled: true, seatLang: 'en', peerLang: 'ja' })).status).toBe(404);
    expect((await get(seat2)).status).toBe(404);
    const on = await set(seat1, { enabled: true, seatLang: 'en', peerLang: 'ja' });
    expect(on.data).toEqual({ enabled: true, seatLang: 'en', peerLang: 'ja' });
    expect((await get(seat1)).data).toEqual(on.data);
    // Another seat of the same chat has its own setting.
    expect((await get(demo)).data).toMatchObject({ enabled: false });
    expect((await set(seat1, { enabled: false })).data).toMatchObject({ enabled: false });
    await set(seat1, { enabled: true, seatLang: 'en', peerLang: 'ja' });
  });

  it('translates the text messages asked for once, from the cache after, and pushes new ones', async () => {
    const hello = await inbound('你好');
    const other = await inbound('[图片]');
    const picture = await api().post<{ msgId: string }>('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: FRIEND,
      talkType: 1,
      msgType: 2,
      content: '',
    });
    const pic = await eventually(async () => {
      const list = await api().post<{ list: MessageItem[] }>('/main-api/conv/messages', {
        index_name: index(),
        limit: 100,
      });
      return list.data.list.find((m) => m.msgId === picture.data.msgId);
    });
    const asked = fake.requests.length;
    const pushesBefore = (
      await ctx.deps.db.select().from(pushEvents).where(eq(pushEvents.event, 'translate'))
    ).length;
    const ids = [hello.messageId, other.messageId, pic.messageId];
    const r = await api(seat1).post<{ list: { messageId: string; text: string }[] }>(
      '/api/v1/translate/messages',
      { index_name: index(), messageIds: ids, target: 'en' },
    );
    expect(r.status, r.message).toBe(200);
    expect(r.data.list.map((t) => [t.messageId, t.text])).toEqual([
      [hello.messageId, 'Hello'],
      [other.messageId, '[en] [图片]'],
    ]);
    // The LibreTranslate request shape; the picture has no text and is not sent, and 你好 was
    // translated into English before (another message): the text cache answers it.
    expect(fake.requests.slice(asked)).toEqual([
      { q: '[图片]', source: 'auto', target: 'en', format: 'text' },
    ]);
    const pushes = await ctx.deps.db
      .select()
      .from(pushEvents)
      .where(eq(pushEvents.event, 'translate'));
    expect(pushes.length - pushesBefore).toBe(2);
    expect(pushes.at(-1)!.userIds).toEqual([seat1.uid]);

    const again = await api(seat1).post<{ list: { text: string }[] }>(
      '/api/v1/translate/messages',
      { index_name: index(), messageIds: ids, target: 'en' },
    );
    expect(again.data.list.map((t) => t.text)).toEqual(['Hello', '[en] [图片]']);
    expect(fake.requests.length).toBe(asked + 1);
  });

  it('answers 404 outside the caller’s view and 400 for bad input', async () => {
    const msg = await inbound('你好');
    const body = { index_name: index(), messageIds: [msg.messageId], target: 'en' };
    expect((await api(seat2).post('/api/v1/translate/messages', body)).status).toBe(404);
    for (const bad of [
      { ...body, messageIds: [] },
      { ...body, messageIds: Array.from({ length: 51 }, (_, i) => String(i + 1)) },
      { ...body, messageIds: ['x'] },
      { ...body, target: '' },
      { ...body, index_name: 'nope' },
    ]) {
      expect((await api(seat1).post('/api/v1/translate/messages', bad)).status).toBe(400);
    }
    // Another conversation's message is simply left out.
    const foreign = await api(seat1).post<{ list: unknown[] }>('/api/v1/translate/messages', {
      ...body,
      index_name: `1__wxid_someone_else__${acc.wxid}`,
    });
    expect(foreign.status).toBe(404);
  });
});
