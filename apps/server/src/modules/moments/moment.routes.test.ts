import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MomentInteractionListResult,
  MomentItem,
  MomentPostItem,
  MomentUnreadResult,
} from '@cst/shared';
import { rowsOf } from '../../platform/db.ts';
import { useStartedServer, type Session } from '../../../test/support.ts';
import {
  buildAccount,
  buildOtherTenant,
  buildSeatWithRole,
  signInAs,
} from '../../../test/factories.ts';
import { openTestSocket, type TestSocket } from '../../realtime/test-socket.ts';
import {
  addAccount,
  apiAs,
  eventually,
  type ListedAccount,
} from '../accounts/account.test-support.ts';
import { SAMPLE } from '../files/files.test-support.ts';
import { momentKey } from './moment-post.job.ts';
import {
  createPost,
  feedOf,
  friendsOf,
  postOf,
  uploadFile,
  waitPost,
} from './moment.test-support.ts';

// Issue 18 §4: moments over the routes, posted by the scheduler through the simulator.

let demo: Session;
let sup: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let readOnly: Session;
let acc1: ListedAccount;
let acc2: ListedAccount;
let seat1Socket: TestSocket;

const api = (s: Session = demo, lang?: string) => apiAs(server, s, lang);
const HOUR = 3_600_000;

const server = useStartedServer({
  realtime: { liveGraceMs: 100 },
  accounts: { simulator: { loginDelayMs: 20, friendAcceptDelayMs: 100 } },
  scheduler: { pollMs: 100 },
});

beforeAll(async () => {
  ({ demo, sup, seat1, seat2 } = await signInAs(server, 'demo', 'sup', 'seat1', 'seat2'));
  other = await buildOtherTenant(server);
  readOnly = await buildSeatWithRole(server, demo, {
    roleName: '只看会话',
    permissions: ['conversation.read'],
  });
  acc1 = await buildAccount(server, demo, { nickname: '朋友圈一号', distributeTo: seat1 });
  acc2 = await buildAccount(server, demo, { nickname: '朋友圈二号', distributeTo: seat1 });
  seat1Socket = await openTestSocket(server.url, { token: seat1.token });
  seat1Socket.send('ping');
  await seat1Socket.waitFor((f) => f.event === 'hello');
});
afterAll(async () => {
  await seat1Socket?.close();
});

/** Moments the simulated platform holds for an account with a request id. */
async function platformMoments(wxid: string, requestId: string) {
  return rowsOf<{ moment_id: string; visible_to: string[] | null }>(
    await server.deps.db.execute(sql`
      select moment_id, visible_to from sim_moments
      where account_wxid = ${wxid} and request_id = ${requestId}`),
  );
}

describe('post: validation (400) with clear texts', () => {
  it.each([
    ['no content', { text: '  ' }, '文字、图片、视频和链接不能同时为空'],
    ['no account', { workWxids: [] }, '请选择工作号'],
    ['no time', { sendType: 'scheduled' }, '请选择发布时间'],
    ['no tags', { visibility: 'tags' }, '请选择可见的标签'],
    [
      'link and pictures',
      { link: { title: 't', url: 'https://a.example' }, media: [{ fileUrl: '/oss-api/x' }] },
      '图片、视频和链接只能选择一种',
    ],
  ])('refuses %s', async (_n, patch, message) => {
    const r = await createPost(server, demo, { workWxids: [acc1.wxid], text: 'hi', ...patch });
    expect([r.status, r.message]).toEqual([400, message]);
  });

  it('speaks English when asked', async () => {
    const r = await createPost(server, demo, { workWxids: [acc1.wxid] }, 'en');
    expect([r.status, r.message]).toEqual([
      400,
      'Text, pictures, video and link cannot all be empty',
    ]);
  });

  it('refuses more than 9 pictures, two videos, a video with pictures and files that are not uploads', async () => {
    const pic = await uploadFile(server, demo);
    const video = await uploadFile(server, demo, 'mp4', SAMPLE.mp4);
    const video2 = await uploadFile(server, demo, 'mp4', SAMPLE.mp4);
    const pdf = await uploadFile(server, demo, 'pdf', SAMPLE.pdf);
    const cases: [unknown[], string][] = [
      [Array.from({ length: 10 }, () => ({ fileUrl: pic })), '最多 9 张图片'],
      [[{ fileUrl: video }, { fileUrl: video2 }], '只能发布一个视频'],
      [[{ fileUrl: pic }, { fileUrl: video }], '图片、视频和链接只能选择一种'],
      [[{ fileUrl: pdf }], '文件无效，只能发布已上传的图片或视频'],
      [
        [{ fileUrl: '/oss-api/t/00000000-0000-0000-0000-000000000000/u/x.png' }],
        '文件无效，只能发布已上传的图片或视频',
      ],
      [[{ fileUrl: 'https://evil.example/a.png' }], '文件无效，只能发布已上传的图片或视频'],
    ];
    for (const [media, message] of cases) {
      const r = await createPost(server, demo, { workWxids: [acc1.wxid], media });
      expect([r.status, r.message]).toEqual([400, message]);
    }
    // Another tenant cannot post this tenant's upload.
    const theirs = await createPost(server, other, {
      workWxids: [acc1.wxid],
      media: [{ fileUrl: pic }],
    });
    expect(theirs.status).toBe(404);
  });

  it('refuses bad links, unknown tags, bad ids and out-of-range values', async () => {
    const link = await createPost(server, demo, {
      workWxids: [acc1.wxid],
      link: { title: 'x', url: 'javascript:alert(1)' },
    });
    expect([link.status, link.message]).toEqual([400, '链接地址必须以 http:// 或 https:// 开头']);
    const tag = await createPost(server, demo, {
      workWxids: [acc1.wxid],
      text: 'hi',
      visibility: 'tags',
      tagIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(tag.status).toBe(404);
    for (const patch of [
      { spreadMinutes: -1 },
      { spreadMinutes: 1441 },
      { text: 'x'.repeat(2001) },
      { tagIds: ['nope'] },
      { workWxids: Array.from({ length: 201 }, (_, i) => `w${i}`) },
    ]) {
      expect(
        (await createPost(server, demo, { workWxids: [acc1.wxid], text: 'hi', ...patch })).status,
      ).toBe(400);
    }
    for (const url of ['cancel', 'repost']) {
      expect((await api().post(`/main-api/moments/post/${url}`, { postId: 'abc' })).status).toBe(
        400,
      );
    }
  });
});

describe('post now to two accounts', () => {
  let post: MomentPostItem;
  it('posts once per account, shows both posted in the history and the feed, and pushes', async () => {
    const from = seat1Socket.frames.length;
    const pic = await uploadFile(server, seat1);
    const r = await createPost(server, seat1, {
      workWxids: [acc1.wxid, acc2.wxid, acc1.wxid],
      text: '今天上新，欢迎选购',
      media: [{ fileUrl: pic }],
    });
    expect(r.status).toBe(200);
    post = await waitPost(server, seat1, r.data.postId, (p) => p.counts.posted === 2);
    expect(post.jobs.map((j) => [j.workWxid, j.state])).toEqual(
      expect.arrayContaining([
        [acc1.wxid, 'posted'],
        [acc2.wxid, 'posted'],
      ]),
    );
    expect(post.jobs).toHaveLength(2);
    expect(post.media).toEqual([expect.objectContaining({ url: pic, kind: 'image' })]);
    expect(post.createdBy).toBeTruthy();
    for (const j of post.jobs) {
      expect(await platformMoments(j.workWxid, momentKey(j.jobId, 1))).toEqual([
        expect.objectContaining({ moment_id: j.momentId, visible_to: null }),
      ]);
      const own = await eventually(async () => {
        const feed = await feedOf(server, seat1, j.workWxid, true);
        return feed.find((m) => m.momentId === j.momentId);
      });
      expect(own).toMatchObject({ own: true, text: '今天上新，欢迎选购', authorWxid: j.workWxid });
      expect(own.media[0]?.url).toBe(pic);
    }
    await seat1Socket.waitFor(
      (f) => f.event === 'momentPost' && (f.data as { postId: string }).postId === r.data.postId,
      5000,
      from,
    );
  });

  it('refuses to cancel a posted job (409) and to repost one (409)', async () => {
    const c = await api(seat1, 'en').post('/main-api/moments/post/cancel', { postId: post.postId });
    expect([c.status, c.message]).toEqual([409, 'Only pending posts can be cancelled']);
    const rp = await api(seat1).post('/main-api/moments/post/repost', { postId: post.postId });
    expect([rp.status, rp.message]).toEqual([409, '只能重新发布失败或已取消的任务']);
  });

  it('filters the history by account, state and keyword', async () => {
    const list = async (body: object) =>
      (await api(seat1).post<{ list: MomentPostItem[] }>('/main-api/moments/post/list', body)).data
        .list;
    expect((await list({ workWxid: acc2.wxid })).map((p) => p.postId)).toContain(post.postId);
    expect((await list({ state: 'failed' })).map((p) => p.postId)).not.toContain(post.postId);
    expect((await list({ keyword: '上新' })).map((p) => p.postId)).toContain(post.postId);
    expect((await list({ keyword: '没有这句话' })).length).toBe(0);
  });
});

describe('a scheduled post with a spread', () => {
  it('keeps jobs pending within the spread; cancel, then repost, then it posts', async () => {
    const sendAt = Date.now() + HOUR;
    const r = await createPost(server, seat1, {
      workWxids: [acc1.wxid, acc2.wxid],
      text: '明天的活动',
      sendType: 'scheduled',
      sendAt,
      spreadMinutes: 30,
    });
    expect(r.status).toBe(200);
    const postId = r.data.postId;
    let p = (await postOf(server, seat1, postId))!;
    expect(p.counts).toEqual({ pending: 2, posted: 0, failed: 0, cancelled: 0 });
    for (const j of p.jobs) {
      expect(j.dueAt).toBeGreaterThanOrEqual(sendAt);
      expect(j.dueAt).toBeLessThanOrEqual(sendAt + 30 * 60_000);
      expect((j.dueAt - sendAt) % 60_000).toBe(0);
    }
    const one = p.jobs[0]!;
    const c = await api(seat1).post('/main-api/moments/post/cancel', { postId, jobId: one.jobId });
    expect(c.data).toEqual({ changed: 1 });
    const again = await api(seat1).post('/main-api/moments/post/cancel', {
      postId,
      jobId: one.jobId,
    });
    expect(again.status).toBe(409);
    p = (await postOf(server, seat1, postId))!;
    expect(p.counts).toMatchObject({ pending: 1, cancelled: 1 });
    const rp = await api(seat1).post('/main-api/moments/post/repost', { postId });
    expect(rp.data).toEqual({ changed: 1 });
    // The repost is due now: that account posts, the other still waits for its time.
    p = await waitPost(server, seat1, postId, (x) => x.counts.posted === 1);
    expect(p.counts).toMatchObject({ pending: 1, posted: 1, cancelled: 0 });
    const posted = p.jobs.find((j) => j.state === 'posted')!;
    expect(posted.jobId).toBe(one.jobId);
    // A new round: the key of round 2 reached the platform, never round 1's.
    expect(await platformMoments(posted.workWxid, momentKey(one.jobId, 2))).toHaveLength(1);
    expect(await platformMoments(posted.workWxid, momentKey(one.jobId, 1))).toHaveLength(0);
    const all = await api(seat1).post('/main-api/moments/post/cancel', { postId });
    expect(all.data).toEqual({ changed: 1 });
  });
});

describe('visibility by role and tenant', () => {
  let postId: string;
  beforeAll(async () => {
    const r = await createPost(server, demo, {
      workWxids: [acc1.wxid],
      text: '只给一号',
      sendType: 'scheduled',
      sendAt: Date.now() + HOUR,
    });
    postId = r.data.postId;
  });

  it('shows a post to the manager, the supervisor and the seat of its account only', async () => {
    for (const s of [demo, sup, seat1])
      expect((await postOf(server, s, postId))?.jobs).toHaveLength(1);
    for (const s of [seat2, other]) {
      expect(await postOf(server, s, postId)).toBeUndefined();
      for (const url of ['cancel', 'repost']) {
        const r = await api(s).post(`/main-api/moments/post/${url}`, { postId });
        expect([url, r.status]).toEqual([url, 404]);
      }
    }
  });

  it('refuses accounts the caller does not see (404) and callers without the permission (403)', async () => {
    const body = { workWxids: [acc1.wxid], text: 'x' };
    expect((await createPost(server, seat2, body)).status).toBe(404);
    expect((await createPost(server, other, body)).status).toBe(404);
    expect((await createPost(server, readOnly, body)).status).toBe(403);
    for (const url of [
      'post/list',
      'feed',
      'interaction/list',
      'interaction/unread',
      'interaction/read',
    ]) {
      expect([url, (await api(readOnly).post(`/main-api/moments/${url}`, {})).status]).toEqual([
        url,
        403,
      ]);
    }
    const f = await api(seat2).post('/main-api/moments/feed', { workWxid: acc1.wxid });
    expect(f.status).toBe(404);
    const o = await api(other).post('/main-api/moments/feed', {});
    expect(o.data).toEqual({ list: [], hasMore: false });
  });
});

describe('exactly once across a crash', () => {
  it('a job whose instance died after the platform call is posted once, with the first moment', async () => {
    const r = await createPost(server, demo, {
      workWxids: [acc2.wxid],
      text: '崩溃之后',
      sendType: 'scheduled',
      sendAt: Date.now() + HOUR,
    });
    const p = (await postOf(server, demo, r.data.postId))!;
    const jobId = p.jobs[0]!.jobId;
    // Another instance claimed it, made the post on the platform, and died before recording.
    const past = Date.now() - 1000;
    await server.deps.db.execute(sql`
      update moment_jobs set state = 'claimed', lease_owner = 'dead-instance',
        lease_until = ${past}, due_at = ${past - 1000}, attempts = 1
      where id = ${jobId}`);
    const first = await server.deps.runtime.gateway.postMoment({
      workWxid: acc2.wxid,
      requestId: momentKey(jobId, 1),
      text: '崩溃之后',
      media: [],
    });
    await server.scheduler.drain();
    const done = await waitPost(server, demo, r.data.postId, (x) => x.counts.posted === 1);
    expect(done.jobs[0]!.momentId).toBe(first.momentId);
    expect(await platformMoments(acc2.wxid, momentKey(jobId, 1))).toHaveLength(1);
    const same = rowsOf<{ n: number }>(
      await server.deps.db.execute(sql`
        select count(*)::int as n from sim_moments
        where account_wxid = ${acc2.wxid} and text = '崩溃之后'`),
    );
    expect(same[0]!.n).toBe(1);
  });
});

describe('visible by tags', () => {
  it('posts to the friends with the tags only, and fails with the reason when none has them', async () => {
    const friends = await friendsOf(server, demo, acc1.wxid);
    const group = await api().post<{ id: string }>('/main-api/tags/group/add', {
      name: '朋友圈分组',
    });
    const tag = await api().post<{ id: string }>('/main-api/tags/add', {
      groupId: group.data.id,
      name: '老客户',
    });
    const empty = await api().post<{ id: string }>('/main-api/tags/add', {
      groupId: group.data.id,
      name: '没人',
    });
    const chosen = friends.slice(0, 2).map((f) => f.friendWxid);
    const t = await api().post('/main-api/acc/add-friend-tag', {
      targets: chosen.map((friendWxid) => ({ workWxid: acc1.wxid, friendWxid })),
      tagIds: [tag.data.id],
      op: 'add',
    });
    expect(t.status).toBe(200);
    const r = await createPost(server, demo, {
      workWxids: [acc1.wxid],
      text: '老客户专享',
      visibility: 'tags',
      tagIds: [tag.data.id],
    });
    const p = await waitPost(server, demo, r.data.postId, (x) => x.counts.posted === 1);
    expect(p.visibility).toBe('tags');
    const [row] = await platformMoments(acc1.wxid, momentKey(p.jobs[0]!.jobId, 1));
    expect([...(row!.visible_to ?? [])].sort()).toEqual([...chosen].sort());

    const none = await createPost(server, demo, {
      workWxids: [acc1.wxid],
      text: '没人看得到',
      visibility: 'tags',
      tagIds: [empty.data.id],
    });
    const failed = await waitPost(server, demo, none.data.postId, (x) => x.counts.failed === 1);
    expect(failed.jobs[0]!.reason).toBe('所选标签下没有该工作号的好友');
  });
});

describe('interactions on own posts', () => {
  let momentId: string;
  let commentId: string;
  beforeAll(async () => {
    const r = await createPost(server, demo, { workWxids: [acc2.wxid], text: '求点赞' });
    const p = await waitPost(server, demo, r.data.postId, (x) => x.counts.posted === 1);
    momentId = p.jobs[0]!.momentId!;
  });

  /** A friend of the account comments on the post (the simulator writes it); resolves on its push. */
  async function friendComments(fromWxid: string, text: string) {
    const from = seat1Socket.frames.length;
    const c = await api(sup).post<{ commentId: string }>('/sim-api/moment/act', {
      workWxid: acc2.wxid,
      kind: 'comment',
      momentId,
      fromWxid,
      text,
    });
    expect(c.status).toBe(200);
    await seat1Socket.waitFor(
      (f) =>
        f.event === 'momentInteraction' &&
        (f.data as { kind: string; momentId: string }).kind === 'comment' &&
        (f.data as { momentId: string }).momentId === momentId,
      5000,
      from,
    );
    return c.data.commentId;
  }

  it('records a contact’s like and comment as unread, pushes them live, and counts them', async () => {
    const friend = (await friendsOf(server, seat1, acc2.wxid))[0]!;
    const before = (
      await api(seat1).post<MomentUnreadResult>('/main-api/moments/interaction/unread')
    ).data.unread;
    const like = await api(seat1).post('/sim-api/moment/act', {
      workWxid: acc2.wxid,
      kind: 'like',
      momentId,
      fromWxid: friend.friendWxid,
    });
    expect(like.status).toBe(403); // a seat does not drive the simulator (account.manage)
    const l = await api(sup).post('/sim-api/moment/act', {
      workWxid: acc2.wxid,
      kind: 'like',
      momentId,
      fromWxid: friend.friendWxid,
    });
    expect(l.status).toBe(200);
    commentId = await friendComments(friend.friendWxid, '这个多少钱？');
    const list = await api(seat1).post<MomentInteractionListResult>(
      '/main-api/moments/interaction/list',
      { workWxid: acc2.wxid, unreadOnly: true },
    );
    const mine = list.data.list.filter(
      (i) => i.momentId === momentId && i.wxid === friend.friendWxid,
    );
    expect(mine.map((i) => [i.kind, i.text, i.unread]).sort()).toEqual([
      ['comment', '这个多少钱？', true],
      ['like', '', true],
    ]);
    expect(mine[0]!.momentText).toBe('求点赞');
    const after = (
      await api(seat1).post<MomentUnreadResult>('/main-api/moments/interaction/unread')
    ).data.unread;
    expect(after).toBeGreaterThanOrEqual(before + 2);
    // Another seat and another tenant see none of it.
    const seat2List = await api(seat2).post<MomentInteractionListResult>(
      '/main-api/moments/interaction/list',
      {},
    );
    expect(seat2List.data.list.filter((i) => i.momentId === momentId)).toEqual([]);
    expect(
      (await api(other).post<MomentUnreadResult>('/main-api/moments/interaction/unread')).data
        .unread,
    ).toBe(0);
  });

  it('replies to the comment as the account, and marks interactions read', async () => {
    const r = await api(seat1).post<MomentItem>('/main-api/moments/comment', {
      workWxid: acc2.wxid,
      momentId,
      text: '私信您价格',
      replyToCommentId: commentId,
    });
    expect(r.status).toBe(200);
    const reply = r.data.comments.find((c) => c.text === '私信您价格');
    expect(reply).toMatchObject({ wxid: acc2.wxid, replyToName: expect.any(String) });
    expect(reply!.replyToName).not.toBe('');
    // The answered comment is read now; the like beside it is still unread.
    const answered = await api(seat1).post<MomentInteractionListResult>(
      '/main-api/moments/interaction/list',
      { workWxid: acc2.wxid },
    );
    const ofMoment = answered.data.list.filter(
      (i) => i.momentId === momentId && i.kind === 'comment' && i.text === '这个多少钱？',
    );
    expect(ofMoment.map((i) => i.unread)).toEqual([false]);
    expect(
      answered.data.list.some((i) => i.momentId === momentId && i.kind === 'like' && i.unread),
    ).toBe(true);
    const bad = await api(seat1).post('/main-api/moments/comment', {
      workWxid: acc2.wxid,
      momentId,
      text: 'x',
      replyToCommentId: 'no-such-comment',
    });
    expect([bad.status, bad.message]).toEqual([404, '该评论不存在']);
    const empty = await api(seat1).post('/main-api/moments/comment', {
      workWxid: acc2.wxid,
      momentId,
      text: '   ',
    });
    expect([empty.status, empty.message]).toEqual([400, '评论内容不能为空']);
    const list = await api(seat1).post<MomentInteractionListResult>(
      '/main-api/moments/interaction/list',
      { workWxid: acc2.wxid },
    );
    const ids = list.data.list.filter((i) => i.momentId === momentId).map((i) => i.id);
    const read = await api(seat1).post<MomentUnreadResult>('/main-api/moments/interaction/read', {
      ids,
    });
    expect(read.status).toBe(200);
    const again = await api(seat1).post<MomentInteractionListResult>(
      '/main-api/moments/interaction/list',
      { workWxid: acc2.wxid },
    );
    expect(again.data.list.filter((i) => ids.includes(i.id)).every((i) => !i.unread)).toBe(true);
    // Read all: every interaction unread before it is read after it. The simulated world keeps
    // living meanwhile (friends react to the account's posts and answer its comments a moment
    // later, on their own timers): what it stores after the read is new, and unread.
    const friend = (await friendsOf(server, seat1, acc2.wxid))[0]!;
    await friendComments(friend.friendWxid, '还有货吗？');
    const unreadBefore = await api(seat1).post<MomentInteractionListResult>(
      '/main-api/moments/interaction/list',
      { unreadOnly: true, pageSize: 100 },
    );
    const pending = unreadBefore.data.list.map((i) => i.id);
    expect(unreadBefore.data.list.map((i) => i.text)).toContain('还有货吗？');
    expect(unreadBefore.data.total).toBeLessThan(100); // all on the one page
    const all = await api(seat1).post<MomentUnreadResult>('/main-api/moments/interaction/read', {});
    const left = await api(seat1).post<MomentInteractionListResult>(
      '/main-api/moments/interaction/list',
      { unreadOnly: true, pageSize: 100 },
    );
    expect(left.data.list.filter((i) => pending.includes(i.id))).toEqual([]);
    expect(all.data.unread).toBeLessThanOrEqual(left.data.total);
    expect(
      (await api(seat1).post('/main-api/moments/interaction/read', { ids: ['x'] })).status,
    ).toBe(400);
  });
});

describe("friends' moments", () => {
  it('shows a contact’s new post in the feed; the account likes and comments on it', async () => {
    const from = seat1Socket.frames.length;
    const act = await api(demo).post<{ momentId: string; fromWxid: string }>(
      '/sim-api/moment/act',
      {
        workWxid: acc1.wxid,
        kind: 'post',
        text: '周末去爬山了',
      },
    );
    expect(act.status).toBe(200);
    await seat1Socket.waitFor(
      (f) =>
        f.event === 'momentFeed' && (f.data as { momentId: string }).momentId === act.data.momentId,
      5000,
      from,
    );
    const feed = await feedOf(server, seat1, acc1.wxid, false);
    const m = feed.find((x) => x.momentId === act.data.momentId);
    expect(m).toMatchObject({ own: false, text: '周末去爬山了', authorWxid: act.data.fromWxid });
    const liked = await api(seat1).post<MomentItem>('/main-api/moments/like', {
      workWxid: acc1.wxid,
      momentId: m!.momentId,
    });
    expect(liked.data.likedBySelf).toBe(true);
    const unliked = await api(seat1).post<MomentItem>('/main-api/moments/like', {
      workWxid: acc1.wxid,
      momentId: m!.momentId,
      like: false,
    });
    expect(unliked.data.likedBySelf).toBe(false);
    const c = await api(seat1).post<MomentItem>('/main-api/moments/comment', {
      workWxid: acc1.wxid,
      momentId: m!.momentId,
      text: '风景真好',
    });
    expect(c.data.comments.map((x) => x.text)).toContain('风景真好');
    const nf = await api(seat1, 'en').post('/main-api/moments/like', {
      workWxid: acc1.wxid,
      momentId: 'no-such-moment',
    });
    expect([nf.status, nf.message]).toEqual([404, 'This moment does not exist']);
    expect(
      (
        await api(seat2).post('/main-api/moments/like', {
          workWxid: acc1.wxid,
          momentId: m!.momentId,
        })
      ).status,
    ).toBe(404);
  });

  it('pages the feed with before, and serves pictures of friends’ moments to those who see them', async () => {
    let withPicture: MomentItem | undefined;
    for (let i = 0; i < 20 && !withPicture; i++) {
      const act = await api(demo).post<{ momentId: string }>('/sim-api/moment/act', {
        workWxid: acc1.wxid,
        kind: 'post',
      });
      const feed = await eventually(async () => {
        const f = await feedOf(server, demo, acc1.wxid, false);
        return f.some((x) => x.momentId === act.data.momentId) ? f : undefined;
      });
      withPicture = feed.find((x) => x.momentId === act.data.momentId && x.media.length > 0);
    }
    expect(withPicture).toBeDefined();
    const url = withPicture!.media[0]!.url;
    expect(url).toMatch(/^\/main-api\/moments\/media\?/);
    const ok = await server.app.inject({ url, headers: seat1.fileCookie });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^image\//);
    const no = await server.app.inject({ url, headers: seat2.fileCookie });
    expect(no.statusCode).toBe(404);
    const page1 = await api(demo).post<{ list: MomentItem[]; hasMore: boolean }>(
      '/main-api/moments/feed',
      { workWxid: acc1.wxid, limit: 2 },
    );
    expect(page1.data.list).toHaveLength(2);
    expect(page1.data.hasMore).toBe(true);
    const page2 = await api(demo).post<{ list: MomentItem[] }>('/main-api/moments/feed', {
      workWxid: acc1.wxid,
      limit: 2,
      before: page1.data.list[1]!.createdAt,
    });
    for (const m of page2.data.list)
      expect(m.createdAt).toBeLessThan(page1.data.list[1]!.createdAt);
  });

  it('syncs the timeline from the platform, and refuses an offline account (409)', async () => {
    const s = await api(seat1).post<{ count: number }>('/main-api/moments/feed/sync', {
      workWxid: acc1.wxid,
    });
    expect(s.status).toBe(200);
    expect(s.data.count).toBeGreaterThan(0);
    const spare = await addAccount(server, demo, { nickname: '掉线号' });
    await api().post('/sim-api/fault', { workWxid: spare.wxid, kind: 'kickOut' });
    await eventually(async () => {
      const r = await api().post('/main-api/moments/feed/sync', { workWxid: spare.wxid });
      return r.status === 409 ? r : undefined;
    });
    const simAct = await api().post('/sim-api/moment/act', { workWxid: spare.wxid, kind: 'post' });
    expect(simAct.status).toBe(409);
    // Without a moment: the account's latest own post.
    const latest = (await feedOf(server, demo, acc1.wxid, true))[0]!;
    const liked = await api().post<{ momentId: string }>('/sim-api/moment/act', {
      workWxid: acc1.wxid,
      kind: 'like',
    });
    expect(liked.data.momentId).toBe(latest.momentId);
    const bad = await api().post('/sim-api/moment/act', { workWxid: acc1.wxid, kind: 'shout' });
    expect(bad.status).toBe(400);
    const notFriend = await api().post('/sim-api/moment/act', {
      workWxid: acc1.wxid,
      kind: 'post',
      fromWxid: 'wxid_nobody_at_all',
    });
    expect(notFriend.status).toBe(404);
  });
});
