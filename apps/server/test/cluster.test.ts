import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BulkTaskFetchResult,
  FanTaskListResult,
  FanTaskRowsResult,
  OssTokenPayload,
  SimReceivedItem,
  UploadResult,
} from '@cst/shared';
import { sampleOf } from '../src/metrics/metrics-text.ts';
import { openTestSocket } from '../src/realtime/test-socket.ts';
import { TEST_PASSWORD } from './support.ts';

// Issue 21: scripts/cluster.sh brings up two instances on one PostgreSQL and one S3 bucket behind
// nginx. Through the proxy the installation behaves as one server, and losing an instance loses
// nothing. Needs PostgreSQL (TEST_DATABASE_URL); the script installs nginx when it is missing.

const PG = process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, '../../..');
const TOKEN = `metrics-${randomUUID()}`;
const dir = path.join(os.tmpdir(), `cst-cluster-test-${process.pid}`);
let dbName = '';
let proxy = '';
let base = 0;

/** The first of five free consecutive ports on 127.0.0.1 (proxy, two instances, S3, spare). */
async function freePorts(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
  for (let i = 0; i < 50; i++) {
    const start = 20000 + Math.floor(Math.random() * 20000);
    let ok = true;
    for (let p = start; p < start + 5 && ok; p++) ok = await free(p);
    if (ok) return start;
  }
  throw new Error('no free ports');
}

function cluster(cmd: 'start' | 'stop', env: Record<string, string> = {}) {
  return spawnSync('scripts/cluster.sh', [cmd, dir], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 300_000,
  });
}

beforeAll(async () => {
  if (!PG) return;
  dbName = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(PG);
  url.pathname = `/${dbName}`;
  base = await freePorts();
  const r = cluster('start', {
    CLUSTER_PORT: String(base),
    CLUSTER_DATABASE_URL: url.toString(),
    CLUSTER_SKIP_BUILD: '1',
    ADMIN_PASSWORD: TEST_PASSWORD,
    DEMO_PASSWORD: TEST_PASSWORD,
    METRICS_TOKEN: TOKEN,
    SIM_TRAFFIC: '0',
    LOG_LEVEL: 'warn',
    TZ: 'UTC',
    SCHEDULER_POLL_MS: '200',
  });
  if (r.status !== 0) throw new Error(`cluster start failed:\n${r.stderr}\n${r.stdout}`);
  proxy = r.stdout.trim().split('\n').at(-1)!.replace(/\/$/, '');
}, 300_000);

afterAll(async () => {
  if (!PG) return;
  cluster('stop');
  const c = new pg.Client({ connectionString: PG });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await c.end();
});

const instance = (i: 0 | 1) => `http://127.0.0.1:${base + 1 + i}`;

interface Api {
  token: string;
  post<T>(route: string, body?: unknown): Promise<T>;
}

async function signIn(url: string, username = 'demo'): Promise<Api> {
  const res = await fetch(`${url}/system-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: TEST_PASSWORD }),
  });
  const { data } = (await res.json()) as { data: { token: string } };
  return {
    token: data.token,
    post: async <T>(route: string, body: unknown = {}) => {
      const r = await fetch(`${url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cst-token': data.token },
        body: JSON.stringify(body),
      });
      const json = (await r.json()) as { message: string; data: T };
      if (r.status !== 200) throw new Error(`${route}: ${r.status} ${json.message}`);
      return json.data;
    },
  };
}

async function until<T>(check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function scrape(url: string): Promise<string> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  if (res.status !== 200) throw new Error(`metrics: ${res.status}`);
  return res.text();
}

const held = async (i: 0 | 1) => sampleOf(await scrape(instance(i)), 'cst_accounts_held') ?? 0;

async function onlineAccount(api: Api, nickname: string): Promise<string> {
  const { loginId } = await api.post<{ loginId: string }>('/main-api/acc/qr-login-code');
  const { wxid } = await api.post<{ wxid: string }>('/sim-api/qr/scan', {
    loginId,
    confirm: true,
    nickname,
  });
  await until(async () => {
    const r = await api.post<{ list: { wxid: string; status: string }[] }>('/main-api/acc/all', {
      keyword: wxid,
    });
    return r.list.find((a) => a.wxid === wxid && a.status === 'online');
  }, 30_000);
  return wxid;
}

describe.skipIf(!PG)('two instances behind nginx (scripts/cluster.sh)', () => {
  it('answers through the proxy from both instances, without sticky sessions', async () => {
    const api = await signIn(proxy);
    for (let i = 0; i < 6; i++) await api.post('/main-api/acc/all', {});
    const count = async (i: 0 | 1) =>
      sampleOf(await scrape(instance(i)), 'cst_http_request_duration_seconds_count', {
        route: '/main-api/acc/all',
        status: '200',
      }) ?? 0;
    expect(await count(0)).toBeGreaterThan(0);
    expect(await count(1)).toBeGreaterThan(0);
    expect((await fetch(`${instance(0)}/metrics`)).status).toBe(401);
  });

  it('serves from one instance a file uploaded while connected to the other', async () => {
    const [a, b] = [await signIn(instance(0)), await signIn(instance(1))];
    const tokenRes = await fetch(`${instance(0)}/main-api/oss/token`, {
      headers: { 'cst-token': a.token },
    });
    const token = JSON.parse(
      ((await tokenRes.json()) as { data: { token: string } }).data.token,
    ) as OssTokenPayload;
    expect(token.host).toBe(`${proxy}/s3/cst`);
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 200, b: 90 } },
    })
      .png()
      .toBuffer();
    const key = `${token.dir}wxid_a/wxid_b/20260101/${Date.now()}-${randomUUID()}.png`;
    const form = new FormData();
    form.set('key', key);
    for (const [k, v] of Object.entries(token.fields ?? {})) form.set(k, v);
    form.set('file', new Blob([png]), 'a.png');
    expect((await fetch(token.host, { method: 'POST', body: form })).status).toBe(200);
    const file = await a.post<UploadResult>(token.confirm!, { key });
    expect(file).toMatchObject({ mime: 'image/png', width: 64, height: 48 });
    const got = await fetch(`${instance(1)}${file.url}`, { headers: { 'cst-token': b.token } });
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);
    const thumb = await fetch(`${proxy}${file.thumbUrl}`, {
      headers: { cookie: `cst_file=${b.token}` },
    });
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
  });

  it('chats from one instance with an account held by the other, and loses nothing to kill -9', async () => {
    const api = await signIn(proxy);
    // Logged in on instance 1, which then holds both accounts' connections.
    const first = await signIn(instance(0));
    const accounts = [await onlineAccount(first, '集群甲'), await onlineAccount(first, '集群乙')];
    const holder = 0 as const;
    const other = 1 as const;
    await until(async () => ((await held(holder)) === 2 ? true : undefined), 30_000);
    expect(await held(other)).toBe(0);
    const peer = 'wxid_cluster_friend';
    // The simulated people talk to the accounts: through the holder, and through the other
    // instance, which hands the simulator call to the holder.
    const direct = await signIn(instance(other));
    for (const [i, w] of accounts.entries()) {
      await (i === 0 ? first : direct).post('/sim-api/inbound', {
        workWxid: w,
        fromWxid: peer,
        talkType: 1,
        msgType: 1,
        content: '你好',
      });
    }
    await first.post('/sim-api/config', { friendAcceptRate: 1 });

    // A browser on the other instance (websocket straight to it) and one through the proxy.
    const socket = await openTestSocket(instance(other), { token: direct.token });
    const proxied = await openTestSocket(proxy, { token: api.token });
    const send = (c: Api, workWxid: string, content: string) =>
      c.post<{ messageId: string }>('/main-api/conv/send-text', {
        workWxid,
        receiver_id: peer,
        talkType: 1,
        content,
        sendingUUid: `cl-${content}`,
      });
    await send(direct, accounts[0]!, 'm-before-1');
    await socket.waitFor(
      (f) => f.seq !== undefined && JSON.stringify(f.data).includes('m-before-1'),
      15_000,
    );
    await proxied.waitFor(
      (f) => f.seq !== undefined && JSON.stringify(f.data).includes('m-before-1'),
      15_000,
    );

    // A bulk friend-request task running on the cluster when the holder dies.
    const { taskId } = await api.post<{ taskId: string }>('/task-api/fans/task/create', {
      taskName: '集群任务',
      workWxids: accounts,
      greeting: '你好',
      intervalSec: 1,
      jitterSec: 0,
      rowsPerPull: 2,
      rows: Array.from({ length: 10 }, (_, i) => ({
        target: `1390021${String(i).padStart(4, '0')}`,
      })),
    });
    await until(async () => {
      const r = await api.post<FanTaskRowsResult>('/task-api/fans/task/rows', {
        taskId,
        pageSize: 100,
      });
      return r.list.some((x) => x.sentAt !== null) ? true : undefined;
    }, 30_000);

    // And a mass send of two messages to every friend of both accounts, one target a second.
    await api.post('/task-api/bulk-send-task/settings/save', {
      channel: 1,
      dailyCapPerAccount: 10_000,
      messageIntervalSec: 0,
      fanIntervalSec: 1,
      perRoundCount: 10,
      groupIntervalSec: 0,
      groupDailyCap: 1000,
      jitterSec: 0,
    });
    const campaign = ['集群群发一', '集群群发二'];
    const bulk = await api.post<{ taskId: string }>('/task-api/bulk-send-task/create', {
      taskName: '集群群发',
      taskType: 'friends',
      workWxids: accounts,
      targets: { mode: 'all' },
      messages: campaign.map((content) => ({ kind: 'text', content })),
    });
    const bulkTask = async (c: Api) =>
      (
        await c.post<BulkTaskFetchResult>('/task-api/bulk-send-task/fetch', { pageSize: 100 })
      ).list.find((x) => x.taskId === bulk.taskId);
    await until(async () => ((await bulkTask(api))?.sent ?? 0) > 0 || undefined, 30_000);

    const pid = Number(fs.readFileSync(path.join(dir, `node-${holder + 1}.pid`), 'utf8'));
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    const survivor = await signIn(instance(other));
    const after = ['m-after-1', 'm-after-2', 'm-after-3'];
    for (const content of after) await send(survivor, accounts[1]!, content);
    // Waiting in the outbox while nobody holds the account.
    expect(sampleOf(await scrape(instance(other)), 'cst_outbox_backlog')).toBeGreaterThan(0);

    // The survivor takes both accounts over once their leases lapse (30 s).
    await until(async () => ((await held(other)) === 2 ? true : undefined), 60_000);
    // The leases lapse 20–30 s after the kill and the survivor claims every 10 s.
    expect(Date.now() - killedAt).toBeLessThan(55_000);
    const received = await until(async () => {
      const r = await survivor.post<{ list: SimReceivedItem[] }>('/sim-api/received', {});
      const mine = r.list.filter((x) => x.kind === 'message' && x.peerWxid === peer);
      return after.every((c) => mine.some((m) => m.content === c)) ? mine : undefined;
    }, 60_000);
    for (const content of ['m-before-1', ...after]) {
      expect(
        received.filter((m) => m.content === content),
        content,
      ).toHaveLength(1);
    }
    await until(async () => {
      const text = await scrape(instance(other));
      return sampleOf(text, 'cst_outbox_backlog') === 0 ? true : undefined;
    }, 30_000);

    // The task finishes on the survivor with every friend request made once.
    await until(async () => {
      const r = await survivor.post<FanTaskListResult>('/task-api/fans/task/list', {});
      return r.list.find((x) => x.taskId === taskId)?.status === 'completed' ? true : undefined;
    }, 90_000);
    const rows = await survivor.post<FanTaskRowsResult>('/task-api/fans/task/rows', {
      taskId,
      pageSize: 100,
    });
    const requests = (
      await survivor.post<{ list: SimReceivedItem[] }>('/sim-api/received', {})
    ).list.filter((x) => x.kind === 'friendRequest');
    for (const row of rows.list) {
      expect(row.state).toBe('done');
      expect(
        requests.filter((r) => r.peerWxid === row.wxid),
        row.target,
      ).toHaveLength(1);
    }
    // The mass send finishes too: every friend got each message once.
    const done = await until(async () => {
      const t = await bulkTask(survivor);
      return t?.status === 'completed' ? t : undefined;
    }, 120_000);
    expect(done.failed).toBe(0);
    const got = (
      await survivor.post<{ list: SimReceivedItem[] }>('/sim-api/received', {})
    ).list.filter((x) => x.kind === 'message' && campaign.includes(x.content));
    expect(got).toHaveLength(done.total);
    expect(new Set(got.map((x) => `${x.workWxid}|${x.peerWxid}|${x.content}`)).size).toBe(
      done.total,
    );
    await socket.close();
    await proxied.close();
  }, 300_000);
});
