import { createHash } from 'node:crypto';
import {
  GatewayError,
  type CommentMomentCommand,
  type MediaFileDto,
  type MomentDto,
  type PostMomentCommand,
  type SimMomentActCommand,
} from '@cst/gateway';
import type { Rng } from './prng.ts';
import type { SimCore } from './simulator-core.ts';
import { toMoment } from './simulator.presenter.ts';
import type { SimAccountRow, SimMomentRow, SimPersonRow } from './simulator.repository.ts';
import { COMMENT_TEXTS, MOMENT_TEXTS, REPLY_TEXTS } from './vocabulary.ts';

// Moments of the simulated platform: timelines, the account's posts, likes and comments, and
// the friends who post, like, comment and answer the account's comments now and then.

/** Moments with their authors. */
export async function momentsWithAuthors(
  core: SimCore,
  acc: string,
  rows: SimMomentRow[],
): Promise<MomentDto[]> {
  const self = await core.account(acc);
  const people = await core.repo.getPeople(
    acc,
    rows.map((r) => r.authorWxid).filter((w) => w !== acc),
  );
  const byId = new Map(people.map((p) => [p.wxid, p]));
  return rows.map((r) =>
    toMoment(r, r.authorWxid === acc ? self : (byId.get(r.authorWxid) ?? null)),
  );
}

/** Re-reads a moment and announces it (`moment` event); returns it. */
async function announce(core: SimCore, acc: string, momentId: string): Promise<MomentDto> {
  const row = await core.repo.getMoment(acc, momentId);
  if (!row) throw new GatewayError('notFound', 'moment not found');
  const [moment] = await momentsWithAuthors(core, acc, [row]);
  void core.emit(acc, 'moment', { workWxid: acc, moment: moment! });
  return moment!;
}

/** Moments visible to the account, newest first. */
export async function listMoments(
  core: SimCore,
  acc: string,
  opts: { authorWxid?: string; before?: number; limit?: number } = {},
) {
  core.requireHeld(acc);
  const limit = Math.min(Math.max(opts.limit ?? 20, 1), 100);
  const rows = await core.repo.listMoments(acc, { ...opts, limit });
  return momentsWithAuthors(core, acc, rows);
}

/** Posts a moment (idempotent by requestId); friends who may see it like and comment later. */
export async function postMoment(core: SimCore, cmd: PostMomentCommand): Promise<MomentDto> {
  core.requireOnline(cmd.workWxid);
  const acc = cmd.workWxid;
  if (!cmd.requestId) throw new GatewayError('invalid', 'requestId is required');
  if (!cmd.text.trim() && cmd.media.length === 0 && !cmd.link) {
    throw new GatewayError('invalid', 'empty moment');
  }
  const media: MediaFileDto[] = cmd.media.map((m) => ({
    fileId: '',
    url: m.fileUrl,
    fileName: m.fileName,
    mime: m.mime,
    size: m.size,
    ...(m.durationMs !== undefined ? { durationMs: m.durationMs } : {}),
  }));
  const now = core.now();
  const { row, duplicate } = await core.repo.insertMoment({
    accountWxid: acc,
    momentId: core.newMsgId(),
    requestId: cmd.requestId,
    authorWxid: acc,
    text: cmd.text,
    media,
    link: cmd.link ?? null,
    likes: [],
    comments: [],
    visibleTo: cmd.visibleTo ?? null,
    createdAt: now,
  });
  const [moment] = await momentsWithAuthors(core, acc, [row]);
  if (!duplicate) {
    void core.emit(acc, 'moment', { workWxid: acc, moment: moment! });
    core.later(acc, core.opts.friendAcceptDelayMs, () => firstReactions(core, acc, row.momentId));
  }
  return moment!;
}

/** The friends who see an own post (all friends, or its visible list). */
async function audience(core: SimCore, acc: string, row: SimMomentRow): Promise<SimPersonRow[]> {
  const friends = await core.repo.listFriends(acc);
  const only = row.visibleTo;
  if (!only) return friends;
  const allowed = new Set(only);
  return friends.filter((f) => allowed.has(f.wxid));
}

/** A few friends who may see the post like and comment on it. */
async function firstReactions(core: SimCore, acc: string, momentId: string): Promise<void> {
  if (core.held.get(acc)?.status !== 'online') return;
  const row = await core.repo.getMoment(acc, momentId);
  if (!row) return;
  const rng = core.rng('interact', acc, momentId);
  const people = await audience(core, acc, row);
  const now = core.now();
  for (const f of rng.sample(people, rng.int(1, 6))) {
    await core.repo.addMomentLike(acc, momentId, { wxid: f.wxid, name: f.nickname, at: now });
  }
  for (const [i, f] of rng.sample(people, rng.int(0, 2)).entries()) {
    await core.repo.addMomentComment(acc, momentId, {
      commentId: `${momentId}_${i}`,
      wxid: f.wxid,
      name: f.nickname,
      text: rng.pick(COMMENT_TEXTS),
      at: now,
    });
  }
  await announce(core, acc, momentId);
}

/** The account likes or unlikes a moment it sees. */
export async function likeMoment(
  core: SimCore,
  acc: string,
  momentId: string,
  like: boolean,
): Promise<MomentDto> {
  core.requireOnline(acc);
  const self = await core.account(acc);
  if (!(await core.repo.getMoment(acc, momentId))) {
    throw new GatewayError('notFound', 'moment not found');
  }
  if (like) {
    await core.repo.addMomentLike(acc, momentId, {
      wxid: acc,
      name: self.nickname,
      at: core.now(),
    });
  } else {
    await core.repo.removeMomentLike(acc, momentId, acc);
  }
  return announce(core, acc, momentId);
}

/** A comment's platform id from the sender's idempotency key. */
function commentIdOf(momentId: string, requestId: string): string {
  return `${momentId}_r${createHash('sha1').update(requestId).digest('hex').slice(0, 12)}`;
}

/** The account comments on a moment or replies to a comment (idempotent by requestId). */
export async function commentMoment(core: SimCore, cmd: CommentMomentCommand): Promise<MomentDto> {
  const acc = cmd.workWxid;
  core.requireOnline(acc);
  if (!cmd.requestId) throw new GatewayError('invalid', 'requestId is required');
  if (!cmd.text.trim()) throw new GatewayError('invalid', 'empty comment');
  const self = await core.account(acc);
  const row = await core.repo.getMoment(acc, cmd.momentId);
  if (!row) throw new GatewayError('notFound', 'moment not found');
  const replyTo = replyTarget(row, cmd.replyToCommentId);
  const commentId = commentIdOf(cmd.momentId, cmd.requestId);
  const added = await core.repo.addMomentComment(acc, cmd.momentId, {
    commentId,
    wxid: acc,
    name: self.nickname,
    text: cmd.text,
    at: core.now(),
    ...(replyTo ? { replyToWxid: replyTo.wxid, replyToName: replyTo.name } : {}),
  });
  const moment = await announce(core, acc, cmd.momentId);
  // The person answered sometimes answers back; the author of a friend's post may, too.
  if (added) {
    const answerer = replyTo?.wxid ?? (row.authorWxid !== acc ? row.authorWxid : null);
    const rng = core.rng('answer', acc, commentId);
    if (answerer && answerer !== acc && rng.chance(0.5)) {
      core.later(acc, core.opts.friendAcceptDelayMs, () =>
        answerBack(core, self, cmd.momentId, answerer, commentId, rng),
      );
    }
  }
  return moment;
}

/** The comment a reply answers; notFound when the moment has no such comment. */
function replyTarget(
  row: SimMomentRow,
  commentId: string | undefined,
): { wxid: string; name: string } | null {
  if (!commentId) return null;
  const c = (row.comments as MomentDto['comments']).find((x) => x.commentId === commentId);
  if (!c) throw new GatewayError('notFound', 'comment not found');
  return { wxid: c.wxid, name: c.name };
}

/** A friend answers the account's comment. */
async function answerBack(
  core: SimCore,
  acc: SimAccountRow,
  momentId: string,
  wxid: string,
  toCommentId: string,
  rng: Rng,
): Promise<void> {
  if (core.held.get(acc.wxid)?.status !== 'online') return;
  const person = await core.repo.getPerson(acc.wxid, wxid);
  if (!person) return;
  await core.repo.addMomentComment(acc.wxid, momentId, {
    commentId: `${toCommentId}_a`,
    wxid,
    name: person.nickname,
    text: rng.pick(REPLY_TEXTS),
    at: core.now(),
    replyToWxid: acc.wxid,
    replyToName: acc.nickname,
  });
  await announce(core, acc.wxid, momentId);
}

/** A friend posts a moment, sometimes with a picture. */
export async function friendPosts(
  core: SimCore,
  acc: SimAccountRow,
  rng: Rng,
  friend: SimPersonRow,
  text?: string,
): Promise<MomentDto> {
  const now = core.now();
  const media: MediaFileDto[] = [];
  if (rng.chance(0.4)) {
    const file = await core.files.make(acc.wxid, 'image', rng, now);
    media.push({
      fileId: file.fileId,
      fileName: file.fileName,
      mime: file.mime,
      size: file.size,
      width: file.width ?? 0,
      height: file.height ?? 0,
    });
  }
  const { row } = await core.repo.insertMoment({
    accountWxid: acc.wxid,
    momentId: core.newMsgId(),
    requestId: null,
    authorWxid: friend.wxid,
    text: text || rng.pick(MOMENT_TEXTS),
    media,
    link: null,
    likes: [],
    comments: [],
    createdAt: now,
  });
  const moment = toMoment(row, friend);
  void core.emit(acc.wxid, 'moment', { workWxid: acc.wxid, moment });
  return moment;
}

/** A friend likes or comments on a moment (on the account's own post, only one who sees it). */
async function friendReacts(
  core: SimCore,
  acc: SimAccountRow,
  row: SimMomentRow,
  friend: SimPersonRow,
  kind: 'like' | 'comment',
  rng: Rng,
  text?: string,
  replyToCommentId?: string,
): Promise<string | null> {
  const now = core.now();
  if (kind === 'like') {
    await core.repo.addMomentLike(acc.wxid, row.momentId, {
      wxid: friend.wxid,
      name: friend.nickname,
      at: now,
    });
    await announce(core, acc.wxid, row.momentId);
    return null;
  }
  const replyTo = replyTarget(row, replyToCommentId);
  const commentId = `${row.momentId}_${core.newMsgId().slice(-10)}`;
  await core.repo.addMomentComment(acc.wxid, row.momentId, {
    commentId,
    wxid: friend.wxid,
    name: friend.nickname,
    text: text || rng.pick(COMMENT_TEXTS),
    at: now,
    ...(replyTo ? { replyToWxid: replyTo.wxid, replyToName: replyTo.name } : {}),
  });
  await announce(core, acc.wxid, row.momentId);
  return commentId;
}

/** The simulator page / e2e: a contact posts, likes or comments. */
export async function momentAct(
  core: SimCore,
  cmd: SimMomentActCommand,
): Promise<{ momentId: string; fromWxid: string; commentId: string | null }> {
  core.requireOnline(cmd.workWxid);
  const acc = await core.account(cmd.workWxid);
  const rng = core.rng('moment-act', acc.wxid, await core.repo.nextSeq(acc.wxid));
  let row: SimMomentRow | null = null;
  if (cmd.kind !== 'post') {
    row = cmd.momentId
      ? await core.repo.getMoment(acc.wxid, cmd.momentId)
      : ((await core.repo.listMoments(acc.wxid, { authorWxid: acc.wxid, limit: 1 }))[0] ?? null);
    if (!row) throw new GatewayError('notFound', 'moment not found');
  }
  let friend: SimPersonRow | null;
  if (cmd.fromWxid) {
    friend = await core.repo.getPerson(acc.wxid, cmd.fromWxid);
    if (!friend?.isFriend) throw new GatewayError('notFriend', 'not a friend of the account');
  } else {
    // On an own post, one of the friends who may see it.
    const people =
      row && row.authorWxid === acc.wxid
        ? await audience(core, acc.wxid, row)
        : await core.repo.listFriends(acc.wxid);
    friend = people.length > 0 ? rng.pick(people) : null;
    if (!friend) throw new GatewayError('notFound', 'the account has no friends');
  }
  if (!row) {
    const m = await friendPosts(core, acc, rng, friend, cmd.text);
    return { momentId: m.momentId, fromWxid: friend.wxid, commentId: null };
  }
  const commentId = await friendReacts(
    core,
    acc,
    row,
    friend,
    cmd.kind === 'like' ? 'like' : 'comment',
    rng,
    cmd.text,
    cmd.replyToCommentId,
  );
  return { momentId: row.momentId, fromWxid: friend.wxid, commentId };
}

/**
 * Background life: a friend who sees one of the account's recent posts likes or comments on it
 * (false when the account has posted nothing to react to).
 */
export async function reactToOwnPost(
  core: SimCore,
  acc: SimAccountRow,
  rng: Rng,
): Promise<boolean> {
  const own = await core.repo.listMoments(acc.wxid, { authorWxid: acc.wxid, limit: 10 });
  if (own.length === 0) return false;
  const row = rng.pick(own);
  const people = await audience(core, acc.wxid, row);
  if (people.length === 0) return false;
  await friendReacts(core, acc, row, rng.pick(people), rng.chance(0.6) ? 'like' : 'comment', rng);
  return true;
}
