import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  EMOTICON_MAX_BYTES,
  emoticonIdsBody,
  emoticonItem,
  emoticonList,
  setUserEmoticonBody,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { sendBytes } from '../../storage/serve.ts';
import { withMultipart } from '../files/index.ts';
import { EmoticonsService } from './emoticons.service.ts';
import { systemEmoticonPng } from './system-set.ts';

const tags = ['emoticons'];
const use = access.any('conversation.send', 'conversation.read');

/** The sticker library: the system set and each user's own set. */
export function registerEmoticonsRoutes(
  app: FastifyInstance,
  deps: Uses<'media' | 'realtime' | 'runtime' | 'storage'>,
): void {
  const service = new EmoticonsService(deps, deps.media);

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/emoticon/system',
    access: use,
    tags,
    response: emoticonList,
    handler: ({ lang }) => service.system(lang),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/emoticon/system/:file',
    access: access.user,
    tags,
    summary: 'The picture of a system sticker',
    params: z.object({ file: z.string().max(64) }),
    response: z.null(),
    raw: true,
    handler: async ({ params, req, reply }) => {
      const m = /^([a-z]+)\.png$/.exec(params.file);
      const png = m ? await systemEmoticonPng(m[1]!) : null;
      if (!png) throw fail.notFound('emoticonNotFound');
      await sendBytes(req, reply, png, { mime: 'image/png' });
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/emoticon/user-emoticons',
    access: use,
    tags,
    summary: 'The caller’s own stickers, newest first',
    response: emoticonList,
    handler: ({ auth }) => service.mine(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/emoticon/set-user-emoticon',
    access: use,
    tags,
    summary: 'Save the sticker of a message into the caller’s set',
    body: setUserEmoticonBody,
    response: emoticonItem,
    handler: ({ auth, body }) => service.saveFromMessage(auth, body.messageId),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/emoticon/del',
    access: use,
    tags,
    body: emoticonIdsBody,
    response: z.object({ deleted: z.number() }),
    handler: ({ auth, body }) => service.remove(auth, body.ids),
  });

  withMultipart(app, EMOTICON_MAX_BYTES, (scope) => {
    defineRoute(scope, {
      method: 'POST',
      url: '/api/v1/emoticon/upload-emoticon',
      access: use,
      tags,
      summary: 'Upload a sticker (multipart field `emoticon`, a picture of at most 2M)',
      response: emoticonItem,
      handler: ({ auth, req }) => service.upload(auth, req),
    });
  });
}
