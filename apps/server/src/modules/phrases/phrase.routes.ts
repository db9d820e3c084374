import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  phraseAddBody,
  phraseDeleteBody,
  phraseEditBody,
  phraseGroupAddBody,
  phraseGroupEditBody,
  phraseGroupList,
  phraseIdBody,
  phraseItem,
  phraseListBody,
  phraseListResult,
  phraseUseResult,
} from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { PhraseService } from './phrase.service.ts';

const tags = ['phrases'];
// Every seat keeps its own phrases; shared groups are changed only with `library.manage`.
const use = access.any('conversation.send', 'library.manage');
const idResult = z.object({ id: z.string() });

/** The phrase library (issue 18 §2). */
export function registerPhraseRoutes(app: FastifyInstance, deps: Deps): void {
  const service = new PhraseService(deps);
  const base = '/main-api/phrase';

  defineRoute(app, {
    method: 'POST',
    url: `${base}/group/list`,
    access: use,
    tags,
    summary: 'The tenant’s shared phrase groups and the caller’s own',
    response: phraseGroupList,
    handler: ({ auth }) => service.groups(auth),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/group/add`,
    access: use,
    tags,
    summary: 'Add a personal group, or a shared one (library.manage)',
    body: phraseGroupAddBody,
    response: idResult,
    handler: ({ auth, body }) => service.addGroup(auth, body.name, body.shared),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/group/edit`,
    access: use,
    tags,
    body: phraseGroupEditBody,
    response: idResult,
    handler: ({ auth, body }) => service.renameGroup(auth, body.id, body.name),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/group/del`,
    access: use,
    tags,
    body: phraseIdBody,
    response: idResult,
    handler: ({ auth, body }) => service.deleteGroup(auth, body.id),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/list`,
    access: use,
    tags,
    summary: 'Every phrase the caller sees (or one group’s), most used first',
    body: phraseListBody,
    response: phraseListResult,
    handler: ({ auth, body }) => service.list(auth, body.groupId),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/add`,
    access: use,
    tags,
    body: phraseAddBody,
    response: phraseItem,
    handler: ({ auth, body }) => service.add(auth, body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/edit`,
    access: use,
    tags,
    body: phraseEditBody,
    response: phraseItem,
    handler: ({ auth, body }) => service.edit(auth, body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/del`,
    access: use,
    tags,
    body: phraseDeleteBody,
    response: z.object({ deleted: z.number() }),
    handler: ({ auth, body }) => service.remove(auth, body.ids),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/use`,
    access: use,
    tags,
    summary: 'Count one use of a phrase (it moves up the list)',
    body: phraseIdBody,
    response: phraseUseResult,
    handler: ({ auth, body }) => service.use(auth, body.id),
  });
}
