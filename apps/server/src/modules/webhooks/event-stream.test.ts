import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FriendItem } from '@cst/shared';
import { rowsOf } from '../../platform/db.ts';
import { useStartedServer, type Session } from '../../../test/support.ts';
import {
  addAccount,
  apiAs,
  eventually,
  signIn,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { lastEventIdOf, serveEventStream, type StreamScope } from './event-stream.ts';

// The event stream (`GET /open/v1/events`) over the event log: new events as they commit, a
// resume after `Last-Event-ID` that misses none, and the scope of the key's accounts. Served
// here on a bare HTTP server (the route with key auth is mounted by the open API's module).

const server = useStartedServer({}, { allowPrivateNetwork: true });
let demo: Session;
let acc: ListedAccount;
let friend: string;
let tenantId: string;
let accountId: string;
let streams: http.Server;
let scopeOf: (path: string) => StreamScope;
let hookId: string;

const api = () => apiAs(server, demo);

async function inbound(content: string) {
  const r = await api().post('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid: friend,
    talkType: 1,
    msgType: 1,
    content,
  });
  expect(r.status, r.message).toBe(200);
}

/** A client of the stream: the frames so far, a wait, and close. */
function connect(path: string, lastId?: number) {
  const frames: { id: number; event: string; data: { id: string; data: { content: string } } }[] =
    [];
  let buffer = '';
  let notify: (() => void) | null = null;
  let opened!: () => void;
  /** Resolves once the server has told where it resumes (what comes after is sent). */
  const ready = new Promise<void>((r) => (opened = r));
  const port = (streams.address() as { port: number }).port;
  const req = http.get(
    {
      host: '127.0.0.1',
      port,
      path,
      headers: lastId !== undefined ? { 'last-event-id': String(lastId) } : {},
    },
    (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        if (buffer.includes(': resume after ')) opened();
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const f: Record<string, string> = {};
          for (const line of block.split('\n')) {
            const m = /^(id|event|data): (.*)$/.exec(line);
            if (m) f[m[1]!] = m[2]!;
          }
          if (f.id) {
            frames.push({
              id: Number(f.id),
              event: f.event!,
              data: JSON.parse(f.data!) as (typeof frames)[number]['data'],
            });
          }
        }
        notify?.();
      });
    },
  );
  req.on('error', () => undefined);
  return {
    frames,
    ready,
    contents: () => frames.map((f) => f.data.data.content),
    async until(check: () => boolean, ms = 10_000) {
      const end = Date.now() + ms;
      while (!check()) {
        if (Date.now() > end) throw new Error(`stream: got ${JSON.stringify(this.contents())}`);
        await new Promise<void>((r) => {
          notify = r;
          setTimeout(r, 100);
        });
      }
    },
    close: () => req.destroy(),
  };
}

beforeAll(async () => {
  demo = await signIn(server, 'demo');
  acc = await addAccount(server, demo, { nickname: '事件流号' });
  await api().post('/sim-api/config', { trafficPerMinute: 0 });
  const friends = await api().post<{ list: FriendItem[] }>('/main-api/acc/friends-list', {
    workWxid: acc.wxid,
    pageSize: 10,
  });
  friend = friends.data.list[0]!.friendWxid;
  const [row] = rowsOf<{ id: string; tenant_id: string }>(
    await server.deps.db.execute(
      sql`select id, tenant_id from work_accounts where wxid = ${acc.wxid}`,
    ),
  );
  tenantId = row!.tenant_id;
  accountId = row!.id;
  // The tenant listens (an endpoint of message.received), so its events are kept.
  const hook = await api().post<{ id: string }>('/main-api/open/webhooks/create', {
    url: 'http://127.0.0.1:9/unused',
    events: ['message.received'],
  });
  expect(hook.status, hook.message).toBe(200);
  hookId = hook.data.id;
  scopeOf = (path) => ({
    tenantId,
    accountIds: path.includes('other') ? ['00000000-0000-4000-8000-000000000000'] : [accountId],
  });
  streams = http.createServer((req, res) => {
    void serveEventStream(
      server.deps,
      scopeOf(req.url ?? ''),
      lastEventIdOf(req.headers['last-event-id']),
      res,
      { pollMs: 200 },
    );
  });
  await new Promise<void>((r) => streams.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  streams?.closeAllConnections();
  await new Promise((r) => streams?.close(r));
});

describe('the event stream', () => {
  it('sends new events and resumes after Last-Event-ID without a gap', async () => {
    await inbound('before the stream');
    // Stored (its event committed) before the stream starts.
    await eventually(async () => {
      const r = await api().post<{ total: number }>('/main-api/open/webhooks/deliveries', {
        id: hookId,
        page: 1,
        pageSize: 1,
      });
      return r.data.total === 1;
    });
    const a = connect('/events');
    const other = connect('/events?other');
    await Promise.all([a.ready, other.ready]);
    await inbound('stream one');
    await a.until(() => a.contents().includes('stream one'));
    // From now: what came before the connection is not replayed.
    expect(a.contents()).toEqual(['stream one']);
    expect(a.frames[0]!.event).toBe('message.received');
    const last = a.frames[0]!.id;
    a.close();

    await inbound('missed two');
    await inbound('missed three');
    const b = connect('/events', last);
    await b.until(() => b.contents().length >= 2);
    expect(b.contents()).toEqual(['missed two', 'missed three']);
    expect(b.frames.every((f) => f.id > last)).toBe(true);
    await inbound('live four');
    await b.until(() => b.contents().includes('live four'));
    b.close();

    // A key limited to another account hears none of them.
    expect(other.frames).toEqual([]);
    other.close();
  });

  it('reads Last-Event-ID strictly', () => {
    expect(lastEventIdOf('42')).toBe(42);
    expect(lastEventIdOf(' 7 ')).toBe(7);
    expect(lastEventIdOf('-1')).toBeNull();
    expect(lastEventIdOf('1e3')).toBeNull();
    expect(lastEventIdOf(undefined)).toBeNull();
  });
});
