import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Session } from '../../../test/support.ts';
import { buildAccount, signInAs } from '../../../test/factories.ts';
import { type ListedAccount } from '../accounts/account.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let acc: ListedAccount;

beforeAll(async () => {
  ({ demo } = await signInAs(ctx, 'demo'));
  acc = await buildAccount(ctx, demo, { nickname: '输入测试号' });
});

const NUL = 'a\u0000b';
const odd = [
  NUL,
  '',
  ' ',
  '%_\\',
  "'; drop table messages; --",
  '<img src=x onerror=alert(1)>',
  '９９９',
  '1e400',
  '99999999999999999999999',
  '-1',
  '\u202e\ud83d\ude00',
  'x'.repeat(3000),
];

/** Bodies a person (or a broken client) could send. */
function bodies(): unknown[] {
  const out: unknown[] = [{}, [], 'text', null];
  for (const v of odd) {
    out.push({
      messageId: v,
      messageIds: [v],
      record_id: v,
      options: v,
      ids: [v],
      words: [v],
      keyword: v,
      workWxid: v,
      receiver_id: v,
      index_name: v,
      talkType: 1,
      target: v,
      text: v,
      content: v,
      sendingUUid: v,
      emoticonId: v,
      fileUrl: v,
      fileName: v,
      title: v,
      url: v,
      appId: v,
      pagePath: v,
      msgType: 3,
      targets: [{ workWxid: v, receiver_id: v, talkType: 1 }],
      page: v,
      pageSize: v,
      startTime: v,
    });
    out.push({
      workWxid: acc.wxid,
      receiver_id: v,
      talkType: 1,
      sendingUUid: 'u',
      msgType: 2,
      fileUrl: `/oss-api/t/${demo.tenantId}/${v}`,
      files: [{ fileUrl: v, fileName: v }],
      title: v,
      url: `https://x.example.com/${v}`,
      thumbUrl: v,
      appId: v,
      pagePath: v,
      emoticonId: v,
      words: [v, v],
      keyword: v,
      messageId: 1,
      record_id: v,
      options: [v],
    });
  }
  return out;
}

const POSTS = [
  '/main-api/conv/send-file',
  '/main-api/conv/send-graphic-link',
  '/main-api/conv/share-mini-app',
  '/api/v1/emoticon/set-user-emoticon',
  '/api/v1/emoticon/del',
  '/api/v1/emoticon/user-emoticons',
  '/api/v1/talk/message/emoticon',
  '/api/v1/talk/forward',
  '/api/v1/talk/delete',
  '/api/v1/talk/collect',
  '/api/v1/talk/collect/list',
  '/api/v1/talk/collect/del',
  '/api/v1/talk/vote',
  '/api/v1/talk/vote/handle',
  '/wechat_api/message/voiceToText',
  '/main-api/sensitive/list',
  '/main-api/sensitive/add',
  '/main-api/sensitive/del',
  '/main-api/conv/sensitive-msg-record',
  '/api/v1/translate/message',
  '/api/v1/translate/text',
  '/api/v1/translate/send',
  '/main-api/conv/poly-message-his',
  '/main-api/conv/cst/message-list',
];

describe('input a user can type never gives a 500', () => {
  it('POST routes', async () => {
    for (const url of POSTS) {
      for (const body of bodies()) {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { ...demo.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(
          res.statusCode,
          `${url} ${JSON.stringify(body).slice(0, 200)} → ${res.body.slice(0, 200)}`,
        ).toBeLessThan(500);
      }
    }
  });

  it('GET routes and file paths', async () => {
    const urls: string[] = [];
    for (const v of odd) {
      const q = encodeURIComponent(v);
      urls.push(
        `/api/v1/download/user-chat-file?cr_id=${q}`,
        `/api/v1/download/user-chat-file?cr_id=1&thumb=${q}`,
        `/api/v1/talk/find-chat-records?record_id=${q}`,
        `/api/v1/talk/get-forward-records?index_name=${q}&page=${q}`,
        `/oss-api/t/${demo.tenantId}/${q}`,
        `/oss-api/${q}`,
        `/api/v1/emoticon/system/${q}`,
      );
    }
    for (const url of urls) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: demo.headers });
      expect(res.statusCode, `${url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});
