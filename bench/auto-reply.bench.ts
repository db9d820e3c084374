// Issue 15 §5 figures: what the keyword engine adds to the inbound pipeline per message, with
// 10,000 keywords in a tenant while messages arrive at 1,000 a second, beside the same run on a
// tenant with no rules (the engine's early exit). Each message goes through the engine's inbound
// handler on the instance that holds the account, as the gateway hands it over; 1 in 200 holds a
// keyword (its hit and reply job are written, as in production). BENCH_DB=postgres runs it on a
// throw-away PostgreSQL instead of PGlite.
import { MSG_TYPE } from '@cst/shared';
import type { InboundMessageEvent } from '../apps/server/src/gateway/index.ts';
import type { Server } from '../apps/server/src/server.ts';
import { insertRule } from '../apps/server/src/modules/robots/robots.repository.ts';
import { percentile, report } from './lib.ts';
import { startInProcess } from './in-process.ts';
import { BENCH_PASSWORD } from './session.ts';

const KEYWORDS = Number(process.env.BENCH_KEYWORDS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const HIT_EVERY = 200;

async function post<T>(s: Server, url: string, token: string, body: unknown): Promise<T> {
  const res = await s.app.inject({
    method: 'POST',
    url,
    headers: { 'cst-token': token },
    payload: body as object,
  });
  const json = res.json() as { code: number; message?: string; msg?: string; data: T };
  if (res.statusCode !== 200) throw new Error(`${url}: ${json.message ?? json.msg}`);
  return json.data;
}

/** One account of the demo tenant, online. */
async function account(s: Server) {
  const login = await post<{ token: string }>(s, '/system-api/auth/login', '', {
    username: 'demo',
    password: BENCH_PASSWORD,
  });
  const code = await post<{ loginId: string }>(s, '/main-api/acc/qr-login-code', login.token, {});
  const scan = await post<{ wxid: string }>(s, '/sim-api/qr/scan', login.token, {
    loginId: code.loginId,
    confirm: true,
    nickname: '压测机器人',
  });
  for (let i = 0; i < 600; i++) {
    const ref = await s.accounts.accountOf(scan.wxid);
    const held = s.accounts.gateway.heldAccounts().includes(scan.wxid);
    if (ref && held) return ref;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the account did not come online');
}

/** Inbound texts: customer questions, one in `HIT_EVERY` with one of the keywords. */
function textOf(i: number): string {
  if (i % HIT_EVERY === 0) return `你好，请问关键词${i % KEYWORDS}号还有货吗`;
  const words = ['你好', '在吗', '请问发货了没有', '这个多少钱', '好的谢谢', '明天能到吗？'];
  return `${words[i % words.length]} #${i}`;
}

/** Runs `RATE` messages a second for `SECONDS` through the engine; each call's duration in ms. */
async function run(
  s: Server,
  ref: { id: string; tenantId: string; wxid: string },
  tenantId: string,
) {
  const { engine } = s.deps.robots;
  const total = RATE * SECONDS;
  const times = new Array<number>(total).fill(0);
  const tick = 10;
  const perTick = Math.max(1, Math.round((RATE * tick) / 1000));
  const start = performance.now();
  let sent = 0;
  const inflight: Promise<void>[] = [];
  while (sent < total) {
    const due = start + (sent / RATE) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    for (let k = 0; k < perTick && sent < total; k++, sent++) {
      const ev: InboundMessageEvent = {
        workWxid: ref.wxid,
        msgId: `bench-${tenantId.slice(0, 4)}-${sent}`,
        talkType: 1,
        peerId: `wxid_bench_${sent % 500}`,
        fromSelf: false,
        msgType: MSG_TYPE.text,
        content: textOf(sent),
        memberWxid: null,
        memberName: null,
        memberAvatar: null,
        file: null,
        refMsgId: null,
        refContent: null,
        displayName: null,
        msgTime: Date.now(),
      };
      const t0 = performance.now();
      const i = sent;
      inflight.push(
        engine.onMessage(ev, { ...ref, tenantId }).then(() => {
          times[i] = performance.now() - t0;
        }),
      );
    }
  }
  await Promise.all(inflight);
  return { times, seconds: (performance.now() - start) / 1000 };
}

const { server, close } = await startInProcess(process.env.BENCH_PG_PORT ?? '55491');
try {
  const ref = await account(server);
  // The same account's messages looked up under a tenant with no rules: the baseline.
  const { randomUUID } = await import('node:crypto');
  const emptyTenant = randomUUID();
  const base = await run(server, ref, emptyTenant);

  // 10,000 keywords: 1,000 rules of 10 keywords each.
  const t0 = performance.now();
  for (let r = 0; r < KEYWORDS / 10; r++) {
    await insertRule(server.deps.db, ref.tenantId, {
      keywords: Array.from({ length: 10 }, (_, k) => `关键词${r * 10 + k}号`),
      matchMode: 'contains',
      accountIds: [],
      talkTypes: [1, 2],
      mentionOnly: false,
      replies: [{ kind: 'text', content: '有货，马上安排' }],
      drafts: [{ msgType: MSG_TYPE.text, content: '有货，马上安排' }],
      enabled: true,
      priority: r % 10,
      cooldownSec: 0,
    });
  }
  const stored = performance.now() - t0;
  const c0 = performance.now();
  await server.deps.robots.engine.matcherOf(ref.tenantId);
  const compile = performance.now() - c0;
  const withRules = await run(server, ref, ref.tenantId);
  const stats = server.deps.robots.engine.stats;

  const ms = (v: number) => `${v.toFixed(3)} ms`;
  console.log(
    `${KEYWORDS} keywords, ${RATE} messages/s for ${SECONDS} s, 1 in ${HIT_EVERY} with a keyword`,
  );
  report('store the rules', `${(stored / 1000).toFixed(1)} s`, '-');
  report('compile the tenant matcher', ms(compile), '-');
  report(
    'engine p50 per message',
    ms(percentile(withRules.times, 50)),
    ms(percentile(base.times, 50)),
  );
  report(
    'engine p99 per message',
    ms(percentile(withRules.times, 99)),
    ms(percentile(base.times, 99)),
    '< 1 ms added',
  );
  const misses = withRules.times.filter((_, i) => i % HIT_EVERY !== 0);
  const hits = withRules.times.filter((_, i) => i % HIT_EVERY === 0);
  report(
    'p99 of messages without a keyword',
    ms(percentile(misses, 99)),
    ms(percentile(base.times, 99)),
  );
  report('p99 of messages with a keyword (hit+job)', ms(percentile(hits, 99)), '-');
  report(
    'achieved rate',
    `${Math.round(withRules.times.length / withRules.seconds)}/s`,
    `${Math.round(base.times.length / base.seconds)}/s`,
  );
  console.log('outcomes:', Object.fromEntries(stats));
} finally {
  await close();
}
