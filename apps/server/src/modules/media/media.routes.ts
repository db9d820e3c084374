import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  chatFileQuery,
  richSendResult,
  sendFileBody,
  sendGraphicLinkBody,
  shareMiniAppBody,
} from '@cst/shared';
import { registerImageProxyRoute } from './image-proxy.ts';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { systemCodeOfUrl, systemEmoticonPng } from '../emoticons/index.ts';
import { keyOfUrl } from '../files/index.ts';

const send = access.can('conversation.send');
const tags = ['conversations'];

/**
 * Loads the bytes of a file the console sends (its fileUrl) for gateway adapters that upload
 * bytes: the composition root (modules/services.ts) hands it to the account runtime as `loadMedia`.
 */
export function storedMediaLoader(deps: Uses<'storage'>): (fileUrl: string) => Promise<Buffer> {
  return async (fileUrl) => {
    const key = keyOfUrl(fileUrl);
    const stored = key ? await deps.storage.read(key) : null;
    if (stored) return stored;
    const code = systemCodeOfUrl(fileUrl);
    const png = code ? await systemEmoticonPng(code) : null;
    if (png) return png;
    throw new Error(`no stored file at ${fileUrl}`);
  };
}

/** Rich sends (send-file, send-graphic-link, share-mini-app) and chat file downloads. */
export function registerMediaRoutes(
  app: FastifyInstance,
  deps: Uses<'media' | 'realtime' | 'runtime' | 'storage'>,
): void {
  const { media } = deps.media;
  registerImageProxyRoute(app, deps);

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/send-file',
    access: send,
    tags,
    summary: 'Send uploaded pictures (up to 5), a document, a video (≤10M) or a voice',
    body: sendFileBody,
    response: richSendResult,
    handler: ({ auth, body }) => media.sendFile(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/send-graphic-link',
    access: send,
    tags,
    body: sendGraphicLinkBody,
    response: richSendResult,
    handler: ({ auth, body }) => media.sendLink(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/share-mini-app',
    access: send,
    tags,
    body: shareMiniAppBody,
    response: richSendResult,
    handler: ({ auth, body }) => media.shareMiniApp(auth, body),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/download/user-chat-file',
    access: access.can('conversation.read'),
    tags,
    summary:
      'A chat file by message id (cr_id), with the file cookie or a header; over 10 MB refused',
    querystring: chatFileQuery,
    response: z.null(),
    raw: true,
    handler: async ({ auth, query, req, reply }) => {
      await media.download(auth, query, req, reply);
      return null;
    },
  });
}
