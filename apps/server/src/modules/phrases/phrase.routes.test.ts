import { beforeAll, describe, expect, it } from 'vitest';
import type { PhraseGroupItem, PhraseItem, PhraseListResult } from '@cst/shared';
import { useTestServer, type Session } from '../../../test/support.ts';
import {
  buildOtherTenant,
  buildSeatWithRole,
  buildSignedInUser,
  signInAs,
} from '../../../test/factories.ts';
import { apiAs } from '../accounts/account.test-support.ts';

const ctx = useTestServer();
let demo: Session;
let sub: Session;
let seat1: Session;
let seat2: Session;
let other: Session;
let readOnly: Session;

const api = (s: Session = demo, lang?: string) => apiAs(ctx, s, lang);
const groups = async (s: Session) =>
  (await api(s).post<{ list: PhraseGroupItem[] }>('/main-api/phrase/group/list')).data.list;
const phrases = async (s: Session, groupId?: string) => {
  const r = await api(s).post<PhraseListResult>('/main-api/phrase/list', { groupId });
  expect(r.status, r.message).toBe(200);
  return r.data.list;
};
const addGroup = async (s: Session, name: string, shared = false) => {
  const r = await api(s).post<{ id: string }>('/main-api/phrase/group/add', { name, shared });
  expect(r.status, r.message).toBe(200);
  return r.data.id;
};
const addPhrase = async (s: Session, groupId: string, content: string) => {
  const r = await api(s).post<PhraseItem>('/main-api/phrase/add', { groupId, content });
  expect(r.status, r.message).toBe(200);
  return r.data;
};

beforeAll(async () => {
  ({ demo, seat1, seat2 } = await signInAs(ctx, 'demo', 'seat1', 'seat2'));
  sub = await buildSignedInUser(ctx, { tenantId: demo.tenantId, role: 'subAdmin' });
  other = await buildOtherTenant(ctx);
  readOnly = await buildSeatWithRole(ctx, demo, {
    roleName: '只读话术',
    permissions: ['conversation.read'],
  });
});

describe('phrase groups', () => {
  it("asks for a group first: 'create phrase group first'", async () => {
    const r = await api(seat1, 'en').post('/main-api/phrase/add', { content: '您好' });
    expect(r.status).toBe(409);
    expect(r.message).toBe('Create a phrase group first');
    const zh = await api(seat1).post('/main-api/phrase/add', { content: '您好' });
    expect(zh.message).toBe('请先创建话术分组');
  });

  it('shows shared groups to the whole tenant and personal ones to their owner only', async () => {
    const shared = await addGroup(sub, '公司话术', true);
    const mine = await addGroup(seat1, '我的话术');
    const s1 = await groups(seat1);
    expect(s1.find((g) => g.id === shared)).toMatchObject({ shared: true, editable: false });
    expect(s1.find((g) => g.id === mine)).toMatchObject({ shared: false, editable: true });
    const s2 = await groups(seat2);
    expect(s2.some((g) => g.id === shared)).toBe(true);
    expect(s2.some((g) => g.id === mine)).toBe(false);
    // The manager sees the shared group (editable) but not the seat's personal one.
    const m = await groups(demo);
    expect(m.find((g) => g.id === shared)?.editable).toBe(true);
    expect(m.some((g) => g.id === mine)).toBe(false);
    expect(await groups(other)).toEqual([]);
  });

  it('lets only library.manage create or change shared groups (403), never another tenant (404)', async () => {
    const denied = await api(seat1).post('/main-api/phrase/group/add', {
      name: '共享',
      shared: true,
    });
    expect(denied.status).toBe(403);
    const shared = await addGroup(demo, '共享改名', true);
    expect(
      (await api(seat1).post('/main-api/phrase/group/edit', { id: shared, name: 'x' })).status,
    ).toBe(403);
    expect(
      (await api(other).post('/main-api/phrase/group/edit', { id: shared, name: 'x' })).status,
    ).toBe(404);
    expect(
      (await api(sub).post('/main-api/phrase/group/edit', { id: shared, name: '共享二' })).status,
    ).toBe(200);
    const mine = await addGroup(seat2, '座席二');
    expect((await api(seat1).post('/main-api/phrase/group/del', { id: mine })).status).toBe(404);
    expect((await api(seat2).post('/main-api/phrase/group/del', { id: mine })).status).toBe(200);
    const empty = await api(seat1, 'en').post('/main-api/phrase/group/add', { name: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('Enter a group name');
    expect((await api(readOnly).post('/main-api/phrase/group/list')).status).toBe(403);
  });
});

describe('phrases', () => {
  it('orders phrases by use, counts uses and keeps personal phrases private', async () => {
    const g = await addGroup(seat1, '常用');
    const a = await addPhrase(seat1, g, '您好，请问有什么可以帮您？');
    const b = await addPhrase(seat1, g, '稍等，我帮您查询一下');
    const c = await addPhrase(seat1, g, '感谢您的耐心等待');
    for (let i = 0; i < 3; i++) {
      expect((await api(seat1).post('/main-api/phrase/use', { id: c.id })).status).toBe(200);
    }
    const used = await api(seat1).post<{ useCount: number }>('/main-api/phrase/use', { id: b.id });
    expect(used.data.useCount).toBe(1);
    const list = await phrases(seat1, g);
    expect(list.map((p) => p.id)).toEqual([c.id, b.id, a.id]);
    expect(list[0]).toMatchObject({ useCount: 3, shared: false, editable: true });
    expect((await phrases(seat2)).some((p) => p.id === a.id)).toBe(false);
    expect((await api(seat2).post('/main-api/phrase/use', { id: a.id })).status).toBe(404);
    expect((await api(seat2).post('/main-api/phrase/list', { groupId: g })).status).toBe(404);
    expect((await api(other).post('/main-api/phrase/use', { id: a.id })).status).toBe(404);
  });

  it('lets seats use shared phrases but change only their own', async () => {
    const g = await addGroup(demo, '售后', true);
    const p = await addPhrase(demo, g, '退换货请在七天内申请');
    const seen = await phrases(seat2);
    expect(seen.find((x) => x.id === p.id)).toMatchObject({ shared: true, editable: false });
    expect((await api(seat2).post('/main-api/phrase/use', { id: p.id })).status).toBe(200);
    expect(
      (await api(seat2).post('/main-api/phrase/edit', { id: p.id, content: '改掉' })).status,
    ).toBe(403);
    expect(
      (await api(seat2).post('/main-api/phrase/add', { groupId: g, content: 'x' })).status,
    ).toBe(403);
    const del = await api(seat2).post<{ deleted: number }>('/main-api/phrase/del', { ids: [p.id] });
    expect(del.data.deleted).toBe(0);
    const edited = await api(sub).post<PhraseItem>('/main-api/phrase/edit', {
      id: p.id,
      content: '退换货请在 7 天内申请',
    });
    expect(edited.data.content).toBe('退换货请在 7 天内申请');
    const empty = await api(sub, 'en').post('/main-api/phrase/edit', { id: p.id, content: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('The phrase cannot be empty');
    const gone = await api(demo).post<{ deleted: number }>('/main-api/phrase/del', { ids: [p.id] });
    expect(gone.data.deleted).toBe(1);
  });

  it('moves a phrase only into a group the caller may change', async () => {
    const mine = await addGroup(seat1, '移动源');
    const target = await addGroup(seat1, '移动目标');
    const shared = await addGroup(demo, '不可移入', true);
    const p = await addPhrase(seat1, mine, '要移动的话术');
    const moved = await api(seat1).post<PhraseItem>('/main-api/phrase/edit', {
      id: p.id,
      groupId: target,
    });
    expect(moved.data.groupId).toBe(target);
    expect(
      (await api(seat1).post('/main-api/phrase/edit', { id: p.id, groupId: shared })).status,
    ).toBe(403);
    expect((await api(seat1).post('/main-api/phrase/edit', { id: 'x' })).status).toBe(400);
  });
});
