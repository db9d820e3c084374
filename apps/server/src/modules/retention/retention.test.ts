import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ossUrl, uploadKeySegment } from '@cst/shared';
import { rowsOf } from '../../platform/db.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { useTestServer, type Session } from '../../../test/support.ts';
import { signInAs } from '../../../test/factories.ts';
import { addAccount, apiAs, eventually } from '../accounts/account.test-support.ts';
import { runRetention } from './retention.job.ts';

// Retention (issue 36 §5): a tenant's messages older than its limit are deleted, exactly those,
// in batches, with their files — cached received ones and those uploaded into the chat to send —
// unless a message kept shows them; library files stay; the statistics rollups keep their
// figures.

const DAY = 86_400_000;
const ctx = useTestServer();
let demo: Session;
let tenantId: string;
let ids: number[] = [];

/** Every row of the statistics tables that count messages, as text. */
async function rollups(): Promise<unknown> {
  const out: Record<string, unknown> = {};
  for (const table of ['stat_message_daily', 'stat_message_day', 'stat_money_daily']) {
    const [r] = rowsOf<{ rows: unknown }>(
      await ctx.deps.db.execute(
        sql.raw(
          `select coalesce(json_agg(t::text order by t::text), '[]') as rows from "${table}" t`,
        ),
      ),
    );
    out[table] = r?.rows;
  }
  return out;
}

beforeAll(async () => {
  ({ demo } = await signInAs(ctx, 'demo'));
  const api = apiAs(ctx, demo);
  const { wxid } = await addAccount(ctx, demo, { nickname: '保留号' });
  for (let i = 0; i < 7; i++) {
    const r = await api.post('/sim-api/inbound', {
      workWxid: wxid,
      fromWxid: `wxid_keep${i % 2}`,
      talkType: 1,
      msgType: 1,
      content: `保留 ${i}`,
    });
    expect(r.status).toBe(200);
  }
  // Inbound messages are stored as the gateway delivers them.
  const rows = await eventually(async () => {
    const r = rowsOf<{ id: string; tenant_id: string }>(
      await ctx.deps.db.execute(
        sql`select m.id, m.tenant_id from messages m join work_accounts a on a.id = m.work_account_id
            where a.wxid = ${wxid} order by m.id`,
      ),
    );
    return r.length >= 7 && r;
  });
  ids = rows.map((r) => Number(r.id));
  tenantId = rows[0]!.tenant_id;
  expect(ids.length).toBeGreaterThanOrEqual(7);
});

/** A message sent by a seat in the chat of message `like`, `age` ms old, showing `fileUrl`. */
async function sentMessage(like: number, age: number, fileUrl: string): Promise<number> {
  const [r] = rowsOf<{ id: string }>(
    await ctx.deps.db.execute(sql`
      insert into messages (tenant_id, conversation_id, work_account_id, msg_type, send_side,
        content, file_url, jpeg_thumbnail, msg_time)
      select tenant_id, conversation_id, work_account_id, 3, 1, '', ${fileUrl},
        ${`${fileUrl}.thumb.jpg`}, ${ctx.deps.now() - age}
      from messages where id = ${like}
      returning id`),
  );
  return Number(r!.id);
}

/** A stored file (its thumbnail and medium picture too) stored `age` ms ago. */
async function storedFile(
  key: string,
  source: 'upload' | 'media' | 'emoticon',
  age: number,
  messageId: number | null = null,
): Promise<void> {
  const storage = ctx.deps.storage;
  for (const k of [key, `${key}.thumb.jpg`, `${key}.medium.jpg`]) {
    await storage.put(k, Buffer.from(k));
  }
  await ctx.deps.db.execute(sql`
    insert into stored_files (tenant_id, key, size, mime, kind, thumb_key, source, message_id,
      created_at)
    values (${tenantId}, ${key}, 10, 'image/jpeg', 'image', ${`${key}.thumb.jpg`}, ${source},
      ${messageId}, to_timestamp(${(ctx.deps.now() - age) / 1000}))`);
}

describe('retention', () => {
  it('deletes exactly the messages and files older than the limit, rollups kept', async () => {
    const now = ctx.deps.now();
    // Ages: the first three are past 30 days, one just inside, the rest recent.
    const ages = ids.map((_, i) => (i < 3 ? 40 * DAY + i : i === 3 ? 30 * DAY - 60_000 : DAY));
    for (const [i, id] of ids.entries()) {
      await ctx.deps.db.execute(
        sql`update messages set msg_time = ${now - ages[i]!} where id = ${id}`,
      );
    }
    // The two chats of the messages (peers wxid_keep0 and wxid_keep1) and their upload folders.
    const chats = rowsOf<{ work_wxid: string; peer_id: string }>(
      await ctx.deps.db.execute(sql`
        select c.work_wxid, c.peer_id from messages m join conversations c on c.id = m.conversation_id
        where m.id in (${ids[0]!}, ${ids[1]!}) order by m.id`),
    );
    const user = randomUUID();
    const folder = (c: { work_wxid: string; peer_id: string }) =>
      `t/${tenantId}/u/${user}/${uploadKeySegment(c.work_wxid)}/${uploadKeySegment(c.peer_id)}/20250101`;
    const k = {
      /** Sent in the first chat 40 days ago: goes with its message. */
      sentOld: `${folder(chats[0]!)}/1-old.jpg`,
      /** Sent there too, and forwarded yesterday: a message kept shows it. */
      sentForwarded: `${folder(chats[0]!)}/2-fwd.jpg`,
      /** Sent there yesterday. */
      sentNew: `${folder(chats[0]!)}/3-new.jpg`,
      /** Uploaded in the second chat, shown by an old message of the first. */
      otherChat: `${folder(chats[1]!)}/4-other.jpg`,
      /** Library files an old message showed: a robot's reply, a material, an emoticon. */
      robot: `t/${tenantId}/u/${user}/robot/reply/20250101/5-r.jpg`,
      material: `t/${tenantId}/material/${randomUUID()}.jpg`,
      emoticon: `t/${tenantId}/emoticons/${user}/e.jpg`,
      /** Received files cached: of an old message, of an old one forwarded, of a recent one. */
      mediaOld: `t/${tenantId}/media/${ids[0]!}-old.jpg`,
      mediaForwarded: `t/${tenantId}/media/${ids[1]!}-fwd.jpg`,
      mediaNew: `t/${tenantId}/media/${ids.at(-1)!}-new.jpg`,
      /** Cached 40 days ago for a message gone since. */
      mediaOrphan: `t/${tenantId}/media/999999-orphan.jpg`,
    };
    const old = 40 * DAY;
    for (const key of [k.sentOld, k.sentForwarded, k.otherChat, k.robot]) {
      await storedFile(key, 'upload', old);
    }
    await storedFile(k.sentNew, 'upload', DAY);
    await storedFile(k.material, 'upload', old);
    await storedFile(k.emoticon, 'emoticon', old);
    await storedFile(k.mediaOld, 'media', old, ids[0]!);
    await storedFile(k.mediaForwarded, 'media', old, ids[1]!);
    await storedFile(k.mediaNew, 'media', DAY, ids.at(-1)!);
    await storedFile(k.mediaOrphan, 'media', old, 999_999_999);
    const oldSent = [];
    for (const key of [k.sentOld, k.sentForwarded, k.otherChat, k.robot, k.material]) {
      oldSent.push(await sentMessage(ids[0]!, old, ossUrl(key)));
    }
    const newSent = [
      await sentMessage(ids[1]!, DAY, ossUrl(k.sentForwarded)),
      await sentMessage(ids[1]!, DAY, ossUrl(k.mediaForwarded)),
      await sentMessage(ids[0]!, DAY, ossUrl(k.sentNew)),
      await sentMessage(ids[1]!, DAY, ossUrl(k.otherChat)),
    ];
    const before = await rollups();

    // No limit set: nothing goes.
    expect(await runRetention(ctx.deps)).toEqual({ messages: 0, files: 0 });

    const api = apiAs(ctx, demo);
    expect((await api.post('/system-api/system/retention', { days: 30 })).data).toEqual({
      days: 30,
    });
    expect((await api.get('/system-api/system/retention')).data).toEqual({ days: 30 });
    // Batches of two: the eight old messages take four statements, the orphan its own pass.
    expect(await runRetention(ctx.deps, 2)).toEqual({ messages: 8, files: 3 });

    const all = [...ids, ...oldSent, ...newSent];
    const left = rowsOf<{ id: string }>(
      await ctx.deps.db.execute(
        sql`select id from messages where id in (${sql.join(
          all.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id`,
      ),
    ).map((r) => Number(r.id));
    expect(left).toEqual([...ids.slice(3), ...newSent]);

    // Exactly the three files went, rows and objects (thumbnail and medium picture with them).
    const gone = [k.sentOld, k.mediaOld, k.mediaOrphan];
    const rows = rowsOf<{ key: string }>(
      await ctx.deps.db.execute(
        sql`select key from stored_files where tenant_id = ${tenantId} order by key`,
      ),
    ).map((r) => r.key);
    expect(rows).toEqual(
      Object.values(k)
        .filter((key) => !gone.includes(key))
        .sort(),
    );
    const storage = ctx.deps.storage;
    for (const key of Object.values(k)) {
      for (const variant of [key, `${key}.thumb.jpg`, `${key}.medium.jpg`]) {
        expect({ variant, there: (await storage.stat(variant)) !== null }).toEqual({
          variant,
          there: !gone.includes(key),
        });
      }
    }
    expect(await rollups()).toEqual(before);
    // A second pass finds nothing more.
    expect(await runRetention(ctx.deps, 2)).toEqual({ messages: 0, files: 0 });
  });

  it('deletes chat uploads no message showed once they are older than the limit', async () => {
    const api = apiAs(ctx, demo);
    expect((await api.post('/system-api/system/retention', { days: 30 })).status).toBe(200);
    const chats = rowsOf<{ work_wxid: string; peer_id: string }>(
      await ctx.deps.db.execute(sql`
        select c.work_wxid, c.peer_id from messages m join conversations c on c.id = m.conversation_id
        where m.id in (${ids.at(-2)!}, ${ids.at(-1)!}) order by m.id`),
    );
    const user = randomUUID();
    const u = `t/${tenantId}/u/${user}`;
    const folder = (c: { work_wxid: string; peer_id: string }) =>
      `${u}/${uploadKeySegment(c.work_wxid)}/${uploadKeySegment(c.peer_id)}/20250101`;
    const k = {
      /** Uploaded into a chat 40 days ago and never sent (the composer abandoned it): goes. */
      abandoned: `${folder(chats[0]!)}/1-abandoned.jpg`,
      /** The same in the other chat: goes too. */
      abandonedOther: `${folder(chats[1]!)}/2-abandoned.jpg`,
      /** Uploaded into a chat yesterday and not sent yet: stays. */
      recent: `${folder(chats[0]!)}/3-recent.jpg`,
      /** Uploaded into a chat 40 days ago and sent yesterday: stays. */
      sentLate: `${folder(chats[0]!)}/4-late.jpg`,
      /** Into a folder no conversation of the tenant names: not a chat's, stays. */
      noChat: `${u}/${uploadKeySegment(chats[0]!.work_wxid)}/wxid_nobody/20250101/5-x.jpg`,
      /** Library uploads of the same age that no message shows: all stay. */
      robot: `${u}/robot/reply/20250101/6-r.jpg`,
      bulk: `${u}/bulk/task/20250101/7-b.jpg`,
      moment: `${u}/moments/post/20250101/8-m.jpg`,
      fans: `${u}/fans/import/20250101/9-f.xlsx`,
      tags: `${u}/tags/list/20250101/10-t.xlsx`,
      openApi: `${u}/api/${randomUUID()}.jpg`,
      material: `t/${tenantId}/material/${randomUUID()}.jpg`,
      avatar: `t/${tenantId}/avatars/${randomUUID()}.jpg`,
      emoticon: `t/${tenantId}/emoticons/${user}/e2.jpg`,
    };
    const old = 40 * DAY;
    for (const [name, key] of Object.entries(k)) {
      await storedFile(
        key,
        name === 'emoticon' ? 'emoticon' : 'upload',
        name === 'recent' ? DAY : old,
      );
    }
    await sentMessage(ids.at(-1)!, DAY, ossUrl(k.sentLate));

    expect(await runRetention(ctx.deps, 2)).toEqual({ messages: 0, files: 2 });

    const gone = [k.abandoned, k.abandonedOther];
    const rows = new Set(
      rowsOf<{ key: string }>(
        await ctx.deps.db.execute(sql`select key from stored_files where tenant_id = ${tenantId}`),
      ).map((r) => r.key),
    );
    const storage = ctx.deps.storage;
    for (const key of Object.values(k)) {
      expect({ key, row: rows.has(key) }).toEqual({ key, row: !gone.includes(key) });
      for (const variant of [key, `${key}.thumb.jpg`, `${key}.medium.jpg`]) {
        expect({ variant, there: (await storage.stat(variant)) !== null }).toEqual({
          variant,
          there: !gone.includes(key),
        });
      }
    }
    expect(await runRetention(ctx.deps, 2)).toEqual({ messages: 0, files: 0 });
  });

  it('finds the upload folder of a chat whose id holds emoji as the browser names it', async () => {
    const api = apiAs(ctx, demo);
    expect((await api.post('/system-api/system/retention', { days: 30 })).status).toBe(200);
    // Ids outside the BMP (two UTF-16 units in the browser), beside Chinese and plain ones.
    const peers = ['wxid_😀客户', '𝄞.𝄞', '🎉', '..🙂@x.y'];
    const user = randomUUID();
    const keys: string[] = [];
    for (const [i, peer] of peers.entries()) {
      const [c] = rowsOf<{ work_wxid: string }>(
        await ctx.deps.db.execute(sql`
          insert into conversations (tenant_id, work_account_id, work_wxid, talk_type, peer_id)
          select tenant_id, work_account_id, work_wxid, talk_type, ${peer} from conversations
          where id = (select conversation_id from messages where id = ${ids.at(-1)!})
          returning work_wxid`),
      );
      const key = `t/${tenantId}/u/${user}/${uploadKeySegment(c!.work_wxid)}/${uploadKeySegment(peer)}/20250101/${i}-e.jpg`;
      keys.push(key);
      await storedFile(key, 'upload', 40 * DAY);
    }
    expect(uploadKeySegment('🎉')).toBe('__');

    expect(await runRetention(ctx.deps, 2)).toEqual({ messages: 0, files: peers.length });
    const storage = ctx.deps.storage;
    for (const key of keys) {
      expect({ key, there: (await storage.stat(key)) !== null }).toEqual({ key, there: false });
    }
  });

  it('finishes on the next pass what a pass stopped while deleting files left', async () => {
    const api = apiAs(ctx, demo);
    expect((await api.post('/system-api/system/retention', { days: 30 })).status).toBe(200);
    const [chat] = rowsOf<{ work_wxid: string; peer_id: string }>(
      await ctx.deps.db.execute(sql`
        select c.work_wxid, c.peer_id from messages m join conversations c on c.id = m.conversation_id
        where m.id = ${ids.at(-1)!}`),
    );
    const folder = `t/${tenantId}/u/${randomUUID()}/${uploadKeySegment(chat!.work_wxid)}/${uploadKeySegment(chat!.peer_id)}/20250101`;
    const old = 40 * DAY;
    // Three old messages, each with a file: two sent by a seat, one received and cached.
    const sentKeys = [`${folder}/1-a.jpg`, `${folder}/2-b.jpg`];
    const messages: number[] = [];
    for (const key of sentKeys) {
      await storedFile(key, 'upload', old);
      messages.push(await sentMessage(ids.at(-1)!, old, ossUrl(key)));
    }
    messages.push(await sentMessage(ids.at(-1)!, old, '/oss-api/elsewhere.jpg'));
    const mediaKey = `t/${tenantId}/media/${messages[2]!}-in.jpg`;
    await storedFile(mediaKey, 'media', old, messages[2]!);
    const keys = [...sentKeys, mediaKey];
    const variants = (key: string) => [key, `${key}.thumb.jpg`, `${key}.medium.jpg`];

    // The pass is stopped at its second object delete, as a kill -9 would stop it.
    const real = ctx.deps.storage;
    let deletes = 0;
    const stopping: ObjectStorage = {
      kind: real.kind,
      put: (...a) => real.put(...a),
      get: (...a) => real.get(...a),
      read: (...a) => real.read(...a),
      stat: (...a) => real.stat(...a),
      async delete(key) {
        if (++deletes === 2) throw new Error('killed');
        await real.delete(key);
      },
    };
    ctx.deps.storage = stopping;
    try {
      await expect(runRetention(ctx.deps, 10)).rejects.toThrow('killed');
    } finally {
      ctx.deps.storage = real;
    }
    expect(deletes).toBe(2);

    // Nothing is left behind: a file whose objects went partly still has its row.
    const rowsLeft = async () =>
      new Set(
        rowsOf<{ key: string }>(
          await ctx.deps.db.execute(
            sql`select key from stored_files where key in (${sql.join(
              keys.map((key) => sql`${key}`),
              sql`, `,
            )})`,
          ),
        ).map((r) => r.key),
      );
    const first = await rowsLeft();
    for (const key of keys) {
      let objects = 0;
      for (const v of variants(key)) if (await real.stat(v)) objects++;
      expect({ key, orphan: objects > 0 && !first.has(key) }).toEqual({ key, orphan: false });
    }

    // The next pass deletes the rest: the messages, the rows, every object.
    const again = await runRetention(ctx.deps, 10);
    expect(again.messages).toBe(3);
    expect(await rowsLeft()).toEqual(new Set());
    for (const key of keys) {
      for (const v of variants(key))
        expect({ v, there: !!(await real.stat(v)) }).toEqual({ v, there: false });
    }
    const left = rowsOf<{ id: string }>(
      await ctx.deps.db.execute(
        sql`select id from messages where id in (${sql.join(
          messages.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
    expect(left).toEqual([]);
  });

  it('is a manager setting: a seat may not change it, nor a bad value be saved', async () => {
    const { seat1 } = await signInAs(ctx, 'seat1');
    const seat = await apiAs(ctx, seat1).post('/system-api/system/retention', { days: 1 });
    expect(seat.status).toBe(403);
    const bad = await apiAs(ctx, demo).post('/system-api/system/retention', { days: 0 });
    expect(bad.status).toBe(400);
  });
});
