import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createGroupBody,
  groupBanBody,
  groupCardBody,
  groupDetail,
  groupItem,
  groupListQuery,
  groupListResult,
  groupMembersBody,
  groupMembersChangeBody,
  groupMembersResult,
  groupNoticeBody,
  groupNoticesQuery,
  groupNoticesResult,
  groupRef,
  groupTopicBody,
  groupTopicResult,
  renameGroupBody,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { GroupService } from './group.service.ts';

const tags = ['groups'];
const read = access.any('conversation.read', 'contact.manage');
const manage = access.can('contact.manage');

/** Group chats of the visible work accounts (SPEC §2 `/contacts/groups`, §7 Groups). */
export function registerGroupRoutes(
  app: FastifyInstance,
  deps: Uses<'realtime' | 'runtime'>,
): void {
  const service = new GroupService(deps);

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/group/list',
    access: read,
    tags,
    summary: 'Groups of the visible work accounts (filters: account, keyword, my role)',
    querystring: groupListQuery,
    response: groupListResult,
    handler: ({ auth, query }) => service.list(auth, query),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/chatroom/getChatRoom',
    access: read,
    tags,
    summary: 'A group with its members, refreshed from the platform when the account is online',
    body: groupRef,
    response: groupDetail,
    handler: ({ auth, body }) => service.detail(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/chat-room/members',
    access: read,
    tags,
    summary: 'Members of a group with role and mute state (keyword on name, card, wxid)',
    body: groupMembersBody,
    response: groupMembersResult,
    handler: ({ auth, body }) => service.members(auth, body),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/group/notices',
    access: read,
    tags,
    summary: 'The notice history of a group (announcements, joins, leaves, renames), newest first',
    querystring: groupNoticesQuery,
    response: groupNoticesResult,
    handler: ({ auth, query }) => service.notices(auth, query),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/chat-room/ban-list',
    access: read,
    tags,
    summary: 'Muted members of a group',
    body: groupRef,
    response: groupMembersResult,
    handler: ({ auth, body }) => service.banList(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/chatroom/createChatRoom',
    access: manage,
    tags,
    summary: 'Creates a group with friends of the work account',
    body: createGroupBody,
    response: groupItem,
    handler: ({ auth, body }) => service.create(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/group/edit',
    access: manage,
    tags,
    summary: 'Renames a group',
    body: renameGroupBody,
    response: groupItem,
    handler: ({ auth, body }) => service.rename(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/chat-room/topic',
    access: read,
    tags,
    summary: "Reads the group's topic (its name); with `topic`, renames it (needs contact.manage)",
    body: groupTopicBody,
    response: groupTopicResult,
    handler: ({ auth, body }) => service.topic(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/group/invite',
    access: manage,
    tags,
    summary: 'Invites friends of the work account into a group',
    body: groupMembersChangeBody,
    response: groupItem,
    handler: ({ auth, body }) => service.invite(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/group/remove-members',
    access: manage,
    tags,
    summary: 'Removes members (the account must be the owner or an admin)',
    body: groupMembersChangeBody,
    response: groupItem,
    handler: ({ auth, body }) => service.remove(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/group/secede',
    access: manage,
    tags,
    summary: 'The work account leaves a group',
    body: groupRef,
    response: z.null(),
    handler: ({ auth, body }) => service.leave(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/group/set-group-card',
    access: manage,
    tags,
    summary: "Sets the work account's name in a group ('' = its nickname)",
    body: groupCardBody,
    response: groupItem,
    handler: ({ auth, body }) => service.card(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/group/edit-notice',
    access: manage,
    tags,
    summary: 'Publishes the announcement (the account must be the owner or an admin)',
    body: groupNoticeBody,
    response: groupItem,
    handler: ({ auth, body }) => service.notice(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/chat-room/ban',
    access: manage,
    tags,
    summary: 'Mutes (banned: true) or unmutes members (owner or admin)',
    body: groupBanBody,
    response: groupItem,
    handler: ({ auth, body }) => service.ban(auth, body),
  });
}
