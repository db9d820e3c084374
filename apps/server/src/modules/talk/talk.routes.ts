import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  chatRecords,
  chatRecordsQuery,
  collectBody,
  collectItem,
  collectListBody,
  deleteMessagesBody,
  deleteMessagesResult,
  emoticonIdsBody,
  forwardBody,
  forwardRecordList,
  forwardRecordsQuery,
  forwardResult,
  listResult,
  richSendResult,
  sendEmoticonBody,
  voiceToTextBody,
  voiceToTextResult,
  voteHandleBody,
  voteRecord,
  voteRecordBody,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { EmoticonsService } from '../emoticons/index.ts';
import { TalkService } from './talk.service.ts';
import { VoteService } from './vote.service.ts';

const read = access.can('conversation.read');
const send = access.can('conversation.send');
const tags = ['talk'];

/** Stickers, forward, delete, collect, votes, chat records and voice to text (SPEC §7 Other). */
export function registerTalkRoutes(
  app: FastifyInstance,
  deps: Uses<'ai' | 'media' | 'realtime' | 'runtime' | 'storage'>,
): void {
  const ctx = deps.media;
  const talk = new TalkService(deps, ctx, new EmoticonsService(deps, ctx));
  const votes = new VoteService(deps);

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/talk/message/emoticon',
    access: send,
    tags,
    body: sendEmoticonBody,
    response: richSendResult,
    handler: ({ auth, body }) => talk.sendEmoticon(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/talk/forward',
    access: send,
    tags,
    summary: 'Forward messages to friends and groups of visible work accounts',
    body: forwardBody,
    response: forwardResult,
    handler: ({ auth, body }) => talk.forward(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/talk/delete',
    access: send,
    tags,
    summary: 'Hide messages for the whole tenant',
    body: deleteMessagesBody,
    response: deleteMessagesResult,
    handler: ({ auth, body }) => talk.remove(auth, body.messageIds),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/talk/collect',
    access: read,
    tags,
    body: collectBody,
    response: z.object({ id: z.string() }),
    handler: ({ auth, body }) => talk.collect(auth, body.messageId),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/talk/collect/list',
    access: read,
    tags,
    body: collectListBody,
    response: listResult(collectItem),
    handler: ({ auth, body }) => talk.collections(auth, body.page, body.pageSize),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/talk/collect/del',
    access: read,
    tags,
    body: emoticonIdsBody,
    response: z.object({ deleted: z.number() }),
    handler: ({ auth, body }) => talk.uncollect(auth, body.ids),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/talk/vote',
    access: read,
    tags,
    summary: 'A poll’s record: options, counts and percent',
    body: voteRecordBody,
    response: voteRecord,
    handler: ({ auth, body }) => votes.get(auth, body.record_id, body.messageId),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/talk/vote/handle',
    access: send,
    tags,
    summary: 'Vote as the poll message’s work account; several options joined by a comma',
    body: voteHandleBody,
    response: voteRecord,
    handler: ({ auth, body }) => votes.vote(auth, body.record_id, body.options, body.messageId),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/talk/find-chat-records',
    access: read,
    tags,
    summary: 'The items of a forwarded chat record (record_id = its messageId)',
    querystring: chatRecordsQuery,
    response: chatRecords,
    handler: ({ auth, query }) => talk.chatRecords(auth, query.record_id),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/talk/get-forward-records',
    access: read,
    tags,
    summary: 'The forwarded chat records of a conversation',
    querystring: forwardRecordsQuery,
    response: forwardRecordList,
    handler: ({ auth, query }) =>
      talk.forwardRecords(auth, query.index_name, query.page, query.pageSize),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/wechat_api/message/voiceToText',
    access: read,
    tags,
    body: voiceToTextBody,
    response: voiceToTextResult,
    handler: ({ auth, body }) => talk.voiceToText(auth, body.messageId),
  });
}
