import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupDetail, GroupItem, ListResult, WebhookDeliveriesResult } from '@cst/shared';
import { rowsOf } from '../../platform/db.ts';
import { useTestServer, type Session } from '../../../test/support.ts';
import { buildAccount, signInAs } from '../../../test/factories.ts';
import { apiAs, gatewayIdle, type ListedAccount } from '../accounts/account.test-support.ts';

// One change of a group is one `group.updated` event in the webhook log, however many times it
// is told: by the console command that made it, and again by the platform's reports of it (the
// simulator reports a rename with a notice and a group change, an invitation with a join notice
// and a group change). A change made on the platform is one event too; each further change is
// another.

const ctx = useTestServer({ allowPrivateNetwork: true });
let demo: Session;
let acc: ListedAccount;
let owned: GroupItem;
let hookId: string;

const api = () => apiAs(ctx, demo);

/** The `group.updated` deliveries in the endpoint's log (the tenant's only group changes). */
async function logged(): Promise<number> {
  const r = await api().post<WebhookDeliveriesResult>('/main-api/open/webhooks/deliveries', {
    id: hookId,
    page: 1,
    pageSize: 100,
  });
  expect(r.status, r.message).toBe(200);
  return r.data.list.filter((d) => d.event === 'group.updated').length;
}

/** The changes the recorded events of the group tell, oldest first. */
async function changes(): Promise<string[]> {
  const rows = rowsOf<{ change: string }>(
    await ctx.deps.db.execute(
      sql`select data->>'change' as change from open_events
          where event = 'group.updated' and data->>'groupId' = ${owned.groupId} order by id`,
    ),
  );
  return rows.map((r) => r.change);
}

/** Runs a console group command, then waits until the platform's reports of it are handled. */
async function command(path: string, body: Record<string, unknown>) {
  const r = await api().post(path, { workWxid: acc.wxid, groupId: owned.groupId, ...body });
  expect(r.status, r.message).toBe(200);
  await gatewayIdle(ctx);
}

beforeAll(async () => {
  ({ demo } = await signInAs(ctx, 'demo'));
  const quiet = await api().post('/sim-api/config', { trafficPerMinute: 0 });
  expect(quiet.status, quiet.message).toBe(200);
  acc = await buildAccount(ctx, demo, { nickname: '群事件号' });
  const groups = await api().get<ListResult<GroupItem>>(
    `/api/v1/group/list?pageSize=100&workWxid=${acc.wxid}`,
  );
  owned = groups.data.list.find((g) => g.myRole === 'owner')!;
  expect(owned).toBeTruthy();
  const hook = await api().post<{ id: string }>('/main-api/open/webhooks/create', {
    url: 'http://127.0.0.1:9/hook',
    events: ['group.updated'],
  });
  expect(hook.status, hook.message).toBe(200);
  hookId = hook.data.id;
});

describe('group.updated, once per change', () => {
  it('a console rename is one event, though the platform reports it twice', async () => {
    expect(await logged()).toBe(0);
    await command('/api/v1/group/edit', { name: '一次改名' });
    expect(await logged()).toBe(1);
    expect(await changes()).toEqual(['updated']);
  });

  it('a change made on the platform is one event', async () => {
    // A stranger writes in the group: the platform says they joined.
    const r = await api().post('/sim-api/inbound', {
      workWxid: acc.wxid,
      fromWxid: owned.groupId,
      talkType: 2,
      msgType: 1,
      content: '我刚进群',
      memberWxid: 'wxid_group_event_joiner',
    });
    expect(r.status, r.message).toBe(200);
    await gatewayIdle(ctx);
    expect(await logged()).toBe(2);
  });

  it('each further change is another event, and a leave is one `left`', async () => {
    await command('/api/v1/group/edit-notice', { notice: '新的群公告' });
    expect(await logged()).toBe(3);
    await command('/api/v1/group/edit', { name: '第二次改名' });
    expect(await logged()).toBe(4);
    const detail = await api().post<GroupDetail>('/chatroom/getChatRoom', {
      workWxid: acc.wxid,
      groupId: owned.groupId,
    });
    expect(detail.status, detail.message).toBe(200);
    // Reading the group changes nothing.
    await gatewayIdle(ctx);
    expect(await logged()).toBe(4);
    const member = detail.data.members.find((m) => m.wxid !== acc.wxid && m.role === 'member')!;
    await command('/api/v1/group/remove-members', { wxids: [member.wxid] });
    expect(await logged()).toBe(5);
    // An invitation is told three times: by the command, a join notice and a group change.
    const friends = await ctx.deps.runtime.gateway.listContacts(acc.wxid);
    const outsider = friends.find((f) => !detail.data.members.some((m) => m.wxid === f.wxid))!;
    await command('/api/v1/group/invite', { wxids: [outsider.wxid] });
    expect(await logged()).toBe(6);
    await command('/api/v1/group/secede', {});
    expect(await logged()).toBe(7);
    expect(await changes()).toEqual([...Array<string>(6).fill('updated'), 'left']);
  });
});
