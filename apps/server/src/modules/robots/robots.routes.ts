import type { FastifyInstance } from 'fastify';
import {
  autoAgreeGetBody,
  autoAgreeItem,
  autoAgreeListResult,
  autoAgreeReplyItem,
  autoAgreeReplySaveBody,
  autoAgreeUpdateBody,
  keywordRuleCreateBody,
  keywordRuleCreated,
  keywordRuleDeleteBody,
  keywordRuleDeleted,
  keywordRuleEnabledBody,
  keywordRuleFetchBody,
  keywordRuleItem,
  keywordRuleModifyBody,
  listResult,
} from '@cst/shared';
import { z } from 'zod';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';

const manage = access.can('autoreply.manage');
const tags = ['robots'];
const KW = '/task-api/auto-reply/keywords';

/** Keyword auto-reply, auto-accept of friends and the greeting on accepting (issue 15). */
export function registerRobotsRoutes(
  app: FastifyInstance,
  deps: Uses<'realtime' | 'robots' | 'runtime' | 'scheduler' | 'storage'>,
): void {
  const { rules, autoAccept } = deps.robots;

  defineRoute(app, {
    method: 'POST',
    url: `${KW}/fetch`,
    access: manage,
    tags,
    summary: 'The tenant’s keyword rules, newest first (SPEC §9: page 1, limit 500)',
    body: keywordRuleFetchBody,
    response: listResult(keywordRuleItem),
    handler: ({ auth, body }) => rules.fetch(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${KW}/create`,
    access: manage,
    tags,
    body: keywordRuleCreateBody,
    response: keywordRuleCreated,
    handler: ({ auth, body }) => rules.create(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${KW}/modify`,
    access: manage,
    tags,
    body: keywordRuleModifyBody,
    response: keywordRuleItem,
    handler: ({ auth, body }) => rules.modify(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${KW}/modify/enabled`,
    access: manage,
    tags,
    body: keywordRuleEnabledBody,
    response: keywordRuleItem,
    handler: ({ auth, body }) => rules.setEnabled(auth, body.id, body.enabled),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${KW}/delete`,
    access: manage,
    tags,
    body: keywordRuleDeleteBody,
    response: keywordRuleDeleted,
    handler: ({ auth, body }) => rules.remove(auth, body.ids),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/autoAgree/get',
    access: manage,
    tags,
    summary:
      'Auto-accept settings of an account (its own or the inherited default), or the default',
    body: autoAgreeGetBody,
    response: autoAgreeItem,
    handler: ({ auth, body }) => autoAccept.get(auth, body.workWxid || undefined),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/autoAgree/update',
    access: manage,
    tags,
    body: autoAgreeUpdateBody,
    response: autoAgreeItem,
    handler: ({ auth, body }) => autoAccept.update(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/autoAgree/reply/get',
    access: manage,
    tags,
    summary: 'The greeting on accepting of an account (its own or the default), or the default',
    body: autoAgreeGetBody,
    response: autoAgreeReplyItem,
    handler: ({ auth, body }) => autoAccept.getReply(auth, body.workWxid || undefined),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/autoAgree/reply/save',
    access: manage,
    tags,
    body: autoAgreeReplySaveBody,
    response: autoAgreeReplyItem,
    handler: ({ auth, body }) => autoAccept.saveReply(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/autoAgree/list',
    access: manage,
    tags,
    summary: 'The visible accounts that have their own auto-accept settings or greeting',
    body: z.object({}).optional(),
    response: autoAgreeListResult,
    handler: ({ auth }) => autoAccept.list(auth),
  });
}
