import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  webhookCreateBody,
  webhookCreateResult,
  webhookDeliveriesBody,
  webhookDeliveriesResult,
  webhookEventIdResult,
  webhookIdBody,
  webhookListResult,
  webhookRedeliverBody,
  webhookSecretResult,
  webhookUpdateBody,
} from '@cst/shared';
import { access, defineRoute } from '../../platform/http.ts';
import type { WebhookService } from './webhook.service.ts';

const tags = ['webhooks'];
const manage = access.can('openapi.manage');
const none = z.null();

/** Webhook endpoints and their delivery log (API.md "Webhooks"). */
export function registerWebhookRoutes(app: FastifyInstance, service: WebhookService): void {
  const base = '/main-api/open/webhooks';
  defineRoute(app, {
    method: 'POST',
    url: `${base}/create`,
    access: manage,
    tags,
    summary: 'Add an endpoint; its secret is shown this once',
    body: webhookCreateBody,
    response: webhookCreateResult,
    handler: ({ auth, body }) => service.create(auth, body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/list`,
    access: manage,
    tags,
    response: webhookListResult,
    handler: ({ auth }) => service.list(auth),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/update`,
    access: manage,
    tags,
    body: webhookUpdateBody,
    response: none,
    handler: ({ auth, body }) => service.update(auth, body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/delete`,
    access: manage,
    tags,
    body: webhookIdBody,
    response: none,
    handler: ({ auth, body }) => service.remove(auth, body.id),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/rotate-secret`,
    access: manage,
    tags,
    summary: 'A new secret; the old one keeps signing beside it for 24 h',
    body: webhookIdBody,
    response: webhookSecretResult,
    handler: ({ auth, body }) => service.rotate(auth, body.id),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/deliveries`,
    access: manage,
    tags,
    summary: 'The delivery log of an endpoint (7 days), newest first',
    body: webhookDeliveriesBody,
    response: webhookDeliveriesResult,
    handler: ({ auth, body }) => service.deliveries(auth, body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/redeliver`,
    access: manage,
    tags,
    body: webhookRedeliverBody,
    response: none,
    handler: ({ auth, body }) => service.redeliver(auth, body.id, body.eventId),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/test`,
    access: manage,
    tags,
    summary: 'Send a webhook.test event to the endpoint',
    body: webhookIdBody,
    response: webhookEventIdResult,
    handler: ({ auth, body }) => service.test(auth, body.id),
  });
}
