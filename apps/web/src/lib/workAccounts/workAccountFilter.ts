import type { FilterSpec, SpecOption } from '../../components/listPage/index.ts';

/** What a work-account option needs of an account. */
export interface NamedAccount {
  wxid: string;
  remark?: string | null;
  nickname?: string | null;
}

/** The name a work account is shown by: remark, else nickname, else its id. */
export const accountLabel = (a: NamedAccount) => a.remark || a.nickname || a.wxid;

/** Work accounts as select options (value: wxid). */
export function accountOptions(accounts: readonly NamedAccount[]): SpecOption[] {
  return accounts.map((a) => ({ value: a.wxid, label: accountLabel(a) }));
}

/**
 * The searchable work-account filter (`workWxid`) of a list page, for `useListPage`:
 * `placeholder` is the text key of "all accounts".
 */
export function workAccountFilter(
  accounts: readonly NamedAccount[],
  placeholder: string,
  options: { width?: number; testId?: string } = {},
) {
  return {
    kind: 'select',
    name: 'workWxid',
    searchable: true,
    width: options.width ?? 180,
    placeholder,
    options: accountOptions(accounts),
    testId: options.testId,
  } as const satisfies FilterSpec<'workWxid'>;
}
