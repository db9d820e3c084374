import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { clickOnlySettled, expect, loginAs, test as shared } from '../fixtures.ts';
import { E2EServer } from '../server.ts';
import { address, contactWrites, convRow, openInbox, setUpAccount, shot } from './inbox-support.ts';

const SUMMARY = '· 客户上周买的连衣裙想换 M 码\n· 还没答复换货方式';
const DRAFTS =
  '您好，连衣裙有现货，今天下单明天发货。\n---\n有货的，需要我帮您预留一件吗？\n---\n在的，请问要什么尺码？';

/** A local OpenAI-compatible double: `chat/completions`, plain and streamed (SSE). */
function fakeModel() {
  const prompts: string[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.statusCode = 404;
        res.end('{}');
        return;
      }
      const body = JSON.parse(raw) as {
        stream?: boolean;
        messages: { role: string; content: string }[];
      };
      prompts.push(body.messages.map((m) => m.content).join('\n'));
      const system = body.messages[0]?.content ?? '';
      const text = system.includes('在线客服')
        ? '您好，我是 AI 客服，请问想了解哪款？'
        : system.includes('接手这个会话')
          ? SUMMARY
          : DRAFTS;
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const piece of text.match(/[\s\S]{1,8}/g) ?? []) {
          res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
        }
        res.end('data: [DONE]\n\n');
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: text } }] }));
    });
  });
  return { server, prompts };
}

// A console of its own, pointed at the model double (AI_BASE_URL on 127.0.0.1, allowed).
const test = shared.extend<object, { model: ReturnType<typeof fakeModel> }>({
  model: [
    async ({}, use) => {
      const fake = fakeModel();
      await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
      await use(fake);
      await new Promise((resolve) => fake.server.close(resolve));
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ model }, use) => {
      const port = (model.server.address() as AddressInfo).port;
      const server = new E2EServer({
        AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
        AI_MODEL: 'e2e-model',
        ALLOW_PRIVATE_NETWORK: '1',
      });
      await server.start();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

test.describe('AI in the console', () => {
  test('a seat asks for drafts, chooses one, edits nothing and sends it', async ({
    page,
    request,
  }) => {
    const { api, wxid } = await setUpAccount(request, 'AI 草稿号', 'demo-seat1');
    await contactWrites(api, wxid, 'wxid_e2e_ai_dora', '你好，连衣裙有现货吗？');
    await page.setExtraHTTPHeaders(address());
    await openInbox(page, 'demo-seat1');
    await page.getByTestId('account-item').filter({ hasText: 'AI 草稿号' }).click();
    const row = convRow(page, wxid, 'wxid_e2e_ai_dora');
    await row.click();
    await expect(page.getByTestId('chat-pane')).toBeVisible();
    await page.getByTestId('ai-drafts').click();
    const drafts = page.getByTestId('ai-draft');
    await expect(drafts).toHaveCount(3);
    await expect(drafts.nth(1)).toHaveText('有货的，需要我帮您预留一件吗？');
    await shot(page, 'ai-drafts');
    await drafts.nth(1).click();
    // In the composer, not sent: the seat sends it.
    await expect(page.getByTestId('composer-input')).toHaveValue('有货的，需要我帮您预留一件吗？');
    await expect(page.getByTestId('msg-row').filter({ hasText: '预留一件' })).toHaveCount(0);
    await page.getByTestId('composer-input').press('Enter');
    const sent = page.getByTestId('msg-row').filter({ hasText: '预留一件' });
    await expect(sent).toHaveAttribute('data-side', 'right');
  });

  test('the AI robot answers, and a seat sees its handoff', async ({ page, request }) => {
    const { api, wxid } = await setUpAccount(request, 'AI 机器人号', 'demo-seat2');
    await api('/task-api/ai-reply/save', {
      workWxids: [wxid],
      enabled: true,
      instructions: '你是小美服饰的客服',
      handoffKeywords: ['人工'],
      maxRepliesPerConversation: 5,
    });
    await page.setExtraHTTPHeaders(address());
    await openInbox(page, 'demo-seat2');
    await page.getByTestId('account-item').filter({ hasText: 'AI 机器人号' }).click();
    await contactWrites(api, wxid, 'wxid_e2e_ai_eve', '在吗');
    await convRow(page, wxid, 'wxid_e2e_ai_eve').click();
    const answer = page.getByTestId('msg-row').filter({ hasText: '我是 AI 客服' });
    await expect(answer).toHaveAttribute('data-side', 'right');
    await contactWrites(api, wxid, 'wxid_e2e_ai_eve', '我要转人工');
    const notice = page
      .locator('.ant-notification-notice')
      .filter({ hasText: 'AI 机器人已转人工' });
    await expect(notice).toContainText('客户要求人工服务');
    await shot(page, 'ai-handoff');
  });

  test('a manager sees the month’s AI usage beside the bill', async ({ page, request }) => {
    const { api, wxid } = await setUpAccount(request, 'AI 用量号', 'demo-seat1');
    const peer = 'wxid_e2e_ai_fay';
    await contactWrites(api, wxid, peer, '请问连衣裙有货吗');
    const index = `1__${peer}__${wxid}`;
    await expect
      .poll(async () => {
        // 「会话不存在」 until the message is stored.
        const r = await api<{ list: unknown[] }>('/main-api/conv/messages', {
          index_name: index,
          limit: 10,
        }).catch(() => ({ list: [] }));
        return r.list.length;
      })
      .toBeGreaterThan(0);
    await api('/main-api/ai/suggest', { index_name: index });
    await page.setExtraHTTPHeaders(address());
    await loginAs(page, 'demo');
    await page.goto('/#/settings/orders');
    const bar = page.getByTestId('ai-usage-bar');
    await expect(bar).toContainText('AI 用量');
    await expect(bar.getByTestId('ai-usage-feature').filter({ hasText: '回复草稿' })).toBeVisible();
    await shot(page, 'ai-usage-bill');
  });

  test('a seat given a chat by a supervisor gets its AI summary', async ({
    page,
    request,
    browser,
    baseURL,
    model,
  }) => {
    test.setTimeout(120_000);
    const peer = 'wxid_e2e_ai_gina';
    const { api, wxid } = await setUpAccount(request, 'AI 总结号', 'demo-seat1');
    await contactWrites(api, wxid, peer, '你好，我上周买的连衣裙想换 M 码');
    // The receiving seat's console is open elsewhere.
    const seatContext = await browser.newContext({ baseURL, extraHTTPHeaders: address() });
    await clickOnlySettled(seatContext);
    const seat = await seatContext.newPage();
    await openInbox(seat, 'demo-seat1');
    // A supervisor hands the chat to the seat.
    await page.setExtraHTTPHeaders(address());
    await loginAs(page, 'demo-sup');
    await page.getByTestId('mode-aggregated').click();
    const row = convRow(page, wxid, peer);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await row.click();
    await page.getByTestId('chat-assignee').click();
    await page.getByTestId('flow-seat').filter({ hasText: '客服一号' }).click();
    await expect(page.getByTestId('chat-assignee')).toHaveText('负责人：客服一号');
    // Only the receiving seat is told, with the model's summary of the chat.
    const notice = seat
      .locator('.ant-notification-notice')
      .filter({ hasText: `「${peer}」已分配给您` });
    await expect(notice).toContainText('客户上周买的连衣裙想换 M 码');
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
    expect(model.prompts.some((p) => p.includes('接手这个会话') && p.includes('换 M 码'))).toBe(
      true,
    );
    await shot(seat, 'ai-summary-assigned');
    await notice.getByRole('button', { name: '打开会话' }).click();
    await expect(notice).toHaveCount(0);
    await expect(seat.getByTestId('chat-pane')).toBeVisible();
    await expect(seat.getByTestId('msg-row').filter({ hasText: '想换 M 码' })).toBeVisible();
    await seatContext.close();
  });
});
