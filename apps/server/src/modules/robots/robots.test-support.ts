import { randomUUID } from 'node:crypto';
import type { KeywordRuleItem, MessageItem, SimReceivedItem } from '@cst/shared';
import { expect } from 'vitest';
import { ports } from '../../db/schema/index.ts';
import type { Server } from '../../server.ts';
import { buildTenant, type Session } from '../../../test/support.ts';
import { apiAs, eventually, signIn, type HasApp } from '../accounts/account.test-support.ts';

/** Another tenant with ports for a few accounts; its manager signed in. */
export async function otherTenant(server: Server): Promise<Session> {
  const t = await buildTenant(server);
  await server.deps.db.insert(ports).values(
    Array.from({ length: 5 }, () => ({
      tenantId: t.tenant.id,
      code: `RB-${randomUUID()}`,
      expiresAt: new Date(Date.now() + 86400_000),
    })),
  );
  return signIn(server, t.manager.username);
}

/** A rule body with defaults (one text reply, single chats and groups). */
export function ruleBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    keywords: ['价格'],
    matchMode: 'contains',
    scope: { workWxids: [], talkTypes: [1, 2], mentionOnly: false },
    replies: [{ kind: 'text', content: '价格请看官网' }],
    ...over,
  };
}

/** Creates a rule; its id. */
export async function createRule(ctx: HasApp, s: Session, over: Record<string, unknown> = {}) {
  const r = await apiAs(ctx, s).post<{ id: string }>(
    '/task-api/auto-reply/keywords/create',
    ruleBody(over),
  );
  expect(r.status, r.message).toBe(200);
  return r.data.id;
}

/** One rule as the list shows it. */
export async function ruleOf(ctx: HasApp, s: Session, id: string) {
  const r = await apiAs(ctx, s).post<{ list: KeywordRuleItem[] }>(
    '/task-api/auto-reply/keywords/fetch',
    {},
  );
  return r.data.list.find((x) => x.id === id);
}

/** A person (or a group member) writes to an account through the simulator. */
export async function say(
  ctx: HasApp,
  s: Session,
  workWxid: string,
  fromWxid: string,
  content: string,
  opts: { talkType?: 1 | 2; memberWxid?: string } = {},
) {
  const r = await apiAs(ctx, s).post<{ msgId: string }>('/sim-api/inbound', {
    workWxid,
    fromWxid,
    talkType: opts.talkType ?? 1,
    msgType: 1,
    content,
    memberWxid: opts.memberWxid,
  });
  expect(r.status, r.message).toBe(200);
  return r.data.msgId;
}

/** Messages a person (or group) received from an account. */
export async function receivedBy(ctx: HasApp, s: Session, workWxid: string, peerWxid: string) {
  const r = await apiAs(ctx, s).post<{ list: SimReceivedItem[] }>('/sim-api/received', {
    workWxid,
    peerWxid,
  });
  expect(r.status, r.message).toBe(200);
  return r.data.list.filter((x) => x.kind === 'message');
}

/**
 * Resolves once the console has stored what the platform told it so far: the gateway's listener
 * only queues a message (`MessageIngest`), and a robot's job that runs before the message is
 * stored finds no chat yet and is skipped ("gone").
 */
export async function stored(server: HasApp): Promise<void> {
  await (
    server.app as unknown as { messageIngest: { drained(): Promise<void> } }
  ).messageIngest.drained();
}

/** Waits until the gateway delivered its events and the scheduler did what is due. */
export async function settle(server: Server) {
  await server.accounts.gateway.simulator?.idle();
  await stored(server);
  await server.scheduler.drain();
  await new Promise((r) => setTimeout(r, 150));
  await server.accounts.gateway.simulator?.idle();
}

/** Waits until a person received `n` messages from an account; the messages. */
export function waitReceived(
  ctx: HasApp,
  s: Session,
  workWxid: string,
  peerWxid: string,
  n: number,
  ms = 10_000,
) {
  return eventually(async () => {
    const list = await receivedBy(ctx, s, workWxid, peerWxid);
    return list.length >= n ? list : undefined;
  }, ms);
}

/** The messages of a single chat as the console shows them. */
export async function chatOf(ctx: HasApp, s: Session, workWxid: string, peerWxid: string) {
  const r = await apiAs(ctx, s).post<{ list: MessageItem[] }>('/main-api/conv/messages', {
    index_name: `1__${peerWxid}__${workWxid}`,
    limit: 100,
  });
  expect(r.status, r.message).toBe(200);
  return r.data.list;
}
