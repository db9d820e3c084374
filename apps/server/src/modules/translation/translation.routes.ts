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
  translateSettings,
  translateSettingsBody,
  translateTestResult,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { fail } from '../../platform/errors.ts';
import { TranslationService } from './translation.service.ts';
import { TranslationProviders } from './translation.settings.ts';

const tags = ['translation'];

/**
 * The translation assistant (greyed out by the SPA when the tenant has no provider) and the
 * tenant's provider settings (translation.manage).
 */
export function registerTranslationRoutes(
  app: FastifyInstance,
  deps: Uses<'ai' | 'media' | 'realtime' | 'runtime' | 'storage'>,
): void {
  const providers = new TranslationProviders(deps);
  const service = new TranslationService(deps, providers, deps.media.outbox);
  const tenantOf = (tenantId: string | null) => {
    if (!tenantId) throw fail.forbidden();
    return tenantId;
  };

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/translate/settings',
    access: access.can('translation.manage'),
    tags,
    summary: "The tenant's translation provider (the key as a masked hint)",
    response: translateSettings,
    handler: ({ auth }) => providers.settings(tenantOf(auth.tenantId)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/translate/settings',
    access: access.can('translation.manage'),
    tags,
    summary: "Save the tenant's translation provider (an omitted key keeps the stored one)",
    body: translateSettingsBody,
    response: translateSettings,
    handler: ({ auth, body }) => providers.save(tenantOf(auth.tenantId), body),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/translate/settings/reset',
    access: access.can('translation.manage'),
    tags,
    summary: 'Back to the platform default provider',
    response: translateSettings,
    handler: ({ auth }) => providers.reset(tenantOf(auth.tenantId)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/translate/settings/test',
    access: access.can('translation.manage'),
    tags,
    summary: 'Try provider settings without saving them: its languages and a sample translation',
    body: translateSettingsBody,
    response: translateTestResult,
    handler: async ({ auth, body }) =>
      service.test(await providers.trial(tenantOf(auth.tenantId), body)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/translate/capability',
    access: access.user,
    tags,
    response: translateCapability,
    handler: ({ auth }) => service.capability(auth),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/translate/languages',
    access: access.can('conversation.read'),
    tags,
    response: translateLanguages,
    handler: ({ auth }) => service.languages(auth),
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
    handler: ({ auth, body }) => service.translateText(auth, body.text, body.target, body.source),
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
