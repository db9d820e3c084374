import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  contactsListQuery,
  contactsListResult,
  deleteFriendBody,
  friendItem,
  friendsExportQuery,
  friendsListBody,
  friendsListResult,
  syncFriendsBody,
  syncFriendsResult,
  updateFriendInfoBody,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { sendXlsx } from '../../platform/xlsx-export.ts';
import { friendExportColumns } from './friends.presenter.ts';
import { FriendsService } from './friends.service.ts';

const tags = ['contacts'];

/** The friends page (issue 13 §2) and the contact list of SPEC §7. */
export function registerFriendsRoutes(
  app: FastifyInstance,
  deps: Uses<'realtime' | 'runtime'>,
): void {
  const service = new FriendsService(deps);

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/friends-list',
    access: access.can('conversation.read'),
    tags,
    summary: 'Friends of the visible work accounts, filtered, newest first',
    body: friendsListBody,
    response: friendsListResult,
    handler: ({ auth, body }) => service.list(auth, body),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/main-api/acc/friends-export',
    access: access.can('conversation.read'),
    tags,
    summary: 'The friends list, as filtered, as an xlsx file (streamed)',
    querystring: friendsExportQuery,
    response: z.null(),
    raw: true,
    handler: async ({ auth, query, lang, reply }) => {
      const { tzOffset, ...filters } = query;
      await sendXlsx(reply, {
        fileName: { 'zh-CN': '我的好友', en: 'friends' },
        sheetName: { 'zh-CN': '好友', en: 'Friends' },
        lang,
        tzOffset,
        columns: friendExportColumns(lang),
        rows: service.exportRows(auth, filters),
      });
      return null;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/contacts/list',
    access: access.can('conversation.read'),
    tags,
    summary: 'Friends (cvType 1) or groups (cvType 2) of work accounts; a whole list at once',
    querystring: contactsListQuery,
    response: contactsListResult,
    handler: ({ auth, query }) => service.contactsList(auth, query),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/update-friend-info',
    access: access.can('contact.manage'),
    tags,
    summary: "Sets a friend's star, blacklist or pin (a blacklisted friend's chat is blocked)",
    body: updateFriendInfoBody,
    response: friendItem,
    handler: ({ auth, body }) => service.update(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/delete-friend',
    access: access.can('contact.manage'),
    tags,
    summary: 'Deletes a friend; the chat stays, marked as no longer a friend',
    body: deleteFriendBody,
    response: z.null(),
    handler: ({ auth, body }) => service.remove(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/sync-friends',
    access: access.can('contact.manage'),
    tags,
    summary: "Reads the platform's friend list: counts of friends added, removed and changed",
    body: syncFriendsBody,
    response: syncFriendsResult,
    handler: ({ auth, body }) => service.sync(auth, body),
  });
}
