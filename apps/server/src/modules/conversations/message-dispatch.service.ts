import { GatewayError, type SendCommand, type SendResult } from '../../gateway/index.ts';
import type { Uses } from '../../platform/deps.ts';
import { type PushInput } from '../../realtime/realtime.ts';
import { type AccountRef } from '../accounts/index.ts';
import { MSG_TYPE } from '@cst/shared';
import type { ConversationRow, MessageRow } from './conversation.presenter.ts';
import * as repo from './conversation.repository.ts';
import { messageDispatched } from './message-hooks.ts';
import { outboundOf } from './outbound-message.ts';
import { sendPushOf, servedChat } from './conversation.push.ts';

/** The bus channel on which "sends are waiting for account <wxid>" travels. */
export const DISPATCH_CHANNEL = 'msg_dispatch';
const SWEEP_MS = 3000;
const CLAIM_BATCH = 50;

/**
 * What follows the commit of console sends: their pushes, then the holder's wake-up. Neither may
 * turn a stored send into a failed request (a retry would send it again): a push that could not be
 * stored is logged and the consoles re-read on their next list refresh, and a lost wake-up is
 * found by the holder's sweep within seconds.
 */
export async function afterSendCommit(
  deps: Uses<'realtime'>,
  account: { tenantId: string; wxid: string },
  pushes: PushInput[],
): Promise<void> {
  try {
    await deps.realtime.publish(account.tenantId, pushes);
  } catch (err) {
    deps.log.error({ err, workWxid: account.wxid }, 'push of a stored send failed');
  }
  try {
    await deps.bus.publish(DISPATCH_CHANNEL, account.wxid);
  } catch (err) {
    deps.log.warn({ err, workWxid: account.wxid }, 'dispatch wake-up failed; the sweep sends it');
  }
}

/**
 * Hands console sends to the platform from the instance that holds the account (DESIGN.md §1):
 * sends are rows first (`dispatch_state` pending), so a crash or a lease move never loses one, and
 * the platform send carries the requestId as idempotency key, so a retry never sends twice.
 */
export class MessageDispatcher {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: Uses<'messageHooks' | 'realtime' | 'runtime'>) {}

  /** Listens for new sends and sweeps held accounts now and then. */
  start(): void {
    this.unsubscribe = this.deps.bus.subscribe(DISPATCH_CHANNEL, (wxid) => void this.poke(wxid));
    this.timer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  /** Stops and waits for sends in flight. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.running.values()]);
  }

  /** Announces waiting sends of an account to whichever instance holds it. */
  async announce(wxid: string): Promise<void> {
    await this.deps.bus.publish(DISPATCH_CHANNEL, wxid);
  }

  /** This instance as an account lease names it (the outbox's fencing token). */
  private get owner(): string {
    return this.deps.runtime.instanceId;
  }

  private held(wxid: string): boolean {
    const rt = this.deps.runtime;
    return rt.started && rt.gateway.heldAccounts().includes(wxid);
  }

  /** Sends what waits for an account if this instance holds it. */
  async poke(wxid: string): Promise<void> {
    if (!this.held(wxid)) return;
    const current = this.running.get(wxid);
    if (current) {
      this.again.add(wxid);
      return current;
    }
    const run = (async () => {
      do {
        this.again.delete(wxid);
        const account = await this.deps.runtime.accountOf(wxid);
        if (!account) return;
        // Sends a previous holder left "dispatching" go first, in their order (idempotent by
        // requestId): a later send of the same conversation must not overtake them.
        await repo.requeueDispatching(this.deps.db, [account.id], this.owner);
        let away = false;
        while (!away) {
          const batch = await repo.claimPendingSends(
            this.deps.db,
            account.id,
            CLAIM_BATCH,
            this.owner,
          );
          if (batch.length === 0) break;
          away = await this.sendBatch(account, batch);
        }
        // The account cannot send right now: the rest of the batch waits too, in order; the
        // sweep tries again within seconds.
        if (away) await repo.requeueDispatching(this.deps.db, [account.id], this.owner);
      } while (this.again.has(wxid));
    })()
      .catch((err: unknown) => this.deps.log.error({ err, wxid }, 'dispatching sends failed'))
      .finally(() => this.running.delete(wxid));
    this.running.set(wxid, run);
    return run;
  }

  private async sweep(): Promise<void> {
    const rt = this.deps.runtime;
    if (!rt.started) return;
    try {
      const refs = (
        await Promise.all(rt.gateway.heldAccounts().map((w) => rt.accountOf(w)))
      ).filter((a): a is AccountRef => a !== null);
      const idle = refs.filter((a) => !this.running.has(a.wxid));
      // Rows left "dispatching" by an instance that lost the account: send again (idempotent).
      await repo.requeueDispatching(
        this.deps.db,
        idle.map((a) => a.id),
        this.owner,
      );
      const waiting = new Set(
        await repo.accountsWithPending(
          this.deps.db,
          refs.map((a) => a.id),
        ),
      );
      for (const a of refs) if (waiting.has(a.id)) void this.poke(a.wxid);
    } catch (err) {
      this.deps.log.warn({ err }, 'dispatch sweep failed');
    }
  }

  /**
   * Sends claimed rows in their order, then records them together: one statement for their
   * outcomes, one for their pushes, and the dispatched hooks side by side (their writers group
   * them). Returns true when the account cannot send now: that row and those after it wait again.
   */
  private async sendBatch(account: AccountRef, batch: MessageRow[]): Promise<boolean> {
    const convs = await repo.conversationsByIds(
      this.deps.db,
      account.tenantId,
      batch.map((r) => r.conversationId),
    );
    const done: { row: MessageRow; conv: ConversationRow; set: repo.SendOutcome }[] = [];
    const sendable = batch.flatMap((row) => {
      const conv = convs.get(row.conversationId);
      return conv ? [{ row, conv }] : [];
    });
    const gateway = this.deps.runtime.gateway;
    const answers =
      gateway.sendMany && sendable.length > 1
        ? await gateway.sendMany(sendable.map(({ row, conv }) => commandOf(account, row, conv)))
        : null;
    let away = false;
    for (const [i, { row, conv }] of sendable.entries()) {
      const set = answers ? outcomeOf(row, answers[i]!) : await this.sendOne(account, row, conv);
      if (!set) {
        // The rest of the batch stays claimed; the caller puts it back in order.
        away = true;
        break;
      }
      done.push({ row, conv, set });
    }
    if (done.length === 0) return away;
    // The rows as stored (a receipt may have been stored before this record), and their pushes
    // in the same transaction: a receipt changing the row meanwhile waits for this commit, so its
    // push takes a later seq than this one — a push never tells an older state after a newer.
    const updated = await this.deps.realtime.transaction(async (tx, push) => {
      const recorded = new Map(
        (
          await repo.recordSendOutcomes(
            tx,
            done.map((d) => d.set),
          )
        ).map((r) => [r.id, r]),
      );
      const rows = done.flatMap((d) => {
        const row = recorded.get(d.row.id);
        return row ? [{ row, conv: d.conv }] : [];
      });
      push(
        account.tenantId,
        rows.map(({ row, conv }) => ({
          event: 'send',
          workAccountId: account.id,
          ...servedChat(conv),
          data: sendPushOf(row, conv),
        })),
      );
      return rows;
    });
    if (updated.length > 0) {
      await Promise.all(updated.map(({ row, conv }) => messageDispatched(this.deps, row, conv)));
    }
    return away;
  }

  /**
   * Hands one claimed row to the platform: its outcome, or null when the account cannot send now
   * (the row waits again).
   */
  private async sendOne(
    account: AccountRef,
    row: MessageRow,
    conv: ConversationRow,
  ): Promise<repo.SendOutcome | null> {
    try {
      const accepted = await this.deps.runtime.gateway.send(commandOf(account, row, conv));
      return outcomeOf(row, { ok: true, accepted });
    } catch (err) {
      if (err instanceof GatewayError) return outcomeOf(row, { ok: false, error: err });
      const reason = err instanceof Error ? err.message : String(err);
      return { id: row.id, msgId: null, content: null, failed: true, errMessage: reason };
    }
  }
}

function commandOf(account: AccountRef, row: MessageRow, conv: ConversationRow): SendCommand {
  return {
    workWxid: account.wxid,
    peerId: conv.peerId,
    talkType: conv.talkType === 2 ? 2 : 1,
    requestId: row.requestId!,
    message: outboundOf(row),
    // A person sees robots, tasks and API callers typing first, as a person would; seats type.
    ...(row.senderKind && AUTOMATED.has(row.senderKind) ? { typing: true } : {}),
  };
}

/** Senders whose messages the platform shows being typed first (issue 34). */
const AUTOMATED = new Set(['robot', 'task', 'api']);

/**
 * What the platform's answer leaves on a send, or null when the account cannot send now: the
 * lease moved away meanwhile (the new holder sends it), or the account is not online (logging in
 * again after a restart), and the send waits instead of failing.
 */
function outcomeOf(row: MessageRow, answer: SendResult): repo.SendOutcome | null {
  if (answer.ok) {
    return {
      id: row.id,
      msgId: answer.accepted.msgId,
      content: row.msgType === MSG_TYPE.quote ? answer.accepted.content : null,
      failed: false,
      errMessage: null,
    };
  }
  if (answer.error.code === 'notHeld' || answer.error.code === 'notOnline') return null;
  return { id: row.id, msgId: null, content: null, failed: true, errMessage: answer.error.message };
}
