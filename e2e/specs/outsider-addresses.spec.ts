import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../fixtures.ts';
import { address, convRow, openInbox, setUpAccount, shot, type Api } from './inbox-support.ts';
import { SHOTS } from './accounts-support.ts';

// A contact must not be able to take over a seat's session by sending a card (DESIGN.md §12,
// docs/files-and-media.md): addresses from outside are kept only when absolute http(s), pictures
// from outside go through the server's image proxy, and no address the SPA builds carries the
// session token — the console's own files are reached with an HttpOnly, path-scoped cookie.

/** Two contacts, so each chat holds fewer messages than its first page. */
const PEERS = ['wxid_e2e_outsider_a', 'wxid_e2e_outsider_b'] as const;
const LAST = '外来地址到此为止';

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** A stranger's host on this machine that records every request it gets. */
async function startListener(): Promise<{
  origin: string;
  host: string;
  seen: Seen[];
  close: () => Promise<void>;
}> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'image/png' }).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin: `http://${host}`,
    host,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function send(api: Api, wxid: string, peer: string, msgType: number, content: unknown) {
  return api('/sim-api/inbound', {
    workWxid: wxid,
    fromWxid: peer,
    talkType: 1,
    msgType,
    content: typeof content === 'string' ? content : JSON.stringify(content),
  });
}

test.describe('addresses a contact sends', () => {
  test('opening the chat sends no credential anywhere and no link leaves while looking local', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 2400 });
    await page.setExtraHTTPHeaders(address());
    const stranger = await startListener();
    try {
      const { api, wxid } = await setUpAccount(request, '外来地址号', 'demo-seat1');
      const h = stranger.host;
      const addresses: [string, string][] = [
        ['//', `//${h}/slash.png`],
        ['/\\', `/\\${h}/backslash.png`],
        ['\\\\', `\\\\${h}\\unc.png`],
        ['javascript:', `javascript:fetch('//${h}/js')`],
        [
          'data:',
          `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"><image href="http://${h}/svg.png"/></svg>`,
        ],
        ['absolute', `http://${h}/absolute.png`],
      ];
      const [a, b] = PEERS;
      for (const [label, url] of addresses) {
        await send(api, wxid, a, 9, {
          wxid: `wxid_card_${label.length}`,
          nickname: `名片 ${label}`,
          avatar: url,
        });
        await send(api, wxid, a, 10, {
          title: `链接 ${label}`,
          description: '描述',
          url,
          thumbUrl: url,
        });
        await send(api, wxid, b, 15, {
          title: `文章 ${label}`,
          description: '摘要',
          url,
          thumbUrl: url,
        });
        await send(api, wxid, b, 14, {
          title: `小程序 ${label}`,
          appId: 'wx1',
          appName: '某小程序',
          pagePath: 'pages/index',
          thumbUrl: url,
        });
      }
      for (const peer of PEERS) await send(api, wxid, peer, 1, LAST);

      const requested: string[] = [];
      page.on('request', (r) => requested.push(r.url()));
      const sockets: string[] = [];
      page.on('websocket', (ws) => sockets.push(ws.url()));

      await openInbox(page, 'demo');
      const token = await page.evaluate(
        () => (JSON.parse(localStorage.getItem('cst.token') ?? '{}') as { value?: string }).value,
      );
      expect(token).toBeTruthy();

      // The file cookie: HttpOnly, SameSite=Strict, only on the file paths.
      const cookies = (await context.cookies()).filter((c) => c.name === 'cst_file');
      expect(cookies.length).toBeGreaterThan(3);
      for (const c of cookies) {
        expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
        expect(c.path).not.toBe('/');
      }

      const origin = () => new URL(page.url()).origin;
      /** No link points off-site while looking local, and none runs script or holds the token. */
      const checkAnchors = async () => {
        const hrefs = await page
          .locator('a[href]')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
        expect(hrefs.length).toBeGreaterThan(2);
        for (const href of hrefs) {
          const resolved = new URL(href, page.url());
          expect(resolved.protocol, href).toMatch(/^https?:$/);
          if (resolved.origin !== origin()) expect(href, href).toMatch(/^https?:\/\//i);
          expect(href, href).not.toContain(token!);
        }
      };
      /** Opens a contact's chat and waits for its cards, pictures settled. */
      const openChat = async (peer: string, cards: string[]) => {
        await page.locator(`[data-testid="account-item"][data-wxid="${wxid}"]`).click();
        await convRow(page, wxid, peer).click();
        await expect(page.getByTestId('msg-row').filter({ hasText: LAST })).toBeVisible();
        for (const id of cards) await expect(page.getByTestId(id)).toHaveCount(addresses.length);
        // The absolute picture was asked of the image proxy, which refuses a private address:
        // those cards show the placeholder naming the host. The other addresses were dropped
        // and render as nothing.
        const placeholders = page.getByTestId('card-thumb-placeholder');
        await expect(placeholders).toHaveCount(cards.length);
        await expect(placeholders.first()).toContainText('127.0.0.1');
        await expect(page.locator('.bubble-card img')).toHaveCount(0);
      };
      const chats: [string, string[]][] = [
        [a, ['bubble-contact', 'bubble-link']],
        [b, ['bubble-article', 'bubble-mini-program']],
      ];
      for (const [peer, cards] of chats) {
        await openChat(peer, cards);
        // The absolute link is the only one that opens, in a new tab without the opener.
        const open = page.locator('a.bubble-card-link');
        await expect(open).toHaveCount(1);
        await expect(open).toHaveAttribute('href', `http://${h}/absolute.png`);
        await expect(open).toHaveAttribute('rel', 'noopener noreferrer');
        await expect(open).toHaveAttribute('target', '_blank');
        await checkAnchors();
        if (SHOTS) {
          await page.getByTestId('chat-pane').screenshot({
            path: `e2e/artifacts/screens/outsider-cards-${peer.slice(-1)}-light.png`,
          });
        }
      }

      // The stranger's host heard nothing at all, let alone a credential.
      expect(stranger.seen).toEqual([]);
      // No request of the page carries the token or goes to another host.
      for (const u of [...requested, ...sockets]) {
        expect(u, u).not.toContain(token!);
        expect(u, u).not.toMatch(/[?&]token=/);
        if (!u.startsWith('data:')) expect(new URL(u).host, u).toBe(new URL(origin()).host);
      }
      expect(sockets.some((u) => u.includes('/ws?account='))).toBe(true);

      await page.evaluate(() =>
        localStorage.setItem('cst.settings', JSON.stringify({ themeMode: false })),
      );
      await page.reload();
      for (const [peer, cards] of chats) {
        await openChat(peer, cards);
        if (SHOTS) {
          await page.getByTestId('chat-pane').screenshot({
            path: `e2e/artifacts/screens/outsider-cards-${peer.slice(-1)}-dark.png`,
          });
        }
      }
      await shot(page, 'outsider-cards-dark');
      expect(stranger.seen).toEqual([]);
      for (const u of requested) expect(u, u).not.toMatch(/[?&]token=/);
    } finally {
      await stranger.close();
    }
  });
});
