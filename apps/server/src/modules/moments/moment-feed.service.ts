import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type {
  ListResult,
  MomentCommentBody,
  MomentFeedBody,
  MomentFeedResult,
  MomentInteractionItem,
  MomentInteractionListBody,
  MomentInteractionPush,
  MomentItem,
  MomentLikeBody,
  SimMomentActBody,
} from '@cst/shared';
import {
  GatewayError,
  type MomentDto,
  type MomentEvent,
  type SimulatorControl,
} from '../../gateway/index.ts';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail, type AppError } from '../../platform/errors.ts';
import { type AccountRef } from '../accounts/index.ts';
import {
  callHolder,
  platformRefusal,
  type EncodedMedia,
  convScopeOf,
  visibleAccount,
} from '../conversations/index.ts';
import { toInteractionItem, toMomentItem } from './moment.presenter.ts';
import { publishMoment } from './moment.push.ts';
import * as repo from './moment.repository.ts';
import { recordEvents } from '../webhooks/index.ts';

/** The `momentInteraction` push (and `moment.interaction` event) of a new like or comment. */
function interactionPush(
  workWxid: string,
  momentId: string,
  a: { kind: MomentInteractionPush['kind']; name: string },
): MomentInteractionPush {
  return { workWxid, momentId, kind: a.kind, name: a.name };
}

/** What a feature makes of the platform's refusals of moment commands. */
function refused(err: unknown): AppError {
  return platformRefusal(
    err,
    {
      unsupported: () => fail.conflict('momentsUnsupported'),
      notFound: (e) =>
        fail.notFound(/comment/.test(e.message) ? 'momentCommentNotFound' : 'momentNotFound'),
      notFriend: () => fail.notFound('momentNotFound'),
    },
    (e) => fail.conflict('momentPlatformRefused', { reason: e.message }),
  );
}

/**
 * The accounts' timelines (`/moments/newhistory`) and the likes and comments on their posts
 * (`/moments/interaction`): stored from the platform's `moment` events, read, liked, commented.
 */
export class MomentFeedService {
  constructor(private readonly deps: Uses<'realtime' | 'runtime'>) {}

  private get db() {
    return this.deps.db;
  }

  /**
   * A moment event: the moment is stored as reported; likes and comments of others on the
   * account's own posts, and answers to the account's comments anywhere, become unread
   * interactions (once each), pushed after the commit.
   */
  async onMoment(ev: MomentEvent, account: AccountRef): Promise<void> {
    const m = ev.moment;
    const own = m.authorWxid === account.wxid;
    const now = this.deps.now();
    const fresh: repo.NewInteraction[] = [];
    if (own) {
      for (const l of m.likes) {
        if (l.wxid !== account.wxid) {
          fresh.push({
            kind: 'like',
            key: l.wxid,
            wxid: l.wxid,
            name: l.name,
            text: '',
            replyToName: null,
            at: l.at,
          });
        }
      }
    }
    for (const c of m.comments) {
      if (c.wxid === account.wxid) continue;
      if (own || c.replyToWxid === account.wxid) {
        fresh.push({
          kind: 'comment',
          key: c.commentId,
          wxid: c.wxid,
          name: c.name,
          text: c.text,
          replyToName: c.replyToName ?? null,
          at: c.at,
        });
      }
    }
    const added = await this.db.transaction(async (tx) => {
      await repo.upsertMoment(tx, {
        tenantId: account.tenantId,
        workAccountId: account.id,
        momentId: m.momentId,
        authorWxid: m.authorWxid,
        authorName: m.authorName,
        authorAvatar: m.authorAvatar,
        own,
        text: m.text,
        media: m.media,
        link: m.link ?? null,
        likes: m.likes,
        comments: m.comments,
        createdAt: m.createdAt,
        updatedAt: now,
      });
      const inserted = await repo.insertInteractions(
        tx,
        account.tenantId,
        account.id,
        m.momentId,
        fresh,
      );
      await recordEvents(
        tx,
        inserted.map((a) => ({
          tenantId: account.tenantId,
          workAccountId: account.id,
          event: 'moment.interaction' as const,
          data: interactionPush(account.wxid, m.momentId, a),
        })),
      );
      return inserted;
    });
    await publishMoment(
      this.deps,
      account.tenantId,
      account.id,
      { workWxid: account.wxid, momentId: m.momentId },
      added.map((a) => interactionPush(account.wxid, m.momentId, a)),
    );
  }

  /** Friends' (and own) moments of the visible accounts, newest first. */
  async feed(auth: AuthContext, body: MomentFeedBody): Promise<MomentFeedResult> {
    const scope = await convScopeOf(this.db, auth);
    let workAccountId: string | undefined;
    if (body.workWxid)
      workAccountId = (await visibleAccount(this.db, auth, body.workWxid)).account.id;
    const rows = await repo.feedPage(this.db, scope, {
      workAccountId,
      own: body.own,
      before: body.before,
      limit: body.limit + 1,
    });
    return {
      list: rows.slice(0, body.limit).map(toMomentItem),
      hasMore: rows.length > body.limit,
    };
  }

  /** Fetches an account's timeline from the platform and stores it (moments from before). */
  async sync(auth: AuthContext, workWxid: string): Promise<{ count: number }> {
    const { account } = await visibleAccount(this.db, auth, workWxid);
    if (account.status !== 'online') throw fail.conflict('accountNotOnline');
    let list: MomentDto[];
    try {
      list = await callHolder<MomentDto[]>(this.deps, account.wxid, {
        name: 'listMoments',
        limit: 100,
      });
    } catch (err) {
      throw refused(err);
    }
    const ref: AccountRef = { id: account.id, tenantId: account.tenantId, wxid: account.wxid };
    for (const m of list) await this.onMoment({ workWxid: account.wxid, moment: m }, ref);
    return { count: list.length };
  }

  /** The stored moment after a command, as the platform answered it. */
  private async answer(
    account: { id: string; tenantId: string; wxid: string },
    moment: MomentDto,
  ): Promise<MomentItem> {
    await this.onMoment({ workWxid: account.wxid, moment }, account);
    const row = await repo.findMoment(this.db, account.tenantId, account.id, moment.momentId);
    return toMomentItem({ ...row!, workWxid: account.wxid });
  }

  /** The account of a command: visible, online, and the moment in its timeline. */
  private async target(auth: AuthContext, workWxid: string, momentId: string) {
    const { account } = await visibleAccount(this.db, auth, workWxid);
    if (!(await repo.findMoment(this.db, account.tenantId, account.id, momentId))) {
      throw fail.notFound('momentNotFound');
    }
    if (account.status !== 'online') throw fail.conflict('accountNotOnline');
    return account;
  }

  /** Likes or unlikes a moment as the account. */
  async like(auth: AuthContext, body: MomentLikeBody): Promise<MomentItem> {
    const account = await this.target(auth, body.workWxid, body.momentId);
    try {
      const m = await callHolder<MomentDto>(this.deps, account.wxid, {
        name: 'likeMoment',
        momentId: body.momentId,
        like: body.like,
      });
      return await this.answer(account, m);
    } catch (err) {
      throw refused(err);
    }
  }

  /** Comments on a moment, or replies to a comment, as the account. */
  async comment(auth: AuthContext, body: MomentCommentBody): Promise<MomentItem> {
    const account = await this.target(auth, body.workWxid, body.momentId);
    try {
      const m = await callHolder<MomentDto>(this.deps, account.wxid, {
        name: 'commentMoment',
        cmd: {
          workWxid: account.wxid,
          momentId: body.momentId,
          requestId: randomUUID(),
          text: body.text,
          ...(body.replyToCommentId ? { replyToCommentId: body.replyToCommentId } : {}),
        },
      });
      const item = await this.answer(account, m);
      // A reply answers the comment: it is no longer unread in 互动消息.
      if (body.replyToCommentId) {
        await repo.markCommentRead(this.db, account.id, body.momentId, body.replyToCommentId);
      }
      return item;
    } catch (err) {
      throw refused(err);
    }
  }

  /** Sends the bytes of a platform file of a moment the account sees. */
  async media(
    auth: AuthContext,
    q: { workWxid: string; fileId: string },
    reply: FastifyReply,
  ): Promise<void> {
    const { account } = await visibleAccount(this.db, auth, q.workWxid);
    let enc: EncodedMedia;
    try {
      enc = await callHolder<EncodedMedia>(this.deps, account.wxid, {
        name: 'downloadMedia',
        fileId: q.fileId,
      });
    } catch (err) {
      if (err instanceof GatewayError) throw fail.notFound('notFound');
      throw err;
    }
    await reply
      .header('content-type', enc.mime)
      .header('cache-control', 'private, max-age=3600')
      .send(Buffer.from(enc.base64, 'base64'));
  }

  /** Likes and comments on the visible accounts' posts, newest first. */
  async interactions(
    auth: AuthContext,
    body: MomentInteractionListBody,
  ): Promise<ListResult<MomentInteractionItem>> {
    const scope = await convScopeOf(this.db, auth);
    let workAccountId: string | undefined;
    if (body.workWxid)
      workAccountId = (await visibleAccount(this.db, auth, body.workWxid)).account.id;
    const { rows, total } = await repo.interactionPage(
      this.db,
      scope,
      { workAccountId, kind: body.kind, unreadOnly: body.unreadOnly },
      body.page,
      body.pageSize,
    );
    return { list: rows.map(toInteractionItem), total };
  }

  /** Unread likes and comments of the visible accounts (the menu's badge). */
  async unread(auth: AuthContext): Promise<{ unread: number }> {
    const scope = await convScopeOf(this.db, auth);
    return { unread: await repo.unreadCount(this.db, scope) };
  }

  /** Marks likes and comments read (these, or every visible one). */
  async read(auth: AuthContext, ids: string[] | undefined): Promise<{ unread: number }> {
    const scope = await convScopeOf(this.db, auth);
    await repo.markRead(this.db, scope, ids);
    return { unread: await repo.unreadCount(this.db, scope) };
  }

  /** The simulator: a contact of the caller's account posts, likes or comments. */
  async simAct(auth: AuthContext, body: SimMomentActBody) {
    const sim: SimulatorControl | null = this.deps.runtime.gateway.simulator;
    if (!sim) throw fail.notFound('routeNotFound');
    const { account } = await visibleAccount(this.db, auth, body.workWxid);
    if (account.status !== 'online') throw fail.conflict('accountNotOnline');
    try {
      return await sim.momentAct({
        workWxid: account.wxid,
        kind: body.kind,
        ...(body.momentId ? { momentId: body.momentId } : {}),
        ...(body.fromWxid ? { fromWxid: body.fromWxid } : {}),
        ...(body.text ? { text: body.text } : {}),
        ...(body.replyToCommentId ? { replyToCommentId: body.replyToCommentId } : {}),
      });
    } catch (err) {
      throw refused(err);
    }
  }
}
