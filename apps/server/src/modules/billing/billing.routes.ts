import type { FastifyInstance } from 'fastify';
import {
  adjustBody,
  billingSettings,
  billingSettingsResult,
  exportQueryOf,
  orderList,
  orderListQuery,
  orderResult,
  portBuyBody,
  portPayRenewBody,
  rechargeBody,
  walletList,
  walletListQuery,
  walletSummary,
} from '@cst/shared';
import type { Deps } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { defineExportRoute } from '../../platform/xlsx-export.ts';
import { orderExportColumns, orderExportNames } from './billing.export.ts';
import { BillingService } from './billing.service.ts';

const BASE = '/system-api/system/billing';
const PORT = '/system-api/system/user/port';

/**
 * The wallet and its orders: the platform admin recharges, adjusts and sets prices; a tenant
 * (billing.manage) buys and renews ports from its balance; both list orders.
 */
export function registerBillingRoutes(app: FastifyInstance, deps: Deps): void {
  const billing = new BillingService(deps);
  const tags = ['billing'];
  const readers = access.any('platform.billing', 'billing.manage');

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/settings`,
    access: readers,
    tags,
    summary: 'Prices and allowances: per port per month (cents), trial ports, warning days',
    response: billingSettingsResult,
    handler: () => billing.settings(),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/settings`,
    access: access.can('platform.billing'),
    tags,
    summary: 'Set prices and allowances (later orders and registrations use them)',
    body: billingSettings,
    response: billingSettingsResult,
    handler: ({ auth, body }) => billing.saveSettings(auth, body),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/wallets`,
    access: access.can('platform.billing'),
    tags,
    summary: 'Every company with its balance (cents) and port count',
    querystring: walletListQuery,
    response: walletList,
    handler: ({ query }) => billing.wallets(query),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/wallet`,
    access: access.can('billing.manage'),
    tags,
    summary: "The caller's company: balance, price and the ports that need attention",
    response: walletSummary,
    handler: ({ auth }) => billing.summary(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/recharge`,
    access: access.can('platform.billing'),
    tags,
    summary: 'Recharge a company (idempotent by orderNumber: a retry answers the first order)',
    body: rechargeBody,
    response: orderResult,
    handler: async ({ auth, body }) => ({ order: await billing.recharge(auth, body) }),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/adjust`,
    access: access.can('platform.billing'),
    tags,
    summary: 'Correct a balance by a new order (signed cents, a reason required)',
    body: adjustBody,
    response: orderResult,
    handler: async ({ auth, body }) => ({ order: await billing.adjust(auth, body) }),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/orders`,
    access: readers,
    tags,
    summary: 'Orders, newest first (a company sees only its own)',
    querystring: orderListQuery,
    response: orderList,
    handler: ({ auth, query }) => billing.orders(auth, query),
  });

  defineExportRoute(app, {
    url: `${BASE}/orders/export`,
    access: readers,
    tags,
    summary: 'The order list under the same filters as an xlsx file',
    querystring: exportQueryOf(orderListQuery),
    names: orderExportNames,
    columns: orderExportColumns,
    fetchPage: (auth, query, page, pageSize) =>
      billing.orders(auth, { ...query, page, pageSize }).then((r) => r.list),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PORT}/buy`,
    access: access.can('billing.manage'),
    tags,
    summary: 'Buy ports from the balance (idempotent by orderNumber)',
    body: portBuyBody,
    response: orderResult,
    handler: async ({ auth, body }) => ({ order: await billing.buyPorts(auth, body) }),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${PORT}/pay-renew`,
    access: access.can('billing.manage'),
    tags,
    summary: "Renew the company's own ports from the balance (idempotent by orderNumber)",
    body: portPayRenewBody,
    response: orderResult,
    handler: async ({ auth, body }) => ({ order: await billing.payRenew(auth, body) }),
  });
}
