import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addFriendTagBody,
  addTagBody,
  addTagGroupBody,
  bulkTagApplyBody,
  bulkTagApplyResult,
  bulkTagCountBody,
  bulkTagCountResult,
  changedResult,
  contactTagsBody,
  contactTagsResult,
  deleteTagGroupBody,
  deleteTagsBody,
  deleteTagsResult,
  editTagBody,
  editTagGroupBody,
  idResult,
  orderTagsBody,
  tagsListResult,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { FriendsService } from '../friends/index.ts';
import { BulkTagService } from './bulk-tag.service.ts';
import { TagsService } from './tags.service.ts';

const tags = ['tags'];
const manage = access.can('customer.manage');

/** Customer tags and bulk tagging (issue 14 §1, §2; docs/tags.md). */
export function registerTagsRoutes(
  app: FastifyInstance,
  deps: Uses<'realtime' | 'runtime' | 'storage'>,
): void {
  const service = new TagsService(deps);
  const bulk = new BulkTagService(deps);
  // Tagging friends is the friends module's (it pushes the friends' rows); listed with the tags.
  const friends = new FriendsService(deps);

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/tags/list',
    access: access.any('conversation.read', 'customer.manage'),
    tags,
    summary: "The tenant's tag groups with their tags and how many contacts carry each",
    response: tagsListResult,
    handler: ({ auth }) => service.list(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/tags/add',
    access: manage,
    tags,
    summary: 'Adds a tag to a group (none: the default group); 409 for a name taken in the group',
    body: addTagBody,
    response: idResult,
    handler: ({ auth, body, lang }) => service.add(auth, body, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/tags/edit',
    access: manage,
    tags,
    summary: 'Renames, recolours or moves a tag',
    body: editTagBody,
    response: z.null(),
    handler: ({ auth, body }) => service.edit(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/tags/del',
    access: manage,
    tags,
    summary: 'Deletes tags; the contacts carrying them lose them',
    body: deleteTagsBody,
    response: deleteTagsResult,
    handler: ({ auth, body }) => service.remove(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/tags/group/add',
    access: manage,
    tags,
    summary: 'Adds a tag group at the end',
    body: addTagGroupBody,
    response: idResult,
    handler: ({ auth, body }) => service.addGroup(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/tags/group/edit',
    access: manage,
    tags,
    summary: 'Renames a tag group',
    body: editTagGroupBody,
    response: z.null(),
    handler: ({ auth, body }) => service.editGroup(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/tags/group/del',
    access: manage,
    tags,
    summary: 'Deletes a tag group with all its tags',
    body: deleteTagGroupBody,
    response: deleteTagsResult,
    handler: ({ auth, body }) => service.removeGroup(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/tags/order',
    access: manage,
    tags,
    summary: 'Sets the order of the tag groups, or of the tags of one group',
    body: orderTagsBody,
    response: z.null(),
    handler: ({ auth, body }) => service.order(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/add-friend-tag',
    access: access.any('contact.manage', 'customer.manage'),
    tags,
    summary: 'Adds or removes tags on friends of visible work accounts',
    body: addFriendTagBody,
    response: changedResult,
    handler: ({ auth, body }) => friends.tagContacts(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/tags/contact',
    access: access.can('conversation.read'),
    tags,
    summary: 'The tags of one friend of a visible work account',
    body: contactTagsBody,
    response: contactTagsResult,
    handler: ({ auth, body }) => service.ofContact(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/tags/bulk/count',
    access: manage,
    tags,
    summary: 'How many friends of the visible work accounts a bulk-tagging filter reaches',
    body: bulkTagCountBody,
    response: bulkTagCountResult,
    handler: ({ auth, body }) => bulk.count(auth, body.filter),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/tags/bulk/apply',
    access: manage,
    tags,
    summary: 'One step of a bulk tagging: the next friends of the filter get tags added / removed',
    body: bulkTagApplyBody,
    response: bulkTagApplyResult,
    handler: ({ auth, body }) => bulk.apply(auth, body),
  });
}
