// The accounts module's front door: the account runtime and its events, who may see an account, the
// account rows other modules read and update, and the pushes that tell browsers an account changed.
export { recordStatusEvents } from './account-open-events.ts';
export { publishAccountsChanged, publishAccountsChangedTo, publishStatus } from './account-push.ts';
export type { AccountRef } from './account-ref.ts';
export { RISK_PAUSE_REASON, riskPauseTexts } from './account-risk.ts';
export {
  onAccountRisk,
  type AccountRiskEvent,
  type AccountRiskHandler,
} from './account-risk-events.ts';
export { platformPacing, type AccountRuntime } from './account-runtime.ts';
export { registerUnreadSource } from './account-unread.ts';
export {
  accountViewers,
  selfAndAbove,
  selfAndBelowSql,
  servedChatViewers,
} from './account-scope.repository.ts';
export { seesWholeTenant } from './account.policy.ts';
export {
  allVisibleAccounts,
  countDistributedTo,
  findByWxid,
  lockAccountsAtDanger,
  lockSeatCount,
  tenantManagerIds,
  updateAccounts,
  type WorkAccountRow,
} from './account.repository.ts';
export { AccountService, assertStates } from './account.service.ts';
export { fromGateway, viaGateway } from './gateway-errors.ts';
export { findQrLogin, pendingQrLogins } from './qr-login.repository.ts';
