import type {
  AdjustBody,
  BillingSettings,
  BillingSettingsResult,
  ListResult,
  OrderItem,
  OrderListQuery,
  OrderResult,
  PortBuyBody,
  PortPayRenewBody,
  RechargeBody,
  WalletItem,
  WalletListQuery,
  WalletSummary,
} from '@cst/shared';
import { systemApi } from '../../lib/http/clients.ts';

const BASE = '/system-api/system/billing';
const PORT = '/system-api/system/user/port';

/** The xlsx export of the order list under the same filters. */
export const ORDERS_EXPORT_URL = `${BASE}/orders/export`;

/** Query keys: invalidate `all` after anything that moves money or ports. */
export const billingKeys = {
  all: ['billing'] as const,
  wallet: ['billing', 'wallet'] as const,
  settings: ['billing', 'settings'] as const,
  orders: ['billing', 'orders'] as const,
  wallets: ['billing', 'wallets'] as const,
};

/** Wallet, orders, prices and paid ports (client B). */
export const billingApi = {
  settings: () => systemApi.get<BillingSettingsResult>(`${BASE}/settings`),
  saveSettings: (body: BillingSettings) =>
    systemApi.post<BillingSettingsResult>(`${BASE}/settings`, body),
  wallets: (q: WalletListQuery) =>
    systemApi.get<ListResult<WalletItem>>(`${BASE}/wallets`, { ...q }),
  wallet: () => systemApi.get<WalletSummary>(`${BASE}/wallet`),
  recharge: (body: RechargeBody) => systemApi.post<OrderResult>(`${BASE}/recharge`, body),
  adjust: (body: AdjustBody) => systemApi.post<OrderResult>(`${BASE}/adjust`, body),
  orders: (q: Partial<OrderListQuery> & { page: number; pageSize: number }) =>
    systemApi.get<ListResult<OrderItem>>(`${BASE}/orders`, { ...q }),
  buy: (body: PortBuyBody) => systemApi.post<OrderResult>(`${PORT}/buy`, body),
  payRenew: (body: PortPayRenewBody) => systemApi.post<OrderResult>(`${PORT}/pay-renew`, body),
};
