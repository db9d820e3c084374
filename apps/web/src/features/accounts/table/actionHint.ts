import type { TFunction } from 'i18next';
import { actionStates, type AccountAction } from './accountActions.ts';

/** Why an action is off: the states it is limited to (SPEC §5), or undefined when any will do. */
export function actionHint(t: TFunction, action: AccountAction): string | undefined {
  const states = actionStates(action);
  return states
    ? t('accounts.allowedIn', { states: states.map((s) => t(`wxStatus.${s}`)).join('、') })
    : undefined;
}
