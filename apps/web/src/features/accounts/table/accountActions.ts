import {
  ACCOUNT_OPERATION_STATES,
  accountOperationAllowed,
  type WorkAccountItem,
  type WorkAccountStatus,
} from '@cst/shared';

/** What an operator can do with work accounts (from a row or on the selection). */
export type AccountAction =
  | 'remark'
  | 'distribute'
  | 'restitute'
  | 'logout'
  | 'multiLogin'
  | 'relogin'
  | 'delete'
  | 'batchEdit'
  | 'batchProfile'
  | 'moveGroup'
  | 'proxy'
  | 'pool';

/** The states an action is limited to (SPEC §5), or null when any state will do. */
export function actionStates(action: AccountAction): readonly WorkAccountStatus[] | null {
  switch (action) {
    case 'logout':
      return ACCOUNT_OPERATION_STATES.logout;
    case 'multiLogin':
      return ACCOUNT_OPERATION_STATES.multiLogin;
    case 'batchEdit':
    case 'batchProfile':
      return ACCOUNT_OPERATION_STATES.batchEdit;
    case 'relogin':
      return ACCOUNT_OPERATION_STATES.deleteNonOnline;
    case 'remark':
    case 'distribute':
    case 'restitute':
    case 'delete':
    case 'moveGroup':
    case 'proxy':
    case 'pool':
      return null;
  }
}

/** Whether an action may run on these accounts (all of them must be in an allowed state). */
export function actionAllowed(action: AccountAction, rows: Pick<WorkAccountItem, 'status'>[]) {
  if (rows.length === 0) return false;
  if ((action === 'relogin' || action === 'remark') && rows.length !== 1) return false;
  const states = actionStates(action);
  return states === null || rows.every((r) => states.includes(r.status));
}

/** Whether "delete banned" / "delete non-online" can run: on the selection, or on all in view. */
export function deleteByStateAllowed(
  op: 'deleteBanned' | 'deleteNonOnline',
  selected: Pick<WorkAccountItem, 'status'>[],
  counts: Record<string, number> | undefined,
): boolean {
  if (selected.length > 0) return selected.every((r) => accountOperationAllowed(op, r.status));
  const states = ACCOUNT_OPERATION_STATES[op] as readonly string[];
  return Object.entries(counts ?? {}).some(([s, n]) => n > 0 && states.includes(s));
}

/** The text key naming each action, shared by the row menu and the bulk bar. */
export const ACTION_LABELS: Record<AccountAction, string> = {
  remark: 'accounts.editRemark',
  distribute: 'accounts.distribute',
  restitute: 'accounts.restitute',
  logout: 'accounts.logout',
  multiLogin: 'accounts.multiLogin',
  relogin: 'accounts.relogin',
  delete: 'accounts.delete',
  batchEdit: 'accounts.batchEdit',
  batchProfile: 'profileLib.batchProfile',
  moveGroup: 'accounts.moveGroup',
  proxy: 'accounts.setProxy',
  pool: 'accounts.poolChange',
};
