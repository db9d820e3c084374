import { z } from 'zod';
import type { Text } from './i18n.ts';
import { listResult, pageQuery } from './envelope.ts';
import { idString } from './validation.ts';

/** Server messages of the wallet, orders, prices and paid ports. */
export const billingMessages = {
  amountInvalid: {
    'zh-CN': '金额必须是 0.01 到 10,000,000 元之间的整数分',
    en: 'The amount must be whole cents between 0.01 and 10,000,000',
  },
  adjustInvalid: {
    'zh-CN': '调整金额不能为 0，且绝对值不超过 10,000,000 元（整数分）',
    en: 'The adjustment must be non-zero whole cents, at most 10,000,000 either way',
  },
  orderNumberFormat: {
    'zh-CN': '订单号须为 8 到 40 位字母、数字、下划线或短横线',
    en: 'The order number must be 8 to 40 letters, digits, _ or -',
  },
  orderNumberUsed: {
    'zh-CN': '订单号 {orderNumber} 已用于另一笔不同的订单',
    en: 'Order number {orderNumber} was already used for a different order',
  },
  balanceInsufficient: {
    'zh-CN': '余额不足：当前余额 {balance} 元，本次需要 {need} 元，请先充值',
    en: 'Insufficient balance: {balance} available, {need} needed; recharge first',
  },
  remarkRequiredForAdjust: {
    'zh-CN': '调整余额必须填写原因',
    en: 'A balance adjustment needs a reason',
  },
  portExpiredOffline: {
    'zh-CN': '端口已过期，工作号已下线，请续费端口后重新登录',
    en: 'The port expired and the account went offline; renew the port and log in again',
  },
  portExpiredLogin: {
    'zh-CN': '该工作号的端口已过期，请先续费端口',
    en: 'The port of this account has expired; renew it first',
  },
} satisfies Record<string, Text>;

/** How an order changed the wallet. `trial` records the trial ports of a registration (0 change). */
/**
 * Order types. `portGrant` and `portGrantRenew` are the platform admin's free grant and renewal
 * of ports: orders of 0, so every change of a company's ports is an order too.
 */
export const ORDER_TYPES = [
  'recharge',
  'adjust',
  'portBuy',
  'portRenew',
  'trial',
  'portGrant',
  'portGrantRenew',
] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** The largest single amount, in cents (10,000,000.00). */
export const MAX_AMOUNT_CENTS = 1_000_000_000;
/** Most ports one purchase buys, and most months one purchase or renewal pays. */
export const MAX_BUY_PORTS = 100;
export const MAX_BUY_MONTHS = 36;

/** A client-made order number: the idempotency key of every order (per tenant). */
export const orderNumber = z
  .string({ error: 'orderNumberFormat' })
  .regex(/^[A-Za-z0-9_-]{8,40}$/, { error: 'orderNumberFormat' });

/** A positive amount in whole cents. */
export const amountCents = z
  .number({ error: 'amountInvalid' })
  .int({ error: 'amountInvalid' })
  .min(1, { error: 'amountInvalid' })
  .max(MAX_AMOUNT_CENTS, { error: 'amountInvalid' });

/** A new order number: prefix, UTC time to the second and 6 random characters. */
export function newOrderNumber(prefix: 'RC' | 'AD' | 'PB' | 'PR' | 'TR' | 'PG' | 'PN'): string {
  const d = new Date();
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const stamp = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(
    d.getUTCHours(),
  )}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  const rand = Array.from(bytes, (b) => '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'[b % 34]).join('');
  return `${prefix}${stamp}${rand}`;
}

/** Cents as yuan with two decimals and thousands separators: 123456 → "1,234.56". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const yuan = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

/** Yuan typed by a person ("12.3", "1,000") as whole cents, or null when it is not money. */
export function centsOf(input: string | number): number | null {
  const s = String(input).replace(/,/g, '').trim();
  const m = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** Prices and allowances the platform admin sets. */
export const billingSettings = z.object({
  /** Price of one port for one month, in cents. */
  portPriceCents: z.number().int().min(0).max(10_000_000),
  /** Ports a newly registered company gets free. */
  trialPorts: z.number().int().min(0).max(100),
  /** How long the trial ports last. */
  trialDays: z.number().int().min(1).max(365),
  /** Days before expiry at which the console warns the manager. */
  warnDays: z.number().int().min(1).max(60),
});
export type BillingSettings = z.infer<typeof billingSettings>;
export const billingSettingsResult = billingSettings.extend({ updatedAt: z.number().nullable() });
export type BillingSettingsResult = z.infer<typeof billingSettingsResult>;

/** One order: every change of a wallet, never edited. Amounts are in cents. */
export const orderItem = z.object({
  id: z.string(),
  orderNumber: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  type: z.enum(ORDER_TYPES),
  preAmount: z.number().int(),
  changeAmount: z.number().int(),
  afterAmount: z.number().int(),
  portCount: z.number().int(),
  months: z.number().int(),
  unitPriceCents: z.number().int(),
  portIds: z.array(z.string()),
  remark: z.string(),
  operator: z.string(),
  createdAt: z.number(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const orderListQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  /** The platform admin's filter; ignored for a tenant. */
  tenantId: idString.optional(),
  type: z.enum(ORDER_TYPES).optional(),
  orderNumber: z.string().max(40).optional(),
  from: z.coerce.number().int().min(0).max(8.64e15).optional(),
  to: z.coerce.number().int().min(0).max(8.64e15).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;
export const orderList = listResult(orderItem);

export const rechargeBody = z.object({
  tenantId: idString,
  amountCents,
  orderNumber,
  remark: z.string().max(200).optional(),
});
export type RechargeBody = z.infer<typeof rechargeBody>;

export const adjustBody = z.object({
  tenantId: idString,
  amountCents: z
    .number({ error: 'adjustInvalid' })
    .int({ error: 'adjustInvalid' })
    .min(-MAX_AMOUNT_CENTS, { error: 'adjustInvalid' })
    .max(MAX_AMOUNT_CENTS, { error: 'adjustInvalid' })
    .refine((v) => v !== 0, { error: 'adjustInvalid' }),
  orderNumber,
  remark: z
    .string({ error: 'remarkRequiredForAdjust' })
    .min(1, { error: 'remarkRequiredForAdjust' })
    .max(200),
});
export type AdjustBody = z.infer<typeof adjustBody>;

const months = z.number().int().min(1).max(MAX_BUY_MONTHS);

export const portBuyBody = z.object({
  count: z.number().int().min(1).max(MAX_BUY_PORTS),
  months,
  orderNumber,
});
export type PortBuyBody = z.infer<typeof portBuyBody>;

export const portPayRenewBody = z.object({
  ids: z.array(idString, { error: 'pickAtLeastOne' }).min(1, { error: 'pickAtLeastOne' }).max(500),
  months,
  orderNumber,
});
export type PortPayRenewBody = z.infer<typeof portPayRenewBody>;

/** The answer of an order-making call: the order (the first one again on a retry). */
export const orderResult = z.object({ order: orderItem });
export type OrderResult = z.infer<typeof orderResult>;

/** A tenant's wallet and what its ports need. */
export const walletSummary = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  balanceCents: z.number().int(),
  portPriceCents: z.number().int(),
  warnDays: z.number().int(),
  ports: z.object({
    total: z.number().int(),
    /** Unexpired and not bound to an account: what a QR login can take. */
    free: z.number().int(),
    expired: z.number().int(),
    /** Of those, still bound to a work account (it went offline at expiry). */
    expiredBound: z.number().int(),
    /** Unexpired ports that expire within `warnDays`. */
    expiring: z.number().int(),
    /** Of those, bound to a work account (it goes offline at expiry). */
    expiringBound: z.number().int(),
    /** The earliest expiry among the expiring ones. */
    nextExpiry: z.number().nullable(),
  }),
  /** Whether the company got trial ports at registration, and how many. */
  trialPorts: z.number().int(),
});
export type WalletSummary = z.infer<typeof walletSummary>;

/** A tenant's wallet as the platform admin lists it. */
export const walletItem = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  manager: z.string(),
  balanceCents: z.number().int(),
  portCount: z.number().int(),
  lastOrderAt: z.number().nullable(),
});
export type WalletItem = z.infer<typeof walletItem>;
export const walletListQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  keyword: z.string().max(64).optional(),
});
export type WalletListQuery = z.infer<typeof walletListQuery>;
export const walletList = listResult(walletItem);
