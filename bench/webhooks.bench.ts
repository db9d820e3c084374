// Issue 30 figures: webhooks. Inbound messages (the simulator's ingest) at 200 msg/s with three
// endpoints subscribed to message.received, each a receiver in this process: inbound → delivered
// latency p50/p99 per delivery. Then a burst, delivered as it is ingested (bounded by the ingest),
// and the sustained deliveries/s of the server: the burst's deliveries made pending again at once
// (as a backlog after an outage), drained; beside the floor of plain HTTP POSTs from this process
// to the same receivers (kept-alive, as many at once as the delivery lanes). BENCH_DB=postgres
// runs it on a throw-away PostgreSQL (scripts/postgres.sh).
import { sql } from 'drizzle-orm';
import http from 'node:http';
import type { Server } from '../apps/server/src/server.ts';
import { ENDPOINT_CONCURRENCY } from '../apps/server/src/modules/webhooks/webhook-delivery.job.ts';
import { percentile, report } from './lib.ts';
import { startInProcess, manager } from './in-process.ts';

const ENDPOINTS = 3;
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BURST = Number(process.env.BENCH_BURST ?? 3000);
const ACCOUNTS = 5;

interface Receiver {
  url: string;
  /** Arrival time (epoch ms) of each message content, first arrival (until `reset`). */
  arrived: Map<string, number>;
  /** The event's `occurredAt` (its transaction's time) of each content, first arrival. */
  recorded: Map<string, number>;
  count: number;
  /** Forgets the arrivals (a phase that posts the same events again). */
  reset(): void;
  close(): Promise<void>;
}

async function receiver(): Promise<Receiver> {
  const arrived = new Map<string, number>();
  const recorded = new Map<string, number>();
  const r: Receiver = {
    url: '',
    arrived,
    recorded,
    count: 0,
    reset: () => {
      arrived.clear();
      recorded.clear();
    },
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      r.count += 1;
      const body = Buffer.concat(chunks).toString('utf8');
      // `data` is jsonb as PostgreSQL prints it (a space after each colon).
      const m = /"content":\s*"(bench [^"]*)"/.exec(body);
      if (m && !arrived.has(m[1]!)) {
        arrived.set(m[1]!, at);
        recorded.set(m[1]!, Number(/"occurredAt":(\d+)/.exec(body)?.[1] ?? at));
      }
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  r.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  r.close = () =>
    new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    });
  return r;
}

async function post<T>(s: Server, url: string, token: string, body: unknown): Promise<T> {
  const res = await s.app.inject({
    method: 'POST',
    url,
    headers: { 'cst-token': token },
    payload: body as object,
  });
  const json = res.json() as { message?: string; data: T };
  if (res.statusCode !== 200) throw new Error(`${url}: ${json.message}`);
  return json.data;
}

async function addAccounts(s: Server, token: string): Promise<string[]> {
  const wxids: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const code = await post<{ loginId: string }>(s, '/main-api/acc/qr-login-code', token, {});
    const scan = await post<{ wxid: string }>(s, '/sim-api/qr/scan', token, {
      loginId: code.loginId,
      confirm: true,
      nickname: `钩子压测${i + 1}`,
    });
    wxids.push(scan.wxid);
  }
  const deadline = Date.now() + 120_000;
  for (;;) {
    const list = await post<{ list: { status: string }[] }>(s, '/main-api/acc/all', token, {
      pageSize: 100,
    });
    if (list.list.filter((a) => a.status === 'online').length >= ACCOUNTS) return wxids;
    if (Date.now() > deadline) throw new Error('accounts did not come online');
    await new Promise((r) => setTimeout(r, 200));
  }
}

let phases = 0;

/** Injects `count` inbound messages at `rate`/s (0: at once); their injection times by content. */
async function inject(s: Server, wxids: string[], count: number, rate: number) {
  const sim = s.accounts.gateway.simulator!;
  const phase = ++phases;
  const sentAt = new Map<string, number>();
  const t0 = performance.now();
  const gap = rate > 0 ? 1000 / rate : 0;
  const inflight: Promise<unknown>[] = [];
  for (let i = 0; i < count; i++) {
    if (gap > 0) {
      const wait = t0 + i * gap - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    }
    const content = `bench ${phase} ${i}`;
    sentAt.set(content, Date.now());
    inflight.push(
      sim.inbound({
        workWxid: wxids[i % wxids.length]!,
        fromWxid: `wxid_hook_${i % 40}`,
        talkType: 1,
        msgType: 1,
        content,
      }),
    );
    if (inflight.length >= 200) await Promise.all(inflight.splice(0));
  }
  await Promise.all(inflight);
  return sentAt;
}

/** Waits until every receiver has every content of `sentAt`; the latencies of each delivery. */
async function delivered(receivers: Receiver[], sentAt: Map<string, number>, ms = 300_000) {
  const end = Date.now() + ms;
  for (;;) {
    if (receivers.every((r) => [...sentAt.keys()].every((c) => r.arrived.has(c)))) break;
    if (Date.now() > end) {
      const got = receivers.map((r) => [...sentAt.keys()].filter((c) => r.arrived.has(c)).length);
      throw new Error(`not every delivery arrived: ${got.join(', ')} of ${sentAt.size}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const latencies: number[] = [];
  const afterCommit: number[] = [];
  let last = 0;
  for (const r of receivers) {
    for (const [content, t] of sentAt) {
      const at = r.arrived.get(content)!;
      latencies.push(at - t);
      afterCommit.push(at - r.recorded.get(content)!);
      last = Math.max(last, at);
    }
  }
  return { latencies, afterCommit, last };
}

/** The floor: plain kept-alive POSTs of a delivery-sized body to the receivers. */
async function floor(receivers: Receiver[], count: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const body = JSON.stringify({ id: 'x', event: 'message.received', data: { content: 'floor' } });
  const one = (url: string) =>
    new Promise<void>((ok, fail) => {
      const req = http.request(
        url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () => ok());
        },
      );
      req.on('error', fail);
      req.end(body);
    });
  const t0 = performance.now();
  let next = 0;
  const lanes = receivers.flatMap((r) =>
    Array.from({ length: ENDPOINT_CONCURRENCY }, async () => {
      while (next < count) {
        next += 1;
        await one(r.url);
      }
    }),
  );
  await Promise.all(lanes);
  agent.destroy();
  return count / ((performance.now() - t0) / 1000);
}

const receivers = await Promise.all(Array.from({ length: ENDPOINTS }, receiver));
const { server, close } = await startInProcess(process.env.BENCH_PG_PORT ?? '54433', {
  env: { ALLOW_PRIVATE_NETWORK: '1' },
});
try {
  const { token } = await manager(server);
  const wxids = await addAccounts(server, token);
  for (const r of receivers) {
    await post(server, '/main-api/open/webhooks/create', token, {
      url: r.url,
      events: ['message.received'],
    });
  }
  // Warm-up: connections, plans and caches.
  await delivered(receivers, await inject(server, wxids, 100, 0));

  const steady = await inject(server, wxids, RATE * SECONDS, RATE);
  const { latencies, afterCommit } = await delivered(receivers, steady);
  report(
    `inbound → delivered p50 at ${RATE} msg/s, ${ENDPOINTS} endpoints`,
    `${percentile(latencies, 50).toFixed(0)} ms`,
    '-',
  );
  report(
    `inbound → delivered p99 at ${RATE} msg/s, ${ENDPOINTS} endpoints`,
    `${percentile(latencies, 99).toFixed(0)} ms`,
    '-',
    '< 250 ms',
  );
  report(
    `  of which event recorded → delivered, p50 / p99`,
    `${percentile(afterCommit, 50).toFixed(0)} / ${percentile(afterCommit, 99).toFixed(0)} ms`,
    '-',
  );

  const t0 = Date.now();
  const burst = await inject(server, wxids, BURST, 0);
  const { last } = await delivered(receivers, burst);
  const lastRecorded = Math.max(...[...burst.keys()].map((c) => receivers[0]!.recorded.get(c)!));
  const ingest = BURST / ((lastRecorded - t0) / 1000);
  report(
    `burst: inbound recorded/s; delivered/s`,
    `${ingest.toFixed(0)}; ${((BURST * ENDPOINTS) / ((last - t0) / 1000)).toFixed(0)} /s`,
    `≤ ${(ingest * ENDPOINTS).toFixed(0)} /s`,
  );

  // The server's own pace: every delivery of the burst pending again at once, woken as new events
  // wake it (the NOTIFY of the event log), drained.
  for (const r of receivers) r.reset();
  const t1 = Date.now();
  await server.deps.db.execute(sql`
    update webhook_deliveries set state = 'pending', due_at = ${t1}, lease_owner = null,
      lease_until = null
    where event_id in (select public_id from open_events where data->>'content' like 'bench 3 %')`);
  await server.deps.db.execute(sql`select pg_notify('open_events', '')`);
  const { last: drained } = await delivered(receivers, burst);
  const rate = (BURST * ENDPOINTS) / ((drained - t1) / 1000);
  const floorRate = await floor(receivers, BURST * ENDPOINTS);
  report(
    `sustained deliveries/s (a backlog of ${BURST} × ${ENDPOINTS})`,
    `${rate.toFixed(0)} /s`,
    `${floorRate.toFixed(0)} /s`,
    '≥ 2,000 /s on PostgreSQL',
  );
  console.log('(baseline: plain kept-alive HTTP POSTs from this process to the same receivers)');
} finally {
  await close();
  for (const r of receivers) await r.close();
}
