import type { ServerFrame } from '@cst/shared';
import { describe, expect, it } from 'vitest';
import type { Server, ServerOptions } from '../../server.ts';
import { useServersOnStores, type Session } from '../../../test/support.ts';
import { openTestSocket, type TestSocket } from '../../realtime/test-socket.ts';
import { addAccount, apiAs, signIn } from '../accounts/account.test-support.ts';

// Issue 4 §6: messages that arrive while a browser is away reach it exactly once and in order
// after resume — through the whole pipeline (simulator → rows → pushes), on one server and
// across two server processes on one PostgreSQL (the account held by one, the browser on the other).

const PG = process.env.TEST_DATABASE_URL;
const N = 500;

const fast: ServerOptions = {
  realtime: { liveGraceMs: 100 },
  accounts: {
    lease: { leaseMs: 1500, renewMs: 250 },
    simulator: { loginDelayMs: 50, reconnectDelayMs: 200 },
  },
};

/** Stores two servers can share and servers on them, stopped and dropped after the tests. */
const { store, start } = useServersOnStores(fast);

/** The number in a `live <n>` text frame, or undefined for any other frame. */
function liveIndex(f: ServerFrame): number | undefined {
  if (f.event !== 'text') return undefined;
  const m = /^live (\d+)$/.exec((f.data as { content?: string }).content ?? '');
  return m ? Number(m[1]) : undefined;
}

function liveIndexes(socket: TestSocket): number[] {
  return socket.frames.map(liveIndex).filter((i): i is number => i !== undefined);
}

/** A contact writes `live from..to-1` to the account, one after another, through the simulator API. */
async function inject(server: Server, s: Session, wxid: string, from: number, to: number) {
  const api = apiAs(server, s);
  for (let i = from; i < to; i++) {
    const r = await api.post('/sim-api/inbound', {
      workWxid: wxid,
      fromWxid: `wxid_live_${i % 7}`,
      talkType: 1,
      msgType: 1,
      content: `live ${i}`,
    });
    if (r.status !== 200) throw new Error(`inbound ${i}: ${r.message}`);
  }
}

async function connect(server: Server, s: Session, resumeFrom?: number): Promise<TestSocket> {
  const ws = await openTestSocket(server.url, { token: s.token });
  if (resumeFrom === undefined) ws.send('ping');
  else ws.send('resume', { seq: resumeFrom });
  await ws.waitFor((f) => f.event === 'hello');
  return ws;
}

/** The highest seq a socket saw (frames and the hello it got on connect). */
function lastSeq(socket: TestSocket): number {
  return Math.max(0, ...socket.frames.map((f) => f.seq ?? 0));
}

describe('messages arriving while the browser is away', () => {
  it(`delivers ${N} messages once and in order after resume, and the inbox agrees`, async () => {
    const server = await start(await store());
    const demo = await signIn(server, 'demo');
    const acc = await addAccount(server, demo, { nickname: '断线补发' });
    const first = await connect(server, demo);
    await inject(server, demo, acc.wxid, 0, 50);
    await first.waitFor((f) => liveIndex(f) === 49, 20_000);
    const seen = lastSeq(first);
    await first.close();

    await inject(server, demo, acc.wxid, 50, N);
    const again = await connect(server, demo, seen);
    await again.waitFor((f) => liveIndex(f) === N - 1, 60_000);
    expect([...liveIndexes(first), ...liveIndexes(again)]).toEqual(
      Array.from({ length: N }, (_, i) => i),
    );

    // What the pushes said is what the inbox holds: N unread over the 7 contacts.
    const list = await apiAs(server, demo).post<{ list: { unRead: number }[] }>(
      '/main-api/conv/list',
      { mode: 'account', workWxid: acc.wxid, pageSize: 50 },
    );
    expect(list.data.list.reduce((n, c) => n + c.unRead, 0)).toBe(N);
    await again.close();
  }, 120_000);
});

describe('a server that stops while messages arrive', () => {
  it('stores every message the platform accepted before it stopped', async () => {
    const shared = await store();
    const first = await start(shared);
    const demo = await signIn(first, 'demo');
    const acc = await addAccount(first, demo, { nickname: '停机收信' });
    const write = async (i: number) => {
      try {
        const res = await fetch(`${first.url}/sim-api/inbound`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...demo.headers },
          body: JSON.stringify({
            workWxid: acc.wxid,
            fromWxid: `wxid_stop_${i % 3}`,
            talkType: 1,
            msgType: 1,
            content: `stop ${i}`,
          }),
        });
        return res.status === 200 ? i : null;
      } catch {
        return null; // refused: the server was already gone
      }
    };
    // Three contacts keep writing while the server stops (the way a restart meets live traffic).
    const accepted: number[] = [];
    let next = 0;
    let open = true;
    const writers = Array.from({ length: 3 }, async () => {
      while (open) {
        const i = next++;
        const ok = await write(i);
        if (ok === null) open = false;
        else accepted.push(ok);
      }
    });
    // Stop once traffic is flowing (a fixed wait made this depend on the machine's speed).
    while (open && accepted.length < 10) await new Promise((r) => setTimeout(r, 5));
    await first.stop();
    await Promise.all(writers);
    expect(accepted.length).toBeGreaterThanOrEqual(10);

    const second = await start(shared);
    const again = await signIn(second, 'demo');
    const stored: string[] = [];
    for (let peer = 0; peer < 3; peer++) {
      const r = await apiAs(second, again).post<{ list: { content: string }[] }>(
        '/main-api/conv/messages',
        { index_name: `1__wxid_stop_${peer}__${acc.wxid}`, limit: 100 },
      );
      if (r.status === 200) stored.push(...r.data.list.map((m) => m.content));
    }
    expect(stored.sort()).toEqual(accepted.map((i) => `stop ${i}`).sort());
  }, 60_000);
});

describe.skipIf(!PG)('two server processes on one PostgreSQL', () => {
  it(`delivers ${N} messages taken in by one process to a browser on the other, once and in order`, async () => {
    const shared = await store();
    const A = await start(shared);
    const B = await start(shared);
    const sa = await signIn(A, 'demo');
    const sb = await signIn(B, 'demo');
    const acc = await addAccount(A, sa, { nickname: '跨进程' });
    expect(A.accounts.gateway.heldAccounts()).toContain(acc.wxid);
    expect(B.accounts.gateway.heldAccounts()).not.toContain(acc.wxid);

    // Live on B while A takes the first half in, then away while A takes the rest.
    const first = await connect(B, sb);
    await inject(A, sa, acc.wxid, 0, N / 2);
    await first.waitFor((f) => liveIndex(f) === N / 2 - 1, 30_000);
    const seen = lastSeq(first);
    await first.close();
    await inject(A, sa, acc.wxid, N / 2, N);

    const again = await connect(B, sb, seen);
    await again.waitFor((f) => liveIndex(f) === N - 1, 60_000);
    expect([...liveIndexes(first), ...liveIndexes(again)]).toEqual(
      Array.from({ length: N }, (_, i) => i),
    );
    await again.close();
  }, 120_000);
});
