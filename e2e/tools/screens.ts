// The eight-combination review (issue 29): every screen of the console at 1440×900 and 1024×768,
// in zh-CN and English, light and dark, as the demo manager, a seat and the platform admin.
// A tool, not a test: it starts the built console as the browser tests do (e2e/server.ts), puts
// a little in it to look at, visits every menu route and saves a screenshot of each to a folder
// outside the repository, with a report of what it measured (sideways scrolls, Chinese text in
// English, raw text keys, console errors) for a person to read beside the pictures.
//
//   npm run -s build
//   node --import tsx e2e/tools/screens.ts [--out /tmp/screens] [--only webhooks,openApiKeys]
//        [--users demo,demo-seat1,admin] [--combos 1440-en-dark,1024-zh-CN-light]
import fs from 'node:fs';
import path from 'node:path';
import { chromium, request as playwrightRequest, type Browser, type Page } from '@playwright/test';
import { E2EServer } from '../server.ts';
import { passwordOf } from '../fixtures.ts';
import { apiAs, contactWrites, setUpAccount, simContacts } from '../specs/inbox-support.ts';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const list = (name: string): string[] | undefined =>
  arg(name)
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const OUT = arg('out') ?? '/tmp/screens';
const ONLY = list('only');

/** The console's own pages (the tenant's users). */
const TENANT_ROUTES = [
  '/message',
  '/?talkType=2',
  '/service',
  '/history',
  '/myAccount',
  '/manual',
  '/contacts/apply',
  '/contacts/friends',
  '/contacts/groups',
  '/moments',
  '/moments/interaction',
  '/moments/history',
  '/moments/newhistory',
  '/customerCenter/mutilAddFriends',
  '/customerCenter/manageTag',
  '/customerCenter/makeTag',
  '/customerCenter/robotPassFriend',
  '/customerCenter/robotPassFriendReply',
  '/customerCenter/robotKeywordsReply',
  '/grouphelper/set',
  '/grouphelper/manager',
  ...[
    'wxfriend',
    'newfriend',
    'sysadd',
    'nosysadd',
    'deletefriend',
    'addfriend',
    'service',
    'label',
    'message',
    'eft',
    'redpacket',
    'login',
  ].map((r) => `/statistics/${r}`),
  '/settings/wxaccount',
  '/settings/ports',
  '/settings/orders',
  '/settings/retention',
  '/settings/translation',
  '/settings/childAccountManage',
  '/settings/roleManage',
  '/settings/robotPassFriend',
  '/settings/robotPassFriendReply',
  '/settings/robotKeywordsReply',
  '/settings/robotAiReply',
  '/settings/sensitiveWords',
  '/settings/material',
  '/settings/phrases',
  '/settings/profileLibrary',
  '/settings/openApiKeys',
  '/settings/ai',
  '/settings/open/webhooks',
  '/simulator',
];

/** The platform admin's pages. */
const ADMIN_ROUTES = [
  '/system/customers',
  '/system/ports',
  '/system/billing',
  '/system/orders',
  '/system/backups',
  '/myAccount',
  '/manual',
];

/**
 * Who is looked at, and on which routes: the manager everywhere; a seat only where its screens
 * differ from the manager's (the inbox and what a seat may open); the admin on its own pages.
 */
const USERS: Record<string, string[]> = {
  demo: TENANT_ROUTES,
  'demo-seat1': [
    '/message',
    '/?talkType=2',
    '/service',
    '/history',
    '/myAccount',
    '/settings/phrases',
    '/contacts/friends',
  ],
  admin: ADMIN_ROUTES,
};

interface Combo {
  name: string;
  width: number;
  height: number;
  lang: 'zh-CN' | 'en';
  dark: boolean;
}

const COMBOS: Combo[] = [1440, 1024].flatMap((width) =>
  (['zh-CN', 'en'] as const).flatMap((lang) =>
    [false, true].map((dark) => ({
      name: `${width}-${lang}-${dark ? 'dark' : 'light'}`,
      width,
      height: width === 1440 ? 900 : 768,
      lang,
      dark,
    })),
  ),
);

/** What one page measured, for the report. */
interface Finding {
  user: string;
  combo: string;
  route: string;
  file: string;
  state: 'ok' | 'forbidden' | 'not-found';
  pageScrollsSideways: boolean;
  tables: { testId: string | null; scrollWidth: number; clientWidth: number; hidden: string[] }[];
  chinese: string[];
  keys: string[];
  errors: string[];
}

/** Puts something on the screens: an online account with chats, an API key, a webhook. */
async function seed(baseURL: string): Promise<void> {
  const request = await playwrightRequest.newContext({ baseURL });
  try {
    const { api, wxid } = await setUpAccount(request, '客服一号', 'demo-seat1');
    const { contacts } = await simContacts(request, wxid);
    const lines = ['你好，请问这款还有货吗？', '订单什么时候发货？', '谢谢，已经收到了'];
    for (const [i, c] of contacts.slice(0, 3).entries()) {
      await contactWrites(api, wxid, c.wxid, lines[i]!);
    }
    const manager = await apiAs(request, 'demo');
    await manager('/main-api/open/keys/create', {
      name: '仓储 ERP',
      permissions: ['conversation.read', 'conversation.send', 'contact.manage'],
      workWxids: [wxid],
      expiresAt: Date.now() + 90 * 86_400_000,
    });
    await manager('/main-api/open/keys/create', {
      name: 'CRM sync with a rather long name',
      permissions: ['conversation.read'],
    });
    try {
      await manager('/main-api/open/webhooks/create', {
        url: 'http://127.0.0.1:9/cst/events/received-and-sent',
        events: ['message.received', 'message.sent', 'conversation.read'],
        description: 'CRM',
      });
    } catch (err) {
      console.warn(`no webhook to show: ${(err as Error).message}`);
    }
  } finally {
    await request.dispose();
  }
}

/** Measures what a person would trip over on the page as it is now. */
function measure(page: Page, lang: string) {
  return page.evaluate((english) => {
    const doc = document.documentElement;
    const tables = Array.from(document.querySelectorAll<HTMLElement>('.ant-table-wrapper')).flatMap(
      (wrap) => {
        const body = wrap.querySelector<HTMLElement>('.ant-table-body, .ant-table-content');
        if (!body || body.clientWidth === 0) return [];
        // Header cells a fixed column still covers when the table is scrolled to its end: what
        // a person can never see.
        body.scrollLeft = body.scrollWidth;
        const header = wrap.querySelector<HTMLElement>('.ant-table-header');
        if (header) header.scrollLeft = header.scrollWidth;
        const fixed = Array.from(
          wrap.querySelectorAll<HTMLElement>('thead th.ant-table-cell-fix-end'),
        );
        const fixedLeft = Math.min(...fixed.map((f) => f.getBoundingClientRect().left), Infinity);
        const hidden = Array.from(
          wrap.querySelectorAll<HTMLElement>(
            'thead th:not(.ant-table-cell-fix-end):not(.ant-table-cell-fix-start)',
          ),
        )
          .filter((th) => {
            const r = th.getBoundingClientRect();
            return r.width > 0 && r.right > fixedLeft + 1;
          })
          .map((th) => th.innerText.trim())
          .filter(Boolean);
        body.scrollLeft = 0;
        if (header) header.scrollLeft = 0;
        return [
          {
            testId: wrap.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
            scrollWidth: body.scrollWidth,
            clientWidth: body.clientWidth,
            hidden,
          },
        ];
      },
    );
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const s = n.textContent?.trim();
      if (!s || !el || el.closest('script,style,[aria-hidden="true"]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      texts.push(s);
    }
    // (No named helpers in here: the bundler's name keeping would call a function the page lacks.)
    return {
      pageScrollsSideways: doc.scrollWidth > doc.clientWidth + 1,
      tables,
      chinese: english
        ? [...new Set(texts.filter((s) => /[\u4e00-\u9fff]/.test(s)))].slice(0, 60)
        : [],
      keys: [...new Set(texts.filter((s) => /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/.test(s)))].slice(
        0,
        60,
      ),
    };
  }, lang === 'en');
}

/** Waits until the page has loaded what it shows (no spinner, no skeleton, no page loader). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  for (const sel of [
    '.page-loading',
    '.ant-spin-spinning',
    '.ant-skeleton',
    '.stat-chart-fallback',
  ]) {
    await page
      .locator(sel)
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
  }
  // Fonts and charts: one more frame after the data arrived.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
}

async function review(browser: Browser, baseURL: string, user: string, combo: Combo) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: combo.width, height: combo.height },
    locale: combo.lang === 'en' ? 'en-US' : 'zh-CN',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
  });
  await context.addInitScript(
    ({ lang, dark }) => {
      localStorage.setItem('cst.language', lang);
      const s = JSON.parse(localStorage.getItem('cst.settings') ?? '{}') as object;
      localStorage.setItem('cst.settings', JSON.stringify({ ...s, themeMode: !dark }));
    },
    { lang: combo.lang, dark: combo.dark },
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text().slice(0, 300));
  });
  page.on('pageerror', (e) => errors.push(e.message.slice(0, 300)));
  page.on('response', (r) => {
    if (r.status() >= 500) errors.push(`${r.status()} ${r.url()}`);
  });
  const findings: Finding[] = [];
  const dir = path.join(OUT, user, combo.name);
  fs.mkdirSync(dir, { recursive: true });
  // The signed-out pages, once per combination (the manager's run).
  if (user === 'demo') {
    for (const route of ['/auth/login', '/auth/register', '/auth/forget']) {
      if (ONLY && !ONLY.some((o) => route.includes(o))) continue;
      errors.length = 0;
      await page.goto(`/#${route}`);
      await settled(page);
      const file = path.join(dir, `${route.slice(1).replace(/\//g, '_')}.png`);
      await page.screenshot({ path: file });
      findings.push({
        user: 'guest',
        combo: combo.name,
        route,
        file,
        state: 'ok',
        ...(await measure(page, combo.lang)),
        errors: [...errors],
      });
    }
  }
  await page.goto('/#/auth/login');
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(passwordOf(user));
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-shell').waitFor({ timeout: 30_000 });
  for (const route of USERS[user]!) {
    if (ONLY && !ONLY.some((o) => route.includes(o))) continue;
    errors.length = 0;
    await page.goto(`/#${route}`);
    await page.getByTestId('app-shell').waitFor({ timeout: 30_000 });
    await settled(page);
    // The inbox with a chat open: the chat pane is most of what a seat looks at.
    if (route === '/message') {
      const row = page.getByTestId('conv-row').first();
      if (await row.count()) {
        await row.click();
        await page
          .getByTestId('chat-pane')
          .waitFor({ timeout: 10_000 })
          .catch(() => undefined);
        await settled(page);
      }
    }
    const state = (await page.getByTestId('forbidden').count())
      ? 'forbidden'
      : (await page.getByTestId('not-found').count())
        ? 'not-found'
        : 'ok';
    const name = route.replace(/^\//, '').replace(/[/?=]/g, '_') || 'home';
    const file = path.join(dir, `${name}.png`);
    if (state === 'ok') await page.screenshot({ path: file });
    findings.push({
      user,
      combo: combo.name,
      route,
      file,
      state,
      ...(await measure(page, combo.lang)),
      errors: [...errors],
    });
  }
  await context.close();
  return findings;
}

async function main(): Promise<void> {
  const users = list('users') ?? Object.keys(USERS);
  const combos = list('combos');
  const server = new E2EServer({ SIM_TRAFFIC: '0', ALLOW_PRIVATE_NETWORK: '1' });
  await server.start().catch(async (err: unknown) => {
    // A loaded machine can take longer than the browser tests' minute: give it five more.
    const deadline = Date.now() + 300_000;
    while (Date.now() < deadline) {
      const up = await fetch(`${server.url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 1000));
    }
    throw err;
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const all: Finding[] = [];
  try {
    await seed(server.url);
    for (const combo of COMBOS) {
      if (combos && !combos.includes(combo.name)) continue;
      for (const user of users) {
        const found = await review(browser, server.url, user, combo);
        all.push(...found);
        console.log(`${combo.name} ${user}: ${found.length} screens`);
      }
    }
  } finally {
    await browser.close();
    await server.dispose();
  }
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'report.json'), JSON.stringify(all, null, 2));
  const lines = all.flatMap((f) => {
    const out: string[] = [];
    const at = `${f.user} ${f.combo} ${f.route}`;
    if (f.state !== 'ok') out.push(`${at}: ${f.state}`);
    if (f.pageScrollsSideways) out.push(`${at}: the page scrolls sideways`);
    for (const t of f.tables) {
      if (t.scrollWidth > t.clientWidth + 1)
        out.push(`${at}: table ${t.testId ?? '?'} ${t.scrollWidth} > ${t.clientWidth}`);
      if (t.hidden.length) out.push(`${at}: under the fixed column: ${t.hidden.join(' | ')}`);
    }
    if (f.keys.length) out.push(`${at}: text keys: ${f.keys.join(' | ')}`);
    if (f.chinese.length) out.push(`${at}: Chinese in English: ${f.chinese.join(' | ')}`);
    for (const e of f.errors) out.push(`${at}: console: ${e}`);
    return out;
  });
  fs.writeFileSync(path.join(OUT, 'report.txt'), `${lines.join('\n')}\n`);
  console.log(`${all.length} screens in ${OUT}; ${lines.length} findings in ${OUT}/report.txt`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
