import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UPLOAD_SLICE_BYTES } from '@cst/shared';
import { login, useTestServer, type Session } from '../../../test/support.ts';
import { buildTenant, buildUser } from '../../../test/factories.ts';
import { rowsOf } from '../../platform/db.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { chatKey, ossToken, pdfOf, slicer } from './files.test-support.ts';
import { openSliceUpload } from './slice-uploads.repository.ts';
import { SLICE_UPLOAD_MAX_AGE_MS, sweepSliceUploads } from './slice-uploads.ts';

const MB = UPLOAD_SLICE_BYTES;
const HOUR = 3_600_000;

/** Where the slices of an upload are kept (slice-uploads.ts: one folder per user, key, size). */
function folderOf(s: Session, key: string, size: number): string {
  const id = createHash('sha256').update(`${key}\n${size}`).digest('hex').slice(0, 32);
  return `slices/${s.tenantId}/${s.uid}/${id}/`;
}

describe('unfinished sliced uploads', () => {
  const ctx = useTestServer();

  /** A fresh person of a fresh tenant (the caps are per person and per tenant). */
  async function person(): Promise<Session> {
    return login(ctx, (await buildTenant(ctx)).manager.username);
  }

  async function openRows(s: Session): Promise<string[]> {
    return rowsOf<{ key: string }>(
      await ctx.deps.db.execute(
        sql`select key from slice_uploads where user_id = ${s.uid} order by key`,
      ),
    ).map((r) => r.key);
  }

  it('removes the slices of uploads untouched for a day, keeps fresh and completed ones', async () => {
    expect(SLICE_UPLOAD_MAX_AGE_MS).toBe(24 * HOUR);
    const me = await person();
    const token = await ossToken(ctx, me);
    const up = slicer(ctx, me);
    const file = pdfOf(2 * MB + 100);
    // Left after its first slice.
    const stale = chatKey(token, 'pdf');
    expect((await up.put(stale, file.length, 0, file.subarray(0, MB))).status).toBe(200);
    // Sent whole.
    const done = chatKey(token, 'pdf');
    const small = pdfOf(5000);
    expect((await up.put(done, small.length, 0, small)).status).toBe(200);
    const completed = await up.complete(done, small.length);
    expect(completed.status, completed.message).toBe(200);
    // 23 hours later another file starts; an hour and a half after that the sweep runs.
    ctx.clock.offset += 23 * HOUR;
    const fresh = chatKey(token, 'pdf');
    expect((await up.put(fresh, file.length, 1, file.subarray(MB, 2 * MB))).status).toBe(200);
    ctx.clock.offset += 1.5 * HOUR;

    expect(await sweepSliceUploads(ctx.deps)).toBe(1);
    const storage = ctx.deps.storage;
    expect(await storage.stat(`${folderOf(me, stale, file.length)}0`)).toBeNull();
    expect((await up.status(stale, file.length)).data.received).toEqual([]);
    expect((await up.status(fresh, file.length)).data.received).toEqual([1]);
    expect(await openRows(me)).toEqual([fresh.replace(/^incoming\//, '')]);
    // The completed file is still served.
    const served = await ctx.app.inject({
      method: 'GET',
      url: completed.data.url,
      headers: me.headers,
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(small)).toBe(true);
    // A second pass finds nothing; the swept upload can start again.
    expect(await sweepSliceUploads(ctx.deps)).toBe(0);
    expect((await up.put(stale, file.length, 0, file.subarray(0, MB))).data.received).toEqual([0]);
  });

  it('caps what one person leaves unfinished: 20 files, 200 MB, in both languages', async () => {
    const me = await person();
    const token = await ossToken(ctx, me);
    const up = slicer(ctx, me);
    const small = pdfOf(3000);
    const keys: string[] = [];
    for (let i = 0; i < 20; i++) {
      const key = chatKey(token, 'pdf');
      keys.push(key);
      expect((await up.put(key, small.length, 0, small)).status).toBe(200);
    }
    const more = chatKey(token, 'pdf');
    const refused = await up.put(more, small.length, 0, small);
    expect(refused).toMatchObject({
      status: 429,
      message:
        '未完成的上传过多（每人最多 20 个、共 200M），请先完成正在进行的上传；超过 24 小时未继续的上传会被自动清除',
    });
    expect((await slicer(ctx, me, 'en').put(more, small.length, 0, small)).message).toBe(
      'Too many unfinished uploads (at most 20 files and 200M per person): finish the ones ' +
        'under way first; uploads left for 24 hours are removed automatically',
    );
    // Nothing of the refused upload was kept.
    expect(await ctx.deps.storage.stat(`${folderOf(me, more, small.length)}0`)).toBeNull();
    // An open upload goes on; another person of the same tenant is not held back.
    expect((await up.put(keys[0]!, small.length, 0, small)).status).toBe(200);
    expect((await up.complete(keys[1]!, small.length)).status).toBe(200);
    expect((await up.put(more, small.length, 0, small)).status).toBe(200);
    expect((await up.put(chatKey(token, 'pdf'), small.length, 0, small)).status).toBe(429);
    const colleague = await login(
      ctx,
      (await buildUser(ctx, { tenantId: me.tenantId, role: 'manager' })).username,
    );
    const theirs = chatKey(await ossToken(ctx, colleague), 'pdf');
    expect((await slicer(ctx, colleague).put(theirs, small.length, 0, small)).status).toBe(200);
    // Once the sweep took the abandoned ones, new uploads are welcome again.
    ctx.clock.offset += SLICE_UPLOAD_MAX_AGE_MS + HOUR;
    expect(await sweepSliceUploads(ctx.deps)).toBeGreaterThanOrEqual(21);
    expect(await openRows(me)).toEqual([]);

    // Bytes: eight 25 MB files are open (their declared sizes count), a ninth is refused.
    const big = 25 * MB;
    for (let i = 0; i < 8; i++) {
      const r = await up.put(chatKey(token, 'pdf'), big, 0, pdfOf(MB));
      expect(r.status, r.message).toBe(200);
    }
    expect((await up.put(chatKey(token, 'pdf'), big, 0, pdfOf(MB))).status).toBe(429);
    expect((await up.put(chatKey(token, 'pdf'), small.length, 0, small)).status).toBe(429);
  });

  it("caps a tenant's unfinished bytes across its people", async () => {
    const { tenant } = await buildTenant(ctx);
    const limits = { perUser: { uploads: 5, bytes: 100 }, perTenant: { bytes: 150 } };
    const open = (user: string, folder: string, size: number) =>
      openSliceUpload(
        ctx.deps.db,
        { folder, tenantId: tenant.id, userId: user, key: `${folder}f.pdf`, size, count: 1 },
        ctx.deps.now(),
        limits,
      );
    const [a, b] = [randomUUID(), randomUUID()];
    expect(await open(a, `slices/x/${a}/1/`, 80)).toBeNull();
    expect(await open(a, `slices/x/${a}/2/`, 30)).toBe('user');
    expect(await open(b, `slices/x/${b}/1/`, 71)).toBe('tenant');
    expect(await open(b, `slices/x/${b}/1/`, 70)).toBeNull();
    // An open upload is touched, never refused.
    expect(await open(a, `slices/x/${a}/1/`, 80)).toBeNull();
  });

  it('leaves no slice without its row when a sweep is killed midway', async () => {
    // What the tests before left open goes first.
    ctx.clock.offset += SLICE_UPLOAD_MAX_AGE_MS + HOUR;
    await sweepSliceUploads(ctx.deps);
    const me = await person();
    const token = await ossToken(ctx, me);
    const up = slicer(ctx, me);
    const file = pdfOf(2 * MB + 7);
    const keys = [chatKey(token, 'pdf'), chatKey(token, 'pdf'), chatKey(token, 'pdf')];
    for (const key of keys) {
      expect((await up.put(key, file.length, 0, file.subarray(0, MB))).status).toBe(200);
      expect((await up.put(key, file.length, 1, file.subarray(MB, 2 * MB))).status).toBe(200);
    }
    ctx.clock.offset += SLICE_UPLOAD_MAX_AGE_MS + HOUR;

    // The pass is stopped at its fourth object delete (the second upload's), as kill -9 would.
    const real = ctx.deps.storage;
    let deletes = 0;
    const stopping: ObjectStorage = {
      kind: real.kind,
      put: (...a) => real.put(...a),
      get: (...a) => real.get(...a),
      read: (...a) => real.read(...a),
      stat: (...a) => real.stat(...a),
      async delete(key) {
        if (++deletes === 4) throw new Error('killed');
        await real.delete(key);
      },
    };
    ctx.deps.storage = stopping;
    try {
      await expect(sweepSliceUploads(ctx.deps)).rejects.toThrow('killed');
    } finally {
      ctx.deps.storage = real;
    }
    const rows = new Set(await openRows(me));
    for (const key of keys) {
      const folder = folderOf(me, key, file.length);
      const objects = (await real.stat(`${folder}0`)) || (await real.stat(`${folder}2`));
      const left = !!objects || !!(await real.stat(`${folder}1`));
      const row = rows.has(key.replace(/^incoming\//, ''));
      expect({ key, orphan: left && !row }).toEqual({ key, orphan: false });
    }
    expect(rows.size).toBeGreaterThan(0);

    // The next pass removes the rest.
    expect(await sweepSliceUploads(ctx.deps)).toBe(rows.size);
    expect(await openRows(me)).toEqual([]);
    for (const key of keys) {
      for (const i of [0, 1, 2]) {
        const slice = `${folderOf(me, key, file.length)}${i}`;
        expect({ slice, there: !!(await real.stat(slice)) }).toEqual({ slice, there: false });
      }
    }
  });
});
