import type { SeatNode } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Deps } from '../../platform/deps.ts';
import * as repo from './seats.repository.ts';

interface SeatRow {
  uid: string;
  username: string;
  nickname: string;
  role: string;
  superiorId: string | null;
}

/** Builds the forest of seats: roots are users without a superior in the same set. */
export function buildSeatForest(rows: SeatRow[], counts: ReadonlyMap<string, number>): SeatNode[] {
  const nodes = new Map<string, SeatNode>();
  for (const r of rows) {
    nodes.set(r.uid, {
      uid: r.uid,
      username: r.username,
      nickname: r.nickname,
      role: r.role,
      workAccountCount: counts.get(r.uid) ?? 0,
      children: [],
    });
  }
  const roots: SeatNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.uid)!;
    const parent = r.superiorId ? nodes.get(r.superiorId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Keeps the nodes that have work accounts or a descendant that has; returns what is left. */
export function pruneWithoutAccounts(nodes: SeatNode[]): SeatNode[] {
  const out: SeatNode[] = [];
  for (const n of nodes) {
    const children = pruneWithoutAccounts(n.children);
    if (n.workAccountCount > 0 || children.length > 0) out.push({ ...n, children });
  }
  return out;
}

/** The seat tree (account tree) of the caller's tenant. */
export class SeatsService {
  constructor(private readonly deps: Deps) {}

  /** A manager sees the whole tenant; anyone else sees itself and the seats below it. */
  async accountTree(auth: AuthContext, onlyWithAccounts: boolean): Promise<SeatNode[]> {
    if (!auth.tenantId) return [];
    const db = this.deps.db;
    const rows = await repo.tenantSeats(db, auth.tenantId);
    const counts = await repo.countWorkAccountsByUser(db, auth.tenantId);
    let visible = rows;
    if (auth.role !== 'manager') {
      const ids = new Set(await repo.subtreeIds(db, auth.tenantId, auth.userId));
      ids.add(auth.userId);
      visible = rows.filter((r) => ids.has(r.uid));
    }
    const forest = buildSeatForest(visible, counts);
    return onlyWithAccounts ? pruneWithoutAccounts(forest) : forest;
  }
}
