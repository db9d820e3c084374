import {
  keepIdleUntil,
  type AccountGroupNode,
  type ProxyItem,
  type QrLoginState,
  type SwitcherAccount,
  type WorkAccountItem,
  type WxTreeNode,
} from '@cst/shared';
import type { AccountGroupRow } from './account-group.repository.ts';
import type { AccountListRow, WorkAccountRow } from './account.repository.ts';
import type { ProxyRow } from './proxy.repository.ts';
import type { QrLoginRow } from './qr-login.repository.ts';

const ms = (d: Date | null) => (d ? d.getTime() : null);

/** A row of the account list. */
export function presentAccount(r: AccountListRow, now: number): WorkAccountItem {
  const a = r.account;
  const firstLoginAt = ms(a.firstLoginAt);
  return {
    wxid: a.wxid,
    nickname: a.nickname,
    remark: a.remark,
    avatar: a.avatar,
    status: a.status,
    statusReason: a.statusReason,
    statusAt: a.statusAt.getTime(),
    pool: a.pool,
    groupId: a.groupId,
    groupName: r.groupName,
    proxyId: a.proxyId,
    proxy: r.proxyHost ? `${r.proxyHost}:${r.proxyPort}` : null,
    distributedTo: a.distributedTo,
    distributedToName: r.distributedToName,
    firstLoginAt,
    lastLoginAt: ms(a.lastLoginAt),
    // A banned account has no keep-idle period to wait out (SPEC §9's 8 hours are for new ones).
    keepIdleUntil: a.status === 'banned' ? null : keepIdleUntil(firstLoginAt, now),
    contactCount: Number(r.contactCount),
    groupCount: Number(r.groupCount),
    portCode: r.portCode,
    portExpiresAt: ms(r.portExpiresAt),
    createdAt: a.createdAt.getTime(),
    risk: a.risk,
    riskReason: a.riskReason,
  };
}

/** An account as the header's switcher shows it. */
export function presentSwitcherAccount(a: WorkAccountRow): SwitcherAccount {
  return {
    id: a.id,
    wxid: a.wxid,
    nickname: a.nickname,
    remark: a.remark,
    avatar: a.avatar,
    status: a.status,
    groupId: a.groupId,
    firstLoginAt: a.status === 'banned' ? null : ms(a.firstLoginAt),
    risk: a.risk,
    riskReason: a.riskReason,
  };
}

/** The group forest with account counts (orphans become roots). */
export function presentGroupTree(
  groups: AccountGroupRow[],
  counts: ReadonlyMap<string, number>,
): AccountGroupNode[] {
  const nodes = new Map<string, AccountGroupNode>();
  for (const g of groups) {
    nodes.set(g.id, {
      id: g.id,
      name: g.name,
      parentId: g.parentId,
      accountCount: counts.get(g.id) ?? 0,
      children: [],
    });
  }
  const roots: AccountGroupNode[] = [];
  for (const g of groups) {
    const node = nodes.get(g.id)!;
    const parent = g.parentId ? nodes.get(g.parentId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Accounts by group for the switcher; accounts outside any group sit in a node with id ''. */
export function presentWxTree(
  groups: AccountGroupRow[],
  accounts: WorkAccountRow[],
  ungroupedName: string,
): WxTreeNode[] {
  const byGroup = new Map<string, string[]>();
  for (const a of accounts) {
    const key = a.groupId && groups.some((g) => g.id === a.groupId) ? a.groupId : '';
    byGroup.set(key, [...(byGroup.get(key) ?? []), a.wxid]);
  }
  const nodes = new Map<string, WxTreeNode>();
  for (const g of groups) {
    nodes.set(g.id, { id: g.id, name: g.name, wxids: byGroup.get(g.id) ?? [], children: [] });
  }
  const roots: WxTreeNode[] = [];
  for (const g of groups) {
    const node = nodes.get(g.id)!;
    const parent = g.parentId ? nodes.get(g.parentId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const count = (n: WxTreeNode): number =>
    n.wxids.length + n.children.reduce((s, c) => s + count(c), 0);
  const kept = roots.filter((n) => count(n) > 0);
  const loose = byGroup.get('') ?? [];
  if (loose.length) kept.push({ id: '', name: ungroupedName, wxids: loose, children: [] });
  return kept;
}

/** A proxy row. */
export function presentProxy(p: ProxyRow, accountCount: number): ProxyItem {
  return {
    id: p.id,
    type: p.type,
    host: p.host,
    port: p.port,
    username: p.username,
    label: `${p.host}:${p.port}`,
    accountCount: Number(accountCount),
    createdAt: p.createdAt.getTime(),
  };
}

/** A QR login's state. */
export function presentQrLogin(r: QrLoginRow): QrLoginState {
  return {
    loginId: r.id,
    status: r.status,
    wxid: r.wxid,
    message: r.message,
    expiresAt: r.expiresAt.getTime(),
    qrImage: r.qrImage,
    createdAt: r.createdAt.getTime(),
  };
}
