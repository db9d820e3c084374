import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FriendItem } from '@cst/shared';
import { useStartedServer, type Session } from '../../../test/support.ts';
import { buildAccount, signInAs } from '../../../test/factories.ts';
import { apiAs, type ListedAccount } from '../accounts/account.test-support.ts';

// `GET /open/v1/events` over real HTTP: a key's stream hears its accounts' events as they
// commit, resumes after Last-Event-ID, beats while idle (on the server's clock), ends when the
// key is revoked and when the server closes. Its tenant keeps every event because it has a key
// (no webhook endpoint here).

const clock = { offset: 0 };
const server = useStartedServer({ now: () => Date.now() + clock.offset });
let demo: Session;
let accA: ListedAccount;
let accB: ListedAccount;
let friendA: string;
let friendB: string;

const api = () => apiAs(server, demo);

async function friendOf(acc: ListedAccount) {
  const r = await api().post<{ list: FriendItem[] }>('/main-api/acc/friends-list', {
    workWxid: acc.wxid,
    pageSize: 10,
  });
  return r.data.list[0]!.friendWxid;
}

async function inbound(acc: ListedAccount, fromWxid: string, content: string) {
  const r = await api().post('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid,
    talkType: 1,
    msgType: 1,
    content,
  });
  expect(r.status, r.message).toBe(200);
}

async function createKey(body: Record<string, unknown>) {
  const r = await api().post<{ id: string; key: string }>('/main-api/open/keys/create', {
    name: 'stream',
    ...body,
  });
  expect(r.status, r.message).toBe(200);
  return r.data;
}

interface Frame {
  id: number;
  event: string;
  data: { id: string; event: string; tenantId: string; occurredAt: number; data: unknown };
}

/** A client of the stream: its status, frames and comments so far, waits, and close. */
function connect(key: string, lastId?: number) {
  const frames: Frame[] = [];
  const comments: string[] = [];
  let status = 0;
  let ended = false;
  let body = '';
  let buffer = '';
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of waiters) w();
  };
  const url = new URL('/open/v1/events', server.url);
  const req = http.get(
    url,
    {
      headers: {
        authorization: `Bearer ${key}`,
        ...(lastId !== undefined ? { 'last-event-id': String(lastId) } : {}),
      },
    },
    (res) => {
      status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const f: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            const m = /^(id|event|data): (.*)$/.exec(line);
            if (m) f[m[1]!] = m[2]!;
          }
          if (f.id) {
            frames.push({
              id: Number(f.id),
              event: f.event!,
              data: JSON.parse(f.data!) as Frame['data'],
            });
          }
        }
        notify();
      });
      res.on('end', () => {
        ended = true;
        notify();
      });
      res.on('close', () => {
        ended = true;
        notify();
      });
    },
  );
  req.on('error', () => {
    ended = true;
    notify();
  });
  const client = {
    frames,
    comments,
    get status() {
      return status;
    },
    get ended() {
      return ended;
    },
    get body() {
      return body;
    },
    contents: () => frames.map((f) => (f.data.data as { content: string }).content),
    /** Waits until `check` holds, woken by what the stream sends (10 s at most). */
    async until(check: () => boolean) {
      const end = Date.now() + 10_000;
      while (!check()) {
        if (Date.now() > end) {
          throw new Error(`stream: ${status} ${JSON.stringify(client.contents())} ${body}`);
        }
        await new Promise<void>((r) => {
          const w = () => {
            waiters.delete(w);
            r();
          };
          waiters.add(w);
          setTimeout(w, 200);
        });
      }
    },
    /** Waits for the opening comment (the stream reads from here on). */
    opened: () => client.until(() => comments.some((c) => c.startsWith('resume after'))),
    close: () => req.destroy(),
  };
  return client;
}

beforeAll(async () => {
  ({ demo } = await signInAs(server, 'demo'));
  accA = await buildAccount(server, demo, { nickname: '流A' });
  accB = await buildAccount(server, demo, { nickname: '流B' });
  await api().post('/sim-api/config', { trafficPerMinute: 0 });
  friendA = await friendOf(accA);
  friendB = await friendOf(accB);
});

describe('GET /open/v1/events', () => {
  it('streams the key’s accounts’ events and resumes after Last-Event-ID', async () => {
    const keyA = await createKey({ permissions: ['conversation.read'], workWxids: [accA.wxid] });
    const keyB = await createKey({ permissions: ['conversation.read'], workWxids: [accB.wxid] });
    const a = connect(keyA.key);
    const b = connect(keyB.key);
    await a.opened();
    await b.opened();
    expect(a.status).toBe(200);

    await inbound(accA, friendA, 'to A one');
    await a.until(() => a.contents().includes('to A one'));
    const first = a.frames[0]!;
    expect(first.event).toBe('message.received');
    expect(first.data).toMatchObject({ event: 'message.received', tenantId: expect.any(String) });
    expect(first.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof first.data.occurredAt).toBe('number');

    // B's key hears B's account only: its first frame is B's message, not A's earlier one.
    await inbound(accB, friendB, 'to B one');
    await b.until(() => b.frames.length > 0);
    expect(b.contents()).toEqual(['to B one']);

    a.close();
    await inbound(accA, friendA, 'to A missed two');
    await inbound(accA, friendA, 'to A missed three');
    const again = connect(keyA.key, first.id);
    await again.until(() => again.frames.length >= 2);
    expect(again.contents()).toEqual(['to A missed two', 'to A missed three']);
    expect(again.frames.every((f) => f.id > first.id)).toBe(true);
    again.close();
    b.close();
  });

  it('refuses console tokens and keys without conversation.read', async () => {
    const consoleToken = connect(demo.token);
    await consoleToken.until(() => consoleToken.ended);
    expect(consoleToken.status).toBe(401);
    const sendOnly = await createKey({ permissions: ['conversation.send'] });
    const refused = connect(sendOnly.key);
    await refused.until(() => refused.ended);
    expect(refused.status).toBe(403);
  });

  it('beats while idle and ends when the key is revoked', async () => {
    const k = await createKey({ permissions: ['conversation.read'] });
    const s = connect(k.key);
    await s.opened();
    clock.offset += 16_000;
    await s.until(() => s.comments.includes('keep-alive'));
    expect(s.ended).toBe(false);
    const r = await api().post('/main-api/open/keys/revoke', { id: k.id });
    expect(r.status, r.message).toBe(200);
    clock.offset += 16_000;
    await s.until(() => s.ended);
  });

  it('ends open streams when the server closes', async () => {
    const k = await createKey({ permissions: ['conversation.read'] });
    const s = connect(k.key);
    await s.opened();
    await server.stop();
    await s.until(() => s.ended);
  });
});
