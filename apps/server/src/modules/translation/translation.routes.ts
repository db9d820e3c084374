import type { FastifyInstance } from 'fastify';
import {
  translateCapability,
  translateLanguages,
  translateMessageBody,
  translateResult,
  translateSendBody,
  translateSendResult,
  translateTextBody,
  translateAutoGetBody,
  translateAutoSetBody,
  translateAutoSettings,
  translateMessagesBody,
  translateMessagesResult,
} from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { mediaOf } from '../media/media-context.ts';
import { LibreTranslateProvider } from './translation.provider.ts';
import { TranslationService } from './translation.service.ts';

const tags = ['translation'];

/** The translation assistant (hidden by the SPA when TRANSLATE_URL is not set). */
export function registerTranslationRoutes(app: FastifyInstance, deps: Deps): void {
  const url = deps.config.translateUrl;
  const provider = url ? new LibreTranslateProvider(url) : null;
  const service = new TranslationService(deps, provider, mediaOf(deps).outbox);

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/translate/capability',
    access: access.user,
    tags,
    response: translateCapability,
    handler: () => service.capability(),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/translate/languages',
    access: access.can('conversation.read'),
    tags,
    response: translateLanguages,
    handler: () => service.languages(),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/translate/message',
    access: access.can('conversation.read'),
    tags,
    summary: 'Translate a message; the result is also pushed as `translate` to the caller',
    body: translateMessageBody,
    response: translateResult,
    handler: ({ auth, body }) =>
      service.translateMessage(auth, body.messageId, body.target, body.source),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/translate/text',
    access: access.can('conversation.send'),
    tags,
    summary: 'Translate what the operator is about to send',
    body: translateTextBody,
    response: translateResult,
    handler: ({ body }) => service.translateText(body.text, body.target, body.source),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/translate/send',
    access: access.can('conversation.send'),
    tags,
    summary: 'Auto translate: translate into the chosen language (required), then send',
    body: translateSendBody,
    response: translateSendResult,
    handler: ({ auth, body }) => service.sendTranslated(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/translate/messages',
    access: access.can('conversation.read'),
    tags,
    summary: 'Auto translation: messages of a conversation into a language (cached; pushed)',
    body: translateMessagesBody,
    response: translateMessagesResult,
    handler: ({ auth, body }) =>
      service.translateMessages(auth, body.index_name, body.messageIds, body.target),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/translate/auto/get',
    access: access.can('conversation.read'),
    tags,
    summary: "The caller's auto translation of a conversation",
    body: translateAutoGetBody,
    response: translateAutoSettings,
    handler: ({ auth, body }) => service.autoSettings(auth, body.index_name),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/translate/auto/set',
    access: access.can('conversation.read'),
    tags,
    summary: 'Turn auto translation of a conversation on (both languages needed) or off',
    body: translateAutoSetBody,
    response: translateAutoSettings,
    handler: ({ auth, body }) => service.setAutoSettings(auth, body),
  });
}
