import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { addAccount, apiAs, eventually } from '../src/modules/accounts/account.test-support.ts';
import type { Session, TestContext } from './support.ts';

// Walking the OpenAPI document: the routes, and plausible bodies built from their own schemas
// (hostile-input.test.ts, tenant-walk.test.ts).

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
}

export interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; schema?: JsonSchema; required?: boolean }[];
}

/** Every operation of the app's OpenAPI document. */
export function operationsOf(ctx: Pick<TestContext, 'app'>) {
  const doc = ctx.app.swagger() as unknown as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

/** The JSON body schema of an operation, when it has one. */
export function bodySchemaOf(op: Operation): JsonSchema | undefined {
  return op.requestBody?.content?.['application/json']?.schema;
}

/**
 * A plausible value of a schema: the values of real rows by field name (`real`; an array value
 * fills an array field of that name), else ids random, numbers in range, required fields only
 * (and `optional` ones too when asked, so a body names every id it can).
 */
export function sample(
  s: JsonSchema | undefined,
  real: Record<string, unknown>,
  opts: { optional?: boolean } = {},
  depth = 0,
  name = '',
): unknown {
  if (name in real) {
    const v = real[name];
    const type = Array.isArray(s?.type) ? s.type.find((t) => t !== 'null') : s?.type;
    if (Array.isArray(v) ? type === 'array' : type !== 'array' && type !== 'object') return v;
  }
  if (!s || depth > 8) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) {
    return sample(alt.find((a) => a.type !== 'null') ?? alt[0], real, opts, depth + 1, name);
  }
  if (s.allOf?.length) return sample(s.allOf[0], real, opts, depth + 1, name);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type ?? '') {
    case 'object': {
      const out: Record<string, unknown> = {};
      const keys = opts.optional ? Object.keys(s.properties ?? {}) : (s.required ?? []);
      for (const k of keys) out[k] = sample(s.properties?.[k], real, opts, depth + 1, k);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () =>
        sample(s.items, real, opts, depth + 1),
      );
    case 'integer':
    case 'number':
      return s.minimum !== undefined ? Math.max(s.minimum, Math.min(1, s.maximum ?? 1)) : 1;
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'uuid') return randomUUID();
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return 'x';
  }
}

/**
 * Real rows for a walk to name: an online work account (`nickname`), a conversation with a friend
 * who wrote `content`, and a friend-adding task (`taskName`) waiting for its start, so routes reach
 * past their visibility checks. Returns the values by the field names routes give them.
 */
export async function seedWalkRows(
  ctx: TestContext,
  s: Session,
  names: { nickname: string; friend: string; content: string; taskName: string },
): Promise<Record<string, unknown>> {
  const acc = await addAccount(ctx, s, { nickname: names.nickname });
  const friend = names.friend;
  const sent = await apiAs(ctx, s).post('/sim-api/inbound', {
    workWxid: acc.wxid,
    fromWxid: friend,
    talkType: 1,
    msgType: 1,
    content: names.content,
  });
  expect(sent.status).toBe(200);
  const indexName = `1__${friend}__${acc.wxid}`;
  const page = await eventually(async () => {
    const r = await apiAs(ctx, s).post<{ list: { messageId: string }[] }>(
      '/main-api/conv/messages',
      { index_name: indexName },
    );
    return r.data?.list.length ? r.data : undefined;
  });
  const messageId = page.list[0]!.messageId;
  const task = await apiAs(ctx, s).post<{ taskId: string }>('/task-api/fans/task/create', {
    taskName: names.taskName,
    workWxids: [acc.wxid],
    greeting: '你好',
    startType: 'scheduled',
    startAt: Date.now() + 86_400_000,
    rows: [{ target: '13800138000' }],
  });
  expect(task.status).toBe(200);
  return {
    taskId: task.data.taskId,
    workWxid: acc.wxid,
    wxid: acc.wxid,
    uin: acc.wxid,
    workerWxid: acc.wxid,
    receiver_id: friend,
    friendWxid: friend,
    fromWxid: friend,
    index_name: indexName,
    talkType: 1,
    messageId,
    cr_id: messageId,
    record_id: messageId,
    refMsgId: messageId,
  };
}
