// Pages read as JSON (selectRows on PGlite, a conversation with its page anywhere) must return
// exactly what the plain selects return, for every kind of column the pages carry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { conversations, messages, tenants, workAccounts } from '../db/schema/index.ts';
import { createTestDatabase } from '../../test/support.ts';
import {
  findConversation,
  findConversationWithPage,
} from '../modules/conversations/conversation.repository.ts';
import { selectRows, type Database } from './db.ts';

describe('selectRows', () => {
  let database: Database;
  let conversationId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const [tenant] = await db.insert(tenants).values({ name: '页' }).returning();
    const [account] = await db
      .insert(workAccounts)
      .values({ tenantId: tenant!.id, wxid: 'wxid_page', nickname: '页号', status: 'online' })
      .returning();
    const [conv] = await db
      .insert(conversations)
      .values({
        tenantId: tenant!.id,
        workAccountId: account!.id,
        workWxid: 'wxid_page',
        talkType: 1,
        peerId: 'wxid_peer',
        nickname: '客户 "引号" \\ 反斜杠',
        latestMsgTime: 1_790_000_000_123,
        unread: 3,
        isPin: true,
      })
      .returning();
    conversationId = conv!.id;
    await db.insert(messages).values([
      {
        tenantId: tenant!.id,
        conversationId,
        workAccountId: account!.id,
        msgType: 3,
        sendSide: 1,
        content: '图片 😀\n第二行',
        media: { width: 640, height: 480 },
        fileLen: 9_007_199_254_740,
        sendOk: true,
        msgTime: 1_790_000_000_001,
      },
      {
        tenantId: tenant!.id,
        conversationId,
        workAccountId: account!.id,
        msgType: 1,
        sendSide: 2,
        content: '',
        msgTime: 1_790_000_000_002,
      },
    ]);
  });
  afterAll(() => database.close());

  it('returns what awaiting the select returns: dates, big numbers, JSON, nulls, text', async () => {
    const db = database.db;
    const query = db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(desc(messages.id));
    const rows = await selectRows(db, query);
    expect(rows).toEqual(await query);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.media).toEqual({ width: 640, height: 480 });
    expect(rows[1]!.fileLen).toBe(9_007_199_254_740);
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    expect(rows[0]!.caption).toBeNull();
  });

  it('keeps the order and carries aliased values', async () => {
    const db = database.db;
    const query = db
      .select({
        ...getTableColumns(conversations),
        total: sql`(select count(*) from ${messages})::int`
          .mapWith((n: number) => `共 ${n} 条`)
          .as('total'),
      })
      .from(conversations)
      .orderBy(asc(conversations.id));
    const rows = await selectRows(db, query);
    expect(rows).toEqual(await query);
    expect(rows[0]!.total).toBe('共 2 条');
    expect(rows[0]!.nickname).toBe('客户 "引号" \\ 反斜杠');
  });

  it('reads a conversation and its page in one query as the two queries read them', async () => {
    const db = database.db;
    const [conv] = await db.select().from(conversations);
    const key = [conv!.tenantId, conv!.workAccountId, 1, 'wxid_peer'] as const;
    const spec = { before: null, since: 0, limit: 1 };
    const found = await findConversationWithPage(db, ...key, spec);
    expect(found!.conv).toEqual(await findConversation(db, ...key));
    // Compared with a plain select (messagesPage itself reads JSON on PGlite).
    expect(found!.rows).toEqual(
      await db
        .select()
        .from(messages)
        .where(eq(messages.conversationId, conv!.id))
        .orderBy(desc(messages.id))
        .limit(1),
    );
    expect(found!.rows).toHaveLength(1);
    expect(
      await findConversationWithPage(db, conv!.tenantId, conv!.workAccountId, 1, 'nobody', spec),
    ).toBeNull();
  });

  it('returns no rows for an empty page', async () => {
    const db = database.db;
    const query = db.select().from(messages).where(eq(messages.msgType, 999));
    expect(await selectRows(db, query)).toEqual([]);
  });
});
