import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildTestApp, useStartedServer } from '../../test/support.ts';
import { addAccount, apiAs, eventually, signIn } from '../modules/accounts/account.test-support.ts';
import { openTestSocket } from '../realtime/test-socket.ts';
import { sampleOf } from './metrics-text.ts';

const TOKEN = 'metrics-test-token';
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _enc, cb) {
    lines.push(chunk.toString());
    cb();
  },
});
const server = useStartedServer(
  { logger: { level: 'info', stream }, accounts: { simulator: { loginDelayMs: 10 } } },
  { metricsToken: TOKEN },
);

async function scrape(): Promise<string> {
  const res = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
}

describe('GET /metrics', () => {
  it('needs the bearer token', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/metrics`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('is not there without METRICS_TOKEN', async () => {
    const ctx = await buildTestApp();
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  it('reports every figure, and they move with traffic', async () => {
    const before = await scrape();
    for (const name of [
      'cst_http_request_duration_seconds_bucket',
      'cst_websocket_connections',
      'cst_push_frames_total',
      'cst_accounts_held',
      'cst_messages_recovered',
      'cst_outbox_backlog',
      'cst_outbox_lag_seconds',
      'cst_job_backlog{kind="fanAdd"}',
      'cst_scheduler_held_items{kind="fanAdd"}',
      'cst_scheduler_lag_seconds{kind="fanAdd"}',
      'cst_db_pool_connections{state="total"}',
      'cst_db_pool_max',
      'cst_process_resident_memory_bytes',
    ]) {
      expect(before, name).toContain(name);
    }
    expect(sampleOf(before, 'cst_accounts_held')).toBe(0);
    // The simulator never loses messages across its reconnects: no gaps to close.
    expect(sampleOf(before, 'cst_messages_recovered')).toBe(0);
    expect(sampleOf(before, 'cst_websocket_connections')).toBe(0);

    const demo = await signIn(server, 'demo');
    const acc = await addAccount(server, demo, { nickname: '指标测试号' });
    const socket = await openTestSocket(server.url, { token: demo.token });
    const sent = await apiAs(server, demo).post('/main-api/conv/send-text', {
      workWxid: acc.wxid,
      receiver_id: 'wxid_metrics_friend',
      talkType: 1,
      content: '指标',
      sendingUUid: 'metrics-1',
    });
    expect(sent.status).toBe(200);
    const after = await eventually(async () => {
      const text = await scrape();
      return (sampleOf(text, 'cst_push_frames_total') ?? 0) > 0 ? text : undefined;
    });
    expect(sampleOf(after, 'cst_accounts_held')).toBe(1);
    expect(sampleOf(after, 'cst_websocket_connections')).toBe(1);
    expect(
      sampleOf(after, 'cst_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/main-api/conv/send-text',
        status: '200',
      }),
    ).toBe(1);
    await socket.close();
    await eventually(async () =>
      sampleOf(await scrape(), 'cst_websocket_connections') === 0 ? true : undefined,
    );
  });

  it('logs requests with their tenant and request ids', async () => {
    const demo = await signIn(server, 'demo');
    await apiAs(server, demo).post('/main-api/acc/all', {});
    const completed = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request completed' && l.tenantId === demo.tenantId);
    expect(completed.length).toBeGreaterThan(0);
    expect(completed[0]).toMatchObject({ reqId: expect.any(String), userId: demo.uid });
  });
});
