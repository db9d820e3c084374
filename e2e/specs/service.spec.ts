import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test as shared } from '../fixtures.ts';
import { E2EServer } from '../server.ts';
import { address, contactWrites, convRow, openInbox, setUpAccount, shot } from './inbox-support.ts';

/** What the LibreTranslate-compatible double was asked. */
interface TranslateRequest {
  q: string;
  source: string;
  target: string;
  format: string;
}

/** A small LibreTranslate-compatible service: a few words, everything else tagged by language. */
function fakeTranslator() {
  const requests: TranslateRequest[] = [];
  const words: Record<string, Record<string, string>> = {
    en: { 你好: 'Hello', 我想退货: 'I want to return the goods' },
    ja: { '好的，马上为您处理': 'かしこまりました、すぐに対応いたします' },
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
            { code: 'ja', name: 'Japanese', targets: ['en', 'zh'] },
            { code: 'zh', name: 'Chinese', targets: ['en', 'ja'] },
          ]),
        );
        return;
      }
      if (req.method === 'POST' && req.url === '/translate') {
        const body = JSON.parse(raw) as TranslateRequest;
        requests.push(body);
        const text = words[body.target]?.[body.q] ?? `[${body.target}] ${body.q}`;
        res.end(JSON.stringify({ translatedText: text, detectedLanguage: { language: 'zh' } }));
        return;
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  return { server, requests };
}

// This spec runs on a console of its own, pointed at the translation double (TRANSLATE_URL), so
// the shared server's demo seats keep what other specs expect.
const test = shared.extend<object, { translator: ReturnType<typeof fakeTranslator> }>({
  translator: [
    async ({}, use) => {
      const fake = fakeTranslator();
      await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
      await use(fake);
      await new Promise((resolve) => fake.server.close(resolve));
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ translator }, use) => {
      const port = (translator.server.address() as AddressInfo).port;
      const server = new E2EServer({ TRANSLATE_URL: `http://127.0.0.1:${port}` });
      await server.start();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

const CUSTOMER = 'wxid_e2e_transfer_carol';

/** Picks an option of the select dropdown opened last (closed ones may linger in the page). */
async function pick(page: Page, text: string | RegExp): Promise<void> {
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text })
    .last()
    .click();
}

test.describe('service management and auto translation', () => {
  test('a seat hands a conversation to another, who accepts it from the live notice', async ({
    browser,
    request,
  }) => {
    const { api, wxid } = await setUpAccount(request, '转接一号', 'demo-seat1');
    await contactWrites(api, wxid, CUSTOMER, '我想退货');

    const receiver = await browser.newPage();
    await receiver.setExtraHTTPHeaders(address());
    await openInbox(receiver, 'demo-seat2');
    await expect(receiver.getByTestId('transfer-inbox')).toHaveAttribute('data-count', '0');

    const sender = await browser.newPage();
    await sender.setExtraHTTPHeaders(address());
    await openInbox(sender, 'demo-seat1');
    await sender.getByTestId('account-item').first().click();
    const row = convRow(sender, wxid, CUSTOMER);
    await row.click({ button: 'right' });
    await sender.getByRole('menuitem', { name: '转接' }).click();
    await sender.getByTestId('transfer-seat').click();
    await pick(sender, /demo-seat2/);
    await sender.getByTestId('transfer-note').fill('客户要退货，请跟进');
    await shot(sender, 'service-transfer-dialog');
    await sender.getByTestId('transfer-ok').click();
    await expect(sender.getByText('已发起转接，等待对方接收')).toBeVisible();

    // The receiver is told at once, with the note, and accepts from the notice.
    const notice = receiver.locator('.ant-notification-notice').filter({ hasText: '客户要退货' });
    await expect(notice).toContainText('客服一号 向您转接了会话');
    await expect(receiver.getByTestId('transfer-inbox')).toHaveAttribute('data-count', '1');
    await shot(receiver, 'service-transfer-notice');
    await notice.getByTestId('transfer-accept-notice').click();
    await expect(receiver.getByText('已接收转接')).toBeVisible();
    await expect(receiver.getByTestId('chat-pane')).toBeVisible();
    await expect(receiver.getByTestId('msg-row').filter({ hasText: '我想退货' })).toBeVisible();
    // The chat names its work account, though the account is held by the sending seat.
    await expect(receiver.getByTestId('chat-pane').locator('.chat-account')).toContainText(
      '转接一号',
    );
    await expect(receiver.getByTestId('transfer-inbox')).toHaveAttribute('data-count', '0');

    // The conversation follows the transfer: new messages reach the receiving seat live.
    await contactWrites(api, wxid, CUSTOMER, '请问多久能退款？');
    await expect(receiver.getByTestId('msg-row').filter({ hasText: '多久能退款' })).toBeVisible();

    // Both seats see the record in service management.
    await sender.goto('/#/service?direction=out');
    const sent = sender.getByTestId('service').locator('tr').filter({ hasText: '客户要退货' });
    await expect(sent.getByTestId('transfer-state')).toHaveText('已接收');
    await shot(sender, 'service-page');
    await receiver.close();
    await sender.close();
  });

  test('auto translation: inbound text shows its translation, outgoing text is previewed', async ({
    page,
    request,
    translator,
  }) => {
    await page.setExtraHTTPHeaders(address());
    const { api, wxid } = await setUpAccount(request, '翻译一号', 'demo-sup');
    await contactWrites(api, wxid, 'wxid_e2e_translate_dan', '在吗');
    await openInbox(page, 'demo-sup');
    await page.getByTestId('account-item').filter({ hasText: '翻译一号' }).click();
    await convRow(page, wxid, 'wxid_e2e_translate_dan').click();
    await expect(page.getByTestId('chat-pane')).toBeVisible();

    // Turning it on needs both languages.
    await page.getByTestId('auto-translate').click();
    await page.getByTestId('auto-translate-switch').click();
    await expect(page.getByText('请选择翻译语言').first()).toBeVisible();
    await page.getByTestId('auto-translate-seat').click();
    await pick(page, 'English');
    await page.getByTestId('auto-translate-peer').click();
    await pick(page, 'Japanese');
    await page.getByTestId('auto-translate-switch').click();
    await expect(page.getByTestId('auto-translate-switch')).toHaveAttribute('aria-checked', 'true');
    await shot(page, 'translate-auto-panel');
    await page.keyboard.press('Escape');

    // The message already there and a new one are shown translated under the original.
    const first = page.getByTestId('msg-row').filter({ hasText: '在吗' });
    await expect(first.getByTestId('translate-result')).toHaveText('译文：[en] 在吗');
    await contactWrites(api, wxid, 'wxid_e2e_translate_dan', '你好');
    const hello = page.getByTestId('msg-row').filter({ hasText: '你好' });
    await expect(hello.getByTestId('translate-result')).toHaveText('译文：Hello');
    expect(translator.requests).toContainEqual({
      q: '你好',
      source: 'auto',
      target: 'en',
      format: 'text',
    });

    // What the seat sends is translated into the contact's language and previewed first.
    await page.getByTestId('composer-input').fill('好的，马上为您处理');
    await page.getByTestId('composer-input').press('Enter');
    await expect(page.getByTestId('translate-preview-text')).toHaveText(
      'かしこまりました、すぐに対応いたします',
    );
    await shot(page, 'translate-preview');
    await page.getByTestId('send-translated').click();
    const sent = page
      .getByTestId('msg-row')
      .filter({ hasText: 'かしこまりました、すぐに対応いたします' });
    await expect(sent).toHaveAttribute('data-side', 'right');
    expect(translator.requests).toContainEqual({
      q: '好的，马上为您处理',
      source: 'auto',
      target: 'ja',
      format: 'text',
    });
    // A reload asks the provider nothing again: the translations are kept.
    const asked = translator.requests.length;
    await page.reload();
    await convRow(page, wxid, 'wxid_e2e_translate_dan').click();
    await expect(hello.getByTestId('translate-result')).toHaveText('译文：Hello');
    expect(translator.requests.length).toBe(asked);
    await shot(page, 'translate-bubbles');
  });
  test('the header’s 翻译助手 panel translates any text both ways', async ({
    page,
    translator,
  }) => {
    await page.setExtraHTTPHeaders(address());
    await openInbox(page, 'demo-sup');
    await page.getByTestId('translate-assistant').click();
    await page.getByTestId('translate-panel-target').click();
    await pick(page, 'English');
    await page.getByTestId('translate-panel-input').fill('我想退货');
    await page.getByTestId('translate-panel-run').click();
    await expect(page.getByTestId('translate-panel-result')).toHaveValue(
      'I want to return the goods',
    );
    expect(translator.requests).toContainEqual({
      q: '我想退货',
      source: 'auto',
      target: 'en',
      format: 'text',
    });
    // The other way: the answer becomes the text, from English into the detected Chinese.
    await page.getByTestId('translate-panel-swap').click();
    await expect(page.getByTestId('translate-panel-input')).toHaveValue(
      'I want to return the goods',
    );
    await page.getByTestId('translate-panel-run').click();
    await expect(page.getByTestId('translate-panel-result')).toHaveValue(
      '[zh] I want to return the goods',
    );
    expect(translator.requests).toContainEqual({
      q: 'I want to return the goods',
      source: 'en',
      target: 'zh',
      format: 'text',
    });
    await shot(page, 'translate-assistant-panel');
  });
});
