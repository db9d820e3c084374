// Pages read as JSON (selectRows on PGlite, a conversation with its page anywhere) must return
// exactly what the plain selects return, for every kind of column the pages carry.
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  conversations,
  keywordRules,
  messages,
  tenants,
  workAccounts,
} from '../db/schema/index.ts';
import { useTestDatabase } from '../../test/support.ts';
import {
  findConversation,
  findConversationWithPage,
  shownMessageColumns,
} from '../modules/conversations/conversation.repository.ts';
import { preparedSelect, preparedSql, rowsOf, selectRows } from './db.ts';

describe('selectRows', () => {
  const database = useTestDatabase();
  let conversationId: string;
  beforeAll(async () => {
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
    const found = await findConversationWithPage(
      db,
      conv!.tenantId,
      'wxid_page',
      1,
      'wxid_peer',
      spec,
    );
    expect(found!.conv).toEqual(await findConversation(db, ...key));
    // Compared with a plain select of the fields a page shows (messagesPage itself reads JSON on
    // PGlite).
    expect(found!.rows).toEqual(
      await db
        .select(shownMessageColumns)
        .from(messages)
        .where(eq(messages.conversationId, conv!.id))
        .orderBy(desc(messages.id))
        .limit(1),
    );
    expect(found!.rows).toHaveLength(1);
    // The page before that message: the older one.
    const before = await findConversationWithPage(db, conv!.tenantId, 'wxid_page', 1, 'wxid_peer', {
      ...spec,
      before: found!.rows[0]!.id,
    });
    expect(before!.rows.map((r) => r.msgTime)).toEqual([1_790_000_000_001]);
    expect(
      await findConversationWithPage(db, conv!.tenantId, 'wxid_page', 1, 'nobody', spec),
    ).toBeNull();
    expect(
      await findConversationWithPage(db, conv!.tenantId, 'wxid_other', 1, 'wxid_peer', spec),
    ).toBeNull();
  });

  it('reads a select of more fields than a JSON array takes (100) as objects', async () => {
    const db = database.db;
    const wide: Record<string, SQL.Aliased<number>> = Object.fromEntries(
      Array.from({ length: 101 }, (_, i) => [`f${i}`, sql<number>`${i}::int`.as(`f${i}`)]),
    );
    const query = db
      .select({ ...wide, id: messages.id, media: messages.media })
      .from(messages)
      .orderBy(desc(messages.id));
    const rows = await selectRows(db, query);
    expect(rows).toEqual(await query);
    expect(rows[1]).toMatchObject({ f0: 0, f100: 100 });
    expect(rows[1]!.media).toEqual({ width: 640, height: 480 });
  });

  it('reads arrays, booleans, JSON and aliased values of a page as a plain select does', async () => {
    const db = database.db;
    const [tenant] = await db.select().from(tenants).limit(1);
    const [account] = await db.select().from(workAccounts).limit(1);
    await db.insert(keywordRules).values([
      {
        tenantId: tenant!.id,
        keywords: ['a,b', '"引号"', '{x}', 'back\\slash', 'NULL', '', '两\n行', ' 空格 '],
        matchMode: 'contains',
        accountIds: [account!.id],
        talkTypes: [1, 2],
        mentionOnly: true,
        replies: [{ kind: 'text', content: '您好 "客户"\n</script>' }],
        drafts: [],
        enabled: false,
        priority: -3,
        lastHitAt: 1_790_000_000_999,
      },
      {
        tenantId: tenant!.id,
        keywords: [],
        matchMode: 'exact',
        accountIds: [],
        talkTypes: [],
        replies: [],
        drafts: [],
      },
    ]);
    const fields = {
      ...getTableColumns(keywordRules),
      first: sql<boolean>`${keywordRules.priority} < 0`.as('first'),
      none: sql<string | null>`null::text`.as('none'),
      ratio: sql<number>`${keywordRules.priority}::float8 / 2`.as('ratio'),
    };
    const build = () => db.select(fields).from(keywordRules).orderBy(asc(keywordRules.priority));
    const plain = await build();
    expect(plain).toHaveLength(2);
    expect(await selectRows(db, build())).toEqual(plain);
    expect(await preparedSelect<(typeof plain)[number]>()(db, 'rules', build, {})).toEqual(plain);
    expect(plain[0]).toMatchObject({ enabled: false, mentionOnly: true, first: true, none: null });
    expect(plain[0]!.keywords).toContain('两\n行');
    expect(plain[1]).toMatchObject({
      enabled: true,
      mentionOnly: false,
      lastHitAt: null,
      ratio: 0,
    });
  });

  it('returns no rows for an empty page', async () => {
    const db = database.db;
    const query = db.select().from(messages).where(eq(messages.msgType, 999));
    expect(await selectRows(db, query)).toEqual([]);
  });

  it('runs a prepared select built once per shape, with the values of each call', async () => {
    const db = database.db;
    const page = preparedSelect<typeof messages.$inferSelect>();
    let builds = 0;
    const build = () => {
      builds += 1;
      return db
        .select()
        .from(messages)
        .where(eq(messages.msgType, sql`${sql.placeholder('type')}`))
        .orderBy(desc(messages.id));
    };
    const images = await page(db, 'byType', build, { type: 3 });
    expect(images).toEqual(await db.select().from(messages).where(eq(messages.msgType, 3)));
    expect(images[0]!.media).toEqual({ width: 640, height: 480 });
    const texts = await page(db, 'byType', build, { type: 1 });
    expect(texts.map((r) => r.msgType)).toEqual([1]);
    expect(await page(db, 'byType', build, { type: 999 })).toEqual([]);
    expect(builds).toBe(1);
    // Inside a transaction too.
    await db.transaction(async (tx) => {
      expect(await page(tx, 'byType', build, { type: 3 })).toEqual(images);
    });
    expect(builds).toBe(1);
  });

  it('runs prepared raw SQL built once per shape', async () => {
    const db = database.db;
    const count = preparedSql();
    let builds = 0;
    const build = () => {
      builds += 1;
      return sql`select count(*)::int as n from ${messages} where ${messages.sendSide} = ${sql.placeholder('side')}`;
    };
    const n = async (side: number) =>
      rowsOf<{ n: number }>(await count(db, 'bySide', build, { side }))[0]!.n;
    expect([await n(1), await n(2), await n(3)]).toEqual([1, 1, 0]);
    expect(builds).toBe(1);
  });
});
