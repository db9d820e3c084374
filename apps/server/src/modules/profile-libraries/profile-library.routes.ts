import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  avatarItem,
  avatarList,
  batchEditProfileBody,
  batchEditProfileResult,
  libraryDeleteResult,
  libraryIdsBody,
  nicknameAddBody,
  nicknameList,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { withMultipart } from '../files/index.ts';
import { ProfileLibraryService } from './profile-library.service.ts';

const tags = ['profile-libraries'];
// The libraries feed the batch edit of work accounts: both belong to account management.
const manage = access.can('account.manage');

/** The avatar and nickname libraries and the batch profile edit of work accounts (issue 18 §3). */
export function registerProfileLibraryRoutes(
  app: FastifyInstance,
  deps: Uses<'media' | 'realtime' | 'riskHandlers' | 'runtime' | 'storage' | 'unread'>,
): void {
  const service = new ProfileLibraryService(deps, deps.media);
  const base = '/main-api/profile-lib';

  defineRoute(app, {
    method: 'POST',
    url: `${base}/avatar/list`,
    access: manage,
    tags,
    response: avatarList,
    handler: ({ auth }) => service.avatars(auth),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/avatar/del`,
    access: manage,
    tags,
    body: libraryIdsBody,
    response: libraryDeleteResult,
    handler: ({ auth, body }) => service.deleteAvatars(auth, body.ids),
  });
  withMultipart(app, AVATAR_MAX_BYTES, (scope) => {
    defineRoute(scope, {
      method: 'POST',
      url: `${base}/avatar/upload`,
      access: manage,
      tags,
      summary: 'Add an avatar (multipart `file`): a square jpg/jpeg of 200–400 px, kept at 72 DPI',
      response: avatarItem,
      handler: ({ auth, req }) => service.uploadAvatar(auth, req),
    });
  });

  defineRoute(app, {
    method: 'POST',
    url: `${base}/nickname/list`,
    access: manage,
    tags,
    response: nicknameList,
    handler: ({ auth }) => service.nicknames(auth),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/nickname/add`,
    access: manage,
    tags,
    body: nicknameAddBody,
    response: z.object({ added: z.number() }),
    handler: ({ auth, body }) => service.addNicknames(auth, body.nicknames),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/nickname/del`,
    access: manage,
    tags,
    body: libraryIdsBody,
    response: libraryDeleteResult,
    handler: ({ auth, body }) => service.deleteNicknames(auth, body.ids),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/acc/batch-edit-profile',
    access: manage,
    tags,
    summary: 'Give logged-in work accounts a nickname and/or avatar each from the libraries',
    body: batchEditProfileBody,
    response: batchEditProfileResult,
    handler: ({ auth, body, lang }) => service.batchEdit(auth, body, lang),
  });
}
