import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  loginIdBody,
  simAccount,
  simConfig,
  simConfigBody,
  simContacts,
  simContactsQuery,
  simFaultBody,
  simFriendRequestBody,
  simFriendRequestResult,
  simInboundBody,
  simMergePersonBody,
  simPendingQr,
  simReceivedBody,
  simReceivedResult,
  simPairBody,
  simScanBody,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { SimulatorApiService } from './simulator-api.service.ts';

const P = '/sim-api';
const tags = ['simulator'];

/** `/sim-api/*` (API.md, Simulator control): only when the platform is the simulator. */
export function registerSimulatorApiRoutes(
  app: FastifyInstance,
  deps: Uses<'realtime' | 'runtime'>,
): void {
  if (deps.config.platform !== 'simulator') return;
  const sim = new SimulatorApiService(deps);
  const manage = access.can('account.manage');
  // A tenant's managers set their tenant's settings; the platform admin sets the defaults.
  const configure = access.any('account.manage', 'platform.customers');

  defineRoute(app, {
    method: 'POST',
    url: `${P}/qr/scan`,
    access: manage,
    tags,
    body: simScanBody,
    response: z.object({ wxid: z.string() }),
    handler: (ctx) => sim.scan(ctx.auth, ctx.body.loginId, ctx.body.confirm, ctx.body.nickname),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/pair`,
    access: manage,
    tags,
    body: simPairBody,
    response: z.object({ wxid: z.string() }),
    handler: (ctx) => sim.pair(ctx.auth, ctx.body.code, ctx.body.confirm, ctx.body.nickname),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/qr/scan-only`,
    access: manage,
    tags,
    body: loginIdBody,
    response: z.null(),
    handler: async (ctx) => {
      await sim.scanOnly(ctx.auth, ctx.body.loginId);
      return null;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${P}/pending-qr`,
    access: manage,
    tags,
    response: z.array(simPendingQr),
    handler: (ctx) => sim.pendingQr(ctx.auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/inbound`,
    access: manage,
    tags,
    body: simInboundBody,
    response: z.object({ msgId: z.string() }),
    handler: (ctx) => sim.inbound(ctx.auth, ctx.body as Parameters<typeof sim.inbound>[1]),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/friend-request`,
    access: manage,
    tags,
    summary: 'A person (a new stranger when fromWxid is unset) asks a work account to be friends',
    body: simFriendRequestBody,
    response: simFriendRequestResult,
    handler: (ctx) => sim.friendRequest(ctx.auth, ctx.body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/received`,
    access: manage,
    tags,
    summary:
      "Messages and friend requests people received from the tenant's accounts, oldest first",
    body: simReceivedBody,
    response: simReceivedResult,
    handler: (ctx) => sim.received(ctx.auth, ctx.body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/generate`,
    access: manage,
    tags,
    body: z.object({ workWxid: z.string().min(1).max(128), msgType: z.number().int().optional() }),
    response: z.null(),
    handler: async (ctx) => {
      await sim.generate(ctx.auth, ctx.body.workWxid, ctx.body.msgType);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/fault`,
    access: manage,
    tags,
    body: simFaultBody,
    response: z.null(),
    handler: async (ctx) => {
      await sim.fault(ctx.auth, ctx.body.workWxid, ctx.body.kind);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/merge-person`,
    access: manage,
    tags,
    summary: 'The platform gives a person a new id (as WhatsApp moves people to @lid)',
    body: simMergePersonBody,
    response: z.object({ wxid: z.string() }),
    handler: (ctx) => sim.mergePerson(ctx.auth, ctx.body),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${P}/config`,
    access: configure,
    tags,
    summary: "The simulator's settings of the caller's tenant (the platform admin: the defaults)",
    response: simConfig,
    handler: (ctx) => sim.config(ctx.auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${P}/config`,
    access: configure,
    tags,
    summary:
      "Changes the simulator's settings for the caller's tenant only (the platform admin: the defaults)",
    body: simConfigBody,
    response: simConfig,
    handler: (ctx) => sim.setConfig(ctx.auth, ctx.body),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${P}/accounts`,
    access: manage,
    tags,
    response: z.array(simAccount),
    handler: (ctx) => sim.accounts(ctx.auth),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${P}/contacts`,
    access: manage,
    tags,
    querystring: simContactsQuery,
    response: simContacts,
    handler: (ctx) => sim.contacts(ctx.auth, ctx.query.workWxid),
  });
}
