import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.ts';
import type { Server, ServerOptions } from '../../server.ts';
import { useServersOnStores } from '../../../test/support.ts';
import { addAccount, signIn } from '../accounts/account.test-support.ts';
import { momentKey } from './moment-post.job.ts';
import { MOMENT_JOB } from './moment-post.service.ts';
import { createPost, postOf, waitPost } from './moment.test-support.ts';

// Issue 18 §4 "exactly once per account": a post survives a restart of the server and is made
// once per account; two scheduler instances on one PostgreSQL never post an account twice.

const PG = process.env.TEST_DATABASE_URL;
const fast: ServerOptions = {
  accounts: {
    lease: { leaseMs: 1500, renewMs: 250 },
    simulator: { loginDelayMs: 20, friendAcceptDelayMs: 200 },
  },
  scheduler: { pollMs: 100 },
};
const servers = useServersOnStores(fast);

/** How many moments the platform holds per job key of these jobs. */
async function madeOnPlatform(server: Server, jobs: { jobId: string; workWxid: string }[]) {
  const out: number[] = [];
  for (const j of jobs) {
    const [r] = rowsOf<{ n: number }>(
      await server.deps.db.execute(sql`
        select count(*)::int as n from sim_moments
        where account_wxid = ${j.workWxid} and request_id = ${momentKey(j.jobId, 1)}`),
    );
    out.push(Number(r?.n ?? 0));
  }
  return out;
}

describe('a restart', () => {
  it('keeps pending posts and makes each once when their time comes', async () => {
    const store = await servers.store();
    const A = await servers.start(store);
    const sa = await signIn(A, 'demo');
    const a1 = await addAccount(A, sa, { nickname: '重启甲' });
    const a2 = await addAccount(A, sa, { nickname: '重启乙' });
    const r = await createPost(A, sa, {
      workWxids: [a1.wxid, a2.wxid],
      text: '重启之后发',
      sendType: 'scheduled',
      sendAt: Date.now() + 2500,
    });
    expect(r.status).toBe(200);
    await A.stop();

    const B = await servers.start(store);
    const sb = await signIn(B, 'demo');
    expect((await postOf(B, sb, r.data.postId))?.counts.pending).toBe(2);
    const done = await waitPost(B, sb, r.data.postId, (p) => p.counts.posted === 2, 30_000);
    expect(await madeOnPlatform(B, done.jobs)).toEqual([1, 1]);
  }, 90_000);
});

describe.skipIf(!PG)('two scheduler instances on one PostgreSQL', () => {
  it('post every account once between them', async () => {
    const store = await servers.store();
    const A = await servers.start(store);
    const B = await servers.start(store);
    const sa = await signIn(A, 'demo');
    const sb = await signIn(B, 'demo');
    const accounts = [
      await addAccount(A, sa, { nickname: '双实例甲' }),
      await addAccount(A, sa, { nickname: '双实例乙' }),
      await addAccount(B, sb, { nickname: '双实例丙' }),
      await addAccount(B, sb, { nickname: '双实例丁' }),
    ];
    const r = await createPost(A, sa, { workWxids: accounts.map((a) => a.wxid), text: '双实例' });
    const done = await waitPost(B, sb, r.data.postId, (p) => p.counts.posted === 4, 30_000);
    expect(await madeOnPlatform(A, done.jobs)).toEqual([1, 1, 1, 1]);
    // Both instances took part (an account's job may run on either: the post goes to its holder).
    const claimed = (s: Server) => s.scheduler.statsByKind.get(MOMENT_JOB)?.claimed ?? 0;
    expect(claimed(A) + claimed(B)).toBeGreaterThanOrEqual(4);
  }, 90_000);
});
