import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  apiKeyCreateBody,
  apiKeyCreateResult,
  apiKeyIdBody,
  apiKeyListResult,
  apiKeyUpdateBody,
} from '@cst/shared';
import { access, defineRoute } from '../../platform/http.ts';
import type { ApiKeyService } from './api-key.service.ts';

const manage = access.can('openapi.manage');
const tags = ['open platform'];
const P = '/main-api/open/keys';

/** The console's routes of API keys (API.md, third ring). */
export function registerApiKeyRoutes(app: FastifyInstance, keys: ApiKeyService): void {
  defineRoute(app, {
    method: 'POST',
    url: `${P}/create`,
    access: manage,
    tags,
    summary: 'Create an API key (the key is in this answer only)',
    body: apiKeyCreateBody,
    response: apiKeyCreateResult,
    handler: ({ auth, body }) => keys.create(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/list`,
    access: manage,
    tags,
    response: apiKeyListResult,
    handler: ({ auth }) => keys.list(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/update`,
    access: manage,
    tags,
    summary: 'Set a key’s rate (requests per second and burst, within the server’s maximum)',
    body: apiKeyUpdateBody,
    response: z.null(),
    handler: async ({ auth, body }) => {
      await keys.update(auth, body);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/revoke`,
    access: manage,
    tags,
    body: apiKeyIdBody,
    response: z.null(),
    handler: async ({ auth, body }) => {
      await keys.revoke(auth, body.id);
      return null;
    },
  });
}
