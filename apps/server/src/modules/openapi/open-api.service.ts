import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  MSG_TYPE,
  type AddFriendTagBody,
  type BulkTaskCreateBody,
  type BulkTaskFetchBody,
  type Language,
  type OpenSendBody,
  type openContactListBody,
  type openConversationListBody,
  type openFriendRequestListBody,
  type openMessageListBody,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { AccountService } from '../accounts/index.ts';
import { BulkSendService } from '../bulk-send/index.ts';
import { ConversationService, MessageDispatcher, NoteService } from '../conversations/index.ts';
import { EmoticonsService } from '../emoticons/index.ts';
import { FriendRequestService } from '../friend-requests/index.ts';
import { FriendsService } from '../friends/index.ts';
import { TagsService } from '../tags/index.ts';
import { TalkService } from '../talk/index.ts';

const FILE_TYPES = {
  image: MSG_TYPE.image,
  file: MSG_TYPE.document,
  video: MSG_TYPE.video,
  voice: MSG_TYPE.voice,
} as const;

/**
 * The console send id of an API send: one per key and idempotency key, so a repeat finds the
 * stored message (messages are unique by account and send id) and nothing is sent twice.
 */
export function apiSendingUuid(apiKeyId: string, idempotencyKey: string): string {
  const digest = createHash('sha256').update(`${apiKeyId}\n${idempotencyKey}`).digest('base64url');
  return `api-${digest}`;
}

/**
 * The public API over the console's own services: each operation maps its body onto the
 * console's and calls the same service, so the checks, scopes and outbox are the console's. The
 * caller is an API key acting as its creator narrowed to the key (ApiKeyService.authenticate).
 */
export class OpenApiService {
  private readonly accountsService: AccountService;
  private readonly conversationsService: ConversationService;
  private readonly friendsService: FriendsService;
  private readonly tagsService: TagsService;
  private readonly bulkSend: BulkSendService;
  private readonly friendRequestsService: FriendRequestService;
  private readonly talk: TalkService;

  constructor(
    private readonly deps: Uses<
      | 'ai'
      | 'media'
      | 'messageHooks'
      | 'realtime'
      | 'riskHandlers'
      | 'runtime'
      | 'sendGuards'
      | 'storage'
      | 'unread'
    >,
  ) {
    const media = deps.media;
    this.accountsService = new AccountService(deps);
    // Its dispatcher only wakes holders on a resend, which the public API does not offer.
    this.conversationsService = new ConversationService(
      deps,
      new MessageDispatcher(deps),
      new NoteService(deps),
    );
    this.friendsService = new FriendsService(deps);
    this.tagsService = new TagsService(deps);
    this.bulkSend = new BulkSendService(deps);
    this.friendRequestsService = new FriendRequestService(deps);
    this.talk = new TalkService(deps, media, new EmoticonsService(deps, media));
  }

  /** `accounts/list`. */
  async accounts(auth: AuthContext, lang: Language) {
    const { wxAccount } = await this.accountsService.switcher(auth, lang);
    const platform = this.deps.runtime.gateway.platform;
    return {
      list: wxAccount.map((a) => ({
        wxid: a.wxid,
        nickname: a.nickname,
        remark: a.remark,
        status: a.status,
        platform,
      })),
    };
  }

  /** `conversations/list`: of one account, or of every account of the key. */
  conversations(auth: AuthContext, body: z.output<typeof openConversationListBody>) {
    // `updatedSince` narrows the query itself, so pages and the total count only those chats.
    return this.conversationsService.list(
      auth,
      {
        page: body.page,
        pageSize: body.pageSize,
        workWxid: body.workWxid,
        mode: body.workWxid ? 'account' : 'aggregated',
      },
      { updatedSince: body.updatedSince },
    );
  }

  /** `messages/list`. */
  messages(auth: AuthContext, body: z.output<typeof openMessageListBody>) {
    const before = body.before === undefined ? null : Number(body.before);
    return this.conversationsService.messages(auth, body.index_name, before, body.limit);
  }

  /** `messages/send`: every kind through the console's send of that kind (the one outbox). */
  async send(auth: AuthContext, body: OpenSendBody): Promise<{ messageId: string }> {
    const peer = {
      workWxid: body.workWxid,
      receiver_id: body.receiver_id,
      talkType: body.talkType,
      sendingUUid: apiSendingUuid(auth.apiKeyId ?? auth.userId, body.idempotencyKey),
    };
    const m = body.message;
    switch (m.kind) {
      case 'text': {
        const r = await this.conversationsService.sendText(auth, {
          ...peer,
          content: m.content,
          refMsgId: m.refMsgId,
        });
        return { messageId: r.messageId };
      }
      case 'image':
      case 'file':
      case 'video':
      case 'voice': {
        const r = await this.deps.media.media.sendFile(auth, {
          ...peer,
          msgType: FILE_TYPES[m.kind],
          fileUrl: m.fileUrl,
          fileName: m.fileName,
          durationMs: m.durationMs,
        });
        return { messageId: r.messageId };
      }
      case 'link': {
        const { kind: _kind, ...link } = m;
        const r = await this.deps.media.media.sendLink(auth, { ...peer, ...link });
        return { messageId: r.messageId };
      }
      case 'miniProgram': {
        const { kind: _kind, ...app } = m;
        const r = await this.deps.media.media.shareMiniApp(auth, { ...peer, ...app });
        return { messageId: r.messageId };
      }
      case 'emoticon': {
        const r = await this.talk.sendEmoticon(auth, { ...peer, emoticonId: m.emoticonId });
        return { messageId: r.messageId };
      }
      case 'card': {
        const r = await this.deps.media.media.sendCard(auth, { ...peer, wxid: m.wxid });
        return { messageId: r.messageId };
      }
      case 'location': {
        const { kind: _kind, ...place } = m;
        const r = await this.deps.media.media.sendLocation(auth, { ...peer, ...place });
        return { messageId: r.messageId };
      }
    }
  }

  /** `contacts/list`. */
  contacts(auth: AuthContext, body: z.output<typeof openContactListBody>) {
    return this.friendsService.list(auth, {
      page: body.page,
      pageSize: body.pageSize,
      workWxid: body.workWxid,
      keyword: body.keyword,
      tagIds: body.tagIds,
    });
  }

  /** `contacts/tag`. */
  tagContacts(auth: AuthContext, body: AddFriendTagBody) {
    return this.friendsService.tagContacts(auth, body);
  }

  /** `tags/list`. */
  tags(auth: AuthContext) {
    return this.tagsService.list(auth);
  }

  /** `tasks/bulk-send/create`. */
  createBulkSend(auth: AuthContext, body: BulkTaskCreateBody) {
    return this.bulkSend.create(auth, body);
  }

  /** `tasks/bulk-send/fetch`. */
  fetchBulkSend(auth: AuthContext, body: BulkTaskFetchBody, lang: Language) {
    return this.bulkSend.fetch(auth, body, lang);
  }

  /** `friend-requests/list`. */
  friendRequests(
    auth: AuthContext,
    body: z.output<typeof openFriendRequestListBody>,
    lang: Language,
  ) {
    return this.friendRequestsService.list(
      auth,
      { page: body.page, pageSize: body.pageSize, workWxid: body.workWxid },
      lang,
    );
  }

  /** `friend-requests/accept`. */
  acceptFriendRequest(auth: AuthContext, id: string, lang: Language) {
    return this.friendRequestsService.accept(auth, id, lang);
  }

  /** `files/upload`. */
  async upload(auth: AuthContext, req: FastifyRequest) {
    const file = await this.deps.media.files.uploadOwn(auth, req);
    return {
      url: file.url,
      name: file.key.slice(file.key.lastIndexOf('/') + 1),
      size: file.size,
      mime: file.mime,
    };
  }
}
