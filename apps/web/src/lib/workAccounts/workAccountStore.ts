import { create } from 'zustand';
import type { SwitcherAccount, SwitcherResult, WxTreeNode } from '@cst/shared';

/** Session-storage key of the chosen work account (SPEC §3: kept in session storage). */
export const CURRENT_WX_KEY = 'cst.wxAccount';

/**
 * The header switcher's state (SPEC §3 account state), read by the inbox as well:
 * `wxAccount` is the current work account, `accounts` every visible one, `wxTreeData` the
 * accounts by account group, `sessionWsList` the unread count of each account.
 */
export interface WorkAccountState {
  wxAccount: SwitcherAccount | null;
  accounts: SwitcherAccount[];
  wxTreeData: WxTreeNode[];
  sessionWsList: { wxid: string; unRead: number }[];
  /** Takes the server's switcher data; keeps the current account when it is still visible. */
  load: (data: SwitcherResult) => void;
  /** Makes an account the current one. */
  choose: (wxid: string) => void;
  /** Sets the unread count of an account (never below 0). */
  setUnread: (wxid: string, unRead: number) => void;
}

function readCurrent(): string | null {
  try {
    return sessionStorage.getItem(CURRENT_WX_KEY);
  } catch {
    return null;
  }
}

function writeCurrent(wxid: string | null): void {
  try {
    if (wxid) sessionStorage.setItem(CURRENT_WX_KEY, wxid);
    else sessionStorage.removeItem(CURRENT_WX_KEY);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for the page only.
  }
}

/** The account to show when none is chosen: the first online one, else the first one. */
export function pickCurrent(accounts: SwitcherAccount[], wanted: string | null) {
  return (
    accounts.find((a) => a.wxid === wanted) ??
    accounts.find((a) => a.status === 'online') ??
    accounts[0] ??
    null
  );
}

/** The switcher store; read it with selectors, e.g. `useWorkAccounts((s) => s.wxAccount)`. */
export const useWorkAccounts = create<WorkAccountState>()((set, get) => ({
  wxAccount: null,
  accounts: [],
  wxTreeData: [],
  sessionWsList: [],
  load: (data) => {
    const wxAccount = pickCurrent(data.wxAccount, get().wxAccount?.wxid ?? readCurrent());
    writeCurrent(wxAccount?.wxid ?? null);
    set({
      wxAccount,
      accounts: data.wxAccount,
      wxTreeData: data.wxTreeData,
      sessionWsList: data.sessionWsList,
    });
  },
  choose: (wxid) => {
    const account = get().accounts.find((a) => a.wxid === wxid);
    if (!account) return;
    writeCurrent(wxid);
    set({ wxAccount: account });
  },
  setUnread: (wxid, unRead) =>
    set((s) => {
      const n = Math.max(0, unRead);
      const has = s.sessionWsList.some((x) => x.wxid === wxid);
      return {
        sessionWsList: has
          ? s.sessionWsList.map((x) => (x.wxid === wxid ? { wxid, unRead: n } : x))
          : [...s.sessionWsList, { wxid, unRead: n }],
      };
    }),
}));

/** The unread count of every visible account together (never below 0). */
export function totalUnread(list: { unRead: number }[]): number {
  return list.reduce((sum, x) => sum + Math.max(0, x.unRead), 0);
}
