import type { AssignmentRule, ConversationStatus } from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Tx } from '../../platform/db.ts';
import type { Uses } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { FreshCache } from '../../platform/fresh-cache.ts';
import {
  presentConversation,
  type ConversationRow,
  convUpdatePush,
  type InboundStored,
  visibleConversation,
} from '../conversations/index.ts';
import type { PushInput } from '../../realtime/realtime.ts';
import * as repo from './assignment.repository.ts';
import { emitFlowEvent, type FlowEventName } from './flow-events.ts';

import { recordEvents } from '../webhooks/index.ts';
/**
 * Records `conversation.assigned` / `conversation.status` (data: the `convUpdate` push of the
 * chat) in the transaction of the change.
 */
function recordFlowEvents(
  tx: Tx,
  event: 'conversation.assigned' | 'conversation.status',
  rows: ConversationRow[],
): Promise<void> {
  return recordEvents(
    tx,
    rows.map((r) => ({
      tenantId: r.tenantId,
      workAccountId: r.workAccountId,
      event,
      data: convUpdatePush(r).data,
    })),
  );
}

/**
 * The changes, with `convUpdate` of each chat changed stored in their transaction (`push`, of
 * `RealtimeHub.transaction`) to those who see it.
 */
function pushed(changes: Changes, push: (tenantId: string, input: PushInput[]) => void): Changes {
  const rows = new Map<string, ConversationRow>();
  for (const r of [...changes.assigned, ...changes.status]) rows.set(r.id, r);
  for (const [tenantId, list] of byTenant([...rows.values()], (c) => c)) {
    push(tenantId, list.map(convUpdatePush));
  }
  return changes;
}

/** How long whether a tenant has automatic assignment on is kept (another instance's change). */
const RULE_CACHE_MS = 5_000;

/** What one change did: the rows changed, by event, and who did it. */
interface Changes {
  assigned: ConversationRow[];
  status: ConversationRow[];
}

/**
 * The service flow (API.md "Service flow"): who owns a chat (assign, claim, unassign; automatic
 * assignment by round robin or fewest open chats) and its status (open, pending, resolved,
 * snoozed until a time; received messages reopen it).
 */
export class AssignmentService {
  constructor(private readonly deps: Uses<'flowHandlers' | 'realtime'>) {}

  /**
   * Whether a tenant has any automatic assignment on, kept a few seconds: the store of received
   * messages asks on every batch, and most tenants have none.
   */
  private readonly ruleCache = new FreshCache<boolean>(RULE_CACHE_MS);

  private get db() {
    return this.deps.db;
  }

  /** Assigns chats to a seat who sees them, or unassigns them (uid null). */
  async assign(auth: AuthContext, indexNames: string[], uid: string | null) {
    const convs = await this.visible(auth, indexNames);
    const mayOthers = auth.permissions.has('conversation.assign');
    for (const c of convs) {
      const mine = c.assigneeUid === null || c.assigneeUid === auth.userId;
      // Claiming a free chat or one's own, or giving one's own back, needs no more.
      if (!mayOthers && !(mine && (uid === auth.userId || uid === null))) {
        throw fail.forbidden('assignOthersForbidden');
      }
    }
    let assignee: { uid: string; name: string } | null = null;
    if (uid) {
      for (const c of convs) {
        const seats = await repo.candidatesOf(this.db, c.tenantId, c.workAccountId, this.now());
        if (!seats.some((s) => s.uid === uid) && c.servedBy !== uid) {
          throw fail.invalid('assigneeCannotSee');
        }
      }
      const name = await repo.userName(this.db, convs[0]!.tenantId, uid);
      if (name === null) throw fail.invalid('assigneeCannotSee');
      assignee = { uid, name };
    }
    const changes = await this.deps.realtime.transaction(async (tx, push) => {
      const rows = await repo.setAssignee(
        tx,
        convs[0]!.tenantId,
        convs.map((c) => c.id),
        assignee,
      );
      await this.logAssigned(tx, rows);
      await recordFlowEvents(tx, 'conversation.assigned', rows);
      return pushed({ assigned: rows, status: [] }, push);
    });
    await this.announce(changes, auth.userId);
    return this.after(convs, changes);
  }

  /** Sets the status of chats; a snooze needs a time later than now. */
  async setStatus(
    auth: AuthContext,
    indexNames: string[],
    status: ConversationStatus,
    snoozeUntil?: number,
  ) {
    if (status === 'snoozed' && !(snoozeUntil && snoozeUntil > this.now())) {
      throw fail.invalid('snoozeUntilRequired');
    }
    const convs = await this.visible(auth, indexNames);
    const changes = await this.deps.realtime.transaction(async (tx, push) => {
      const rows = await repo.setStatus(
        tx,
        convs[0]!.tenantId,
        convs.map((c) => c.id),
        status,
        snoozeUntil ?? null,
      );
      await this.logResolved(tx, rows);
      await recordFlowEvents(tx, 'conversation.status', rows);
      return pushed({ assigned: [], status: rows }, push);
    });
    await this.announce(changes, auth.userId);
    return this.after(convs, changes);
  }

  /** The seats a chat can be assigned to, with presence and open chats. */
  async assignees(auth: AuthContext, indexName: string) {
    const { conv } = await visibleConversation(this.db, auth, indexName);
    const list = await repo.candidatesOf(this.db, conv.tenantId, conv.workAccountId, this.now());
    return {
      list: list.map(({ uid, name, online, dnd, open }) => ({ uid, name, online, dnd, open })),
    };
  }

  /**
   * Received messages (in the store's transaction): resolved and snoozed chats open again, and
   * unassigned open chats are assigned by their account's rule.
   */
  async onInbound({ tx, convs, after }: InboundStored): Promise<ConversationRow[]> {
    const changed = new Map<string, ConversationRow>();
    const asleep = convs.filter((c) => c.status === 'resolved' || c.status === 'snoozed');
    const reopened: ConversationRow[] = [];
    for (const [tenantId, ids] of byTenant(asleep)) {
      reopened.push(...(await repo.setStatus(tx, tenantId, ids, 'open', null)));
    }
    await recordFlowEvents(tx, 'conversation.status', reopened);
    for (const c of reopened) changed.set(c.id, c);
    const free = convs
      .map((c) => changed.get(c.id) ?? c)
      .filter((c) => c.assigneeUid === null && c.status === 'open');
    const assigned = free.length > 0 ? await this.autoAssign(tx, free) : [];
    for (const c of assigned) changed.set(c.id, c);
    if (changed.size > 0) {
      // The ingest's message pushes carry the chats as changed already.
      after(() => this.announce({ assigned, status: reopened }, null));
    }
    return [...changed.values()];
  }

  /** Opens snoozed chats whose time came (the scheduler's periodic job). */
  async wakeSnoozed(): Promise<number> {
    const changes = await this.deps.realtime.transaction(async (tx, push) => {
      const woken = await repo.wakeSnoozed(tx, this.now(), 500);
      await recordFlowEvents(tx, 'conversation.status', woken);
      return pushed({ assigned: [], status: woken }, push);
    });
    await this.announce(changes, null);
    return changes.status.length;
  }

  /** The tenant's automatic assignment rules. */
  async rules(auth: AuthContext): Promise<{ list: AssignmentRule[] }> {
    const rows = await repo.listRules(this.db, tenantOf(auth));
    return { list: rows.map(({ scope, scopeId, mode, cap }) => ({ scope, scopeId, mode, cap })) };
  }

  /** Sets the automatic assignment rule of a work account or an account group. */
  async saveRule(auth: AuthContext, rule: AssignmentRule): Promise<null> {
    const tenantId = tenantOf(auth);
    if (!(await repo.scopeExists(this.db, tenantId, rule.scope, rule.scopeId))) {
      throw fail.notFound('assignmentScopeNotFound');
    }
    await repo.saveRule(this.db, { tenantId, ...rule });
    this.ruleCache.forget(tenantId);
    return null;
  }

  /** The caller's do-not-disturb switch. */
  presence(auth: AuthContext) {
    return repo.presenceOf(this.db, auth.userId);
  }

  /** Sets the caller's do-not-disturb switch. */
  setPresence(auth: AuthContext, dnd: boolean) {
    return repo.touchPresence(this.db, tenantOf(auth), auth.userId, { dnd });
  }

  /** A seat's console is connected: it counts as online for a while. */
  async seen(tenantId: string, userId: string): Promise<void> {
    await repo.touchPresence(this.db, tenantId, userId, { seenAt: this.now() });
  }

  /** A seat's last console socket closed here: no longer online. */
  async gone(tenantId: string, userId: string): Promise<void> {
    await repo.touchPresence(this.db, tenantId, userId, { seenAt: 0 });
  }

  /** Assigns unassigned chats by their accounts' rules (round robin or fewest open, under caps). */
  private async autoAssign(tx: Tx, convs: ConversationRow[]): Promise<ConversationRow[]> {
    const out: ConversationRow[] = [];
    for (const [tenantId, list] of byTenant(convs, (c) => c)) {
      if (!(await this.anyRuleOn(tx, tenantId))) continue;
      const accounts = await repo.accountsOf(tx, tenantId, [
        ...new Set(list.map((c) => c.workAccountId)),
      ]);
      for (const account of accounts) {
        const found = await repo.ruleFor(tx, tenantId, account);
        if (!found || found.mode === 'off') continue;
        const rule = await repo.lockRule(tx, found.id);
        if (!rule || rule.mode === 'off') continue;
        const seats = await repo.candidatesOf(tx, tenantId, account.id, this.now());
        for (const conv of list.filter((c) => c.workAccountId === account.id)) {
          const pick = pickSeat(seats, rule.mode, rule.cap, rule.lastUid);
          if (!pick) break;
          const [row] = await repo.setAssignee(tx, tenantId, [conv.id], pick);
          if (!row) continue;
          pick.open += 1;
          rule.lastUid = pick.uid;
          out.push(row);
        }
        if (rule.lastUid && rule.lastUid !== found.lastUid) {
          await repo.setRuleLast(tx, rule.id, rule.lastUid);
        }
      }
    }
    await this.logAssigned(tx, out);
    await recordFlowEvents(tx, 'conversation.assigned', out);
    return out;
  }

  private anyRuleOn(tx: Tx, tenantId: string): Promise<boolean> {
    return this.ruleCache.get(tenantId, () => repo.anyRuleOn(tx, tenantId));
  }

  private async logAssigned(tx: Tx, rows: ConversationRow[]): Promise<void> {
    await repo.logFlow(
      tx,
      rows.map((r) => ({
        tenantId: r.tenantId,
        conversationId: r.id,
        workAccountId: r.workAccountId,
        kind: 'assigned' as const,
        userId: r.assigneeUid,
        at: this.now(),
      })),
    );
  }

  private async logResolved(tx: Tx, rows: ConversationRow[]): Promise<void> {
    await repo.logFlow(
      tx,
      rows
        .filter((r) => r.status === 'resolved')
        .map((r) => ({
          tenantId: r.tenantId,
          conversationId: r.id,
          workAccountId: r.workAccountId,
          kind: 'resolved' as const,
          userId: r.assigneeUid,
          at: this.now(),
        })),
    );
  }

  /** After the commit: the module events of the changes. */
  private async announce(changes: Changes, by: string | null): Promise<void> {
    const emit = (name: FlowEventName, r: ConversationRow) =>
      emitFlowEvent(this.deps, name, {
        tenantId: r.tenantId,
        workAccountId: r.workAccountId,
        conv: presentConversation(r),
        by,
      });
    for (const r of changes.assigned) await emit('conversation.assigned', r);
    for (const r of changes.status) await emit('conversation.status', r);
  }

  /** The answer of a change: the chat as it is now (one), or how many changed. */
  private after(convs: ConversationRow[], changes: Changes) {
    const rows = new Map(convs.map((c) => [c.id, c]));
    for (const r of [...changes.assigned, ...changes.status]) rows.set(r.id, r);
    return {
      conv: presentConversation(rows.get(convs[0]!.id)!),
      updated: changes.assigned.length + changes.status.length,
    };
  }

  /** The chats by index_name, each visible to the caller (404 otherwise). */
  private async visible(auth: AuthContext, indexNames: string[]): Promise<ConversationRow[]> {
    const out: ConversationRow[] = [];
    for (const name of [...new Set(indexNames)]) {
      out.push((await visibleConversation(this.db, auth, name)).conv);
    }
    return out;
  }

  private now(): number {
    return this.deps.now();
  }
}

/**
 * The seat automatic assignment gives the next chat: among those online, not in do not disturb
 * and under the cap, the next after the last one in round robin, or the one with the fewest
 * open chats (the earlier seat on a tie).
 */
export function pickSeat(
  seats: repo.Candidate[],
  mode: 'roundRobin' | 'fewest',
  cap: number | null,
  lastUid: string | null,
): repo.Candidate | null {
  const able = seats.filter((s) => s.online && !s.dnd && (cap === null || s.open < cap));
  if (able.length === 0) return null;
  if (mode === 'fewest') {
    return able.reduce((best, s) => (s.open < best.open ? s : best));
  }
  const at = lastUid ? seats.findIndex((s) => s.uid === lastUid) : -1;
  for (let i = 1; i <= seats.length; i++) {
    const s = seats[(at + i) % seats.length]!;
    if (able.includes(s)) return s;
  }
  return null;
}

function tenantOf(auth: AuthContext): string {
  if (!auth.tenantId) throw fail.forbidden();
  return auth.tenantId;
}

function byTenant(convs: ConversationRow[]): Map<string, string[]>;
function byTenant<T>(convs: ConversationRow[], map: (c: ConversationRow) => T): Map<string, T[]>;
function byTenant(
  convs: ConversationRow[],
  map: (c: ConversationRow) => unknown = (c) => c.id,
): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  for (const c of convs) {
    const list = out.get(c.tenantId) ?? [];
    list.push(map(c));
    out.set(c.tenantId, list);
  }
  return out;
}
