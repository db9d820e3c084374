import { beforeAll, describe, expect, it } from 'vitest';
import type { BusinessHoursItem, BusinessStatus } from '@cst/shared';
import { useStartedServer, type Session } from '../../../test/support.ts';
import { addAccount, apiAs, signIn, type ListedAccount } from '../accounts/account.test-support.ts';
import { zonedTime } from './business-hours.ts';
import {
  chatOf,
  otherTenant,
  receivedBy,
  say,
  settle,
  waitReceived,
} from './robots.test-support.ts';

// Issue 31 §6: business hours per account group in the tenant's zone; a contact who writes out
// of hours gets the reply once per off period (holidays closed), as a robot message.

const clock = { offset: 0 };
const server = useStartedServer({
  accounts: { simulator: { loginDelayMs: 20 } },
  scheduler: { pollMs: 100 },
  now: () => Date.now() + clock.offset,
});
let demo: Session;
let other: Session;
let acc: ListedAccount;
const SH = 'Asia/Shanghai';
const nineToSix = { from: 9 * 60, to: 18 * 60 };
const weekdays = [[], [nineToSix], [nineToSix], [nineToSix], [nineToSix], [nineToSix], []];
const REPLY = '您好，现在是非工作时间，我们 9:00 上班后回复您';

/** Sets the server's clock to a local time of a zone (it runs on from there). */
function at(y: number, m: number, d: number, hh: number, mm: number, tz = SH) {
  clock.offset = zonedTime(y, m, d, hh * 60 + mm, tz) - Date.now();
}

const api = (s: Session = demo) => apiAs(server, s);
const status = async (peer: string) =>
  (
    await api().post<BusinessStatus>('/main-api/conv/business-status', {
      index_name: `1__${peer}__${acc.wxid}`,
    })
  ).data;
const replies = async (peer: string) =>
  (await receivedBy(server, demo, acc.wxid, peer)).map((m) => m.content);

beforeAll(async () => {
  demo = await signIn(server, 'demo');
  other = await otherTenant(server);
  acc = await addAccount(server, demo, { nickname: '营业时间号' });
  await api().post('/sim-api/config', { trafficPerMinute: 0, failRate: 0 });
  const saved = await api().post<BusinessHoursItem>('/task-api/business-hours/save', {
    enabled: true,
    week: weekdays,
    holidays: ['2026-12-08'],
    reply: REPLY,
  });
  expect(saved.status, saved.message).toBe(200);
  expect(saved.data).toMatchObject({ own: true, timeZone: SH, accountGroupId: null });
});

describe('business hours', () => {
  it('replies once per off period, not in hours, holidays closed', async () => {
    const peer = 'wxid_bh_peer_1';
    // Saturday noon: off since Friday 18:00.
    at(2026, 12, 5, 12, 0);
    await say(server, demo, acc.wxid, peer, '在吗');
    expect(await waitReceived(server, demo, acc.wxid, peer, 1)).toHaveLength(1);
    await say(server, demo, acc.wxid, peer, '有人吗？');
    await settle(server);
    expect(await replies(peer)).toEqual([REPLY]);
    const chat = await chatOf(server, demo, acc.wxid, peer);
    expect(chat.find((m) => m.content === REPLY)).toMatchObject({ robot: true, sendSide: 1 });
    expect(await status(peer)).toEqual({
      outOfHours: true,
      opensAt: zonedTime(2026, 12, 7, 9 * 60, SH),
      replied: true,
    });

    // Monday 07:00: still the same off period.
    at(2026, 12, 7, 7, 0);
    await say(server, demo, acc.wxid, peer, '早');
    await settle(server);
    expect(await replies(peer)).toEqual([REPLY]);

    // Monday 10:00: open, no reply.
    at(2026, 12, 7, 10, 0);
    await say(server, demo, acc.wxid, peer, '上班了吗');
    await settle(server);
    expect(await replies(peer)).toEqual([REPLY]);
    expect(await status(peer)).toEqual({ outOfHours: false, opensAt: null, replied: false });

    // Monday 19:00: a new off period, a new reply.
    at(2026, 12, 7, 19, 0);
    await say(server, demo, acc.wxid, peer, '下班了？');
    expect(await waitReceived(server, demo, acc.wxid, peer, 2)).toHaveLength(2);

    // Tuesday 10:00 is a holiday: the period from Monday 18:00 runs on, no third reply.
    at(2026, 12, 8, 10, 0);
    await say(server, demo, acc.wxid, peer, '今天休息吗');
    await settle(server);
    expect(await replies(peer)).toEqual([REPLY, REPLY]);
    expect((await status(peer)).opensAt).toBe(zonedTime(2026, 12, 9, 9 * 60, SH));
  });

  it('counts hours in the tenant’s time zone', async () => {
    const peer = 'wxid_bh_peer_tz';
    // Monday 10:00 in Shanghai is Sunday 21:00 in New York.
    at(2026, 12, 14, 10, 0);
    await say(server, demo, acc.wxid, peer, 'hi');
    await settle(server);
    expect(await replies(peer)).toEqual([]);
    const tz = await api().post('/main-api/statistics/time-zone', { timeZone: 'America/New_York' });
    expect(tz.status, tz.message).toBe(200);
    await say(server, demo, acc.wxid, peer, 'hello?');
    expect(await waitReceived(server, demo, acc.wxid, peer, 1)).toHaveLength(1);
    await api().post('/main-api/statistics/time-zone', { timeZone: SH });
  });

  it('uses an account group’s own hours before the default', async () => {
    const g = await api().post<{ id: string }>('/main-api/acc/group/add', { name: '夜班组' });
    expect(g.status, g.message).toBe(200);
    const inherited = await api().post<BusinessHoursItem>('/task-api/business-hours/get', {
      accountGroupId: g.data.id,
    });
    expect(inherited.data).toMatchObject({ own: false, reply: REPLY });
    const night = await api().post<BusinessHoursItem>('/task-api/business-hours/save', {
      accountGroupId: g.data.id,
      enabled: true,
      week: Array.from({ length: 7 }, () => [{ from: 0, to: 8 * 60 }]),
      reply: '夜班组：白天不在线',
    });
    expect(night.status, night.message).toBe(200);
    const moved = await api().post('/main-api/acc/move-group', {
      wxids: [acc.wxid],
      groupId: g.data.id,
    });
    expect(moved.status, moved.message).toBe(200);
    const peer = 'wxid_bh_peer_group';
    at(2026, 12, 16, 12, 0);
    await say(server, demo, acc.wxid, peer, '中午好');
    expect((await waitReceived(server, demo, acc.wxid, peer, 1))[0]?.content).toBe(
      '夜班组：白天不在线',
    );
    // Another tenant cannot read or write this group's hours.
    const theirs = await api(other).post('/task-api/business-hours/get', {
      accountGroupId: g.data.id,
    });
    expect(theirs.status).toBe(404);
  });

  it('refuses bad settings with a clear message', async () => {
    const bad = await api().post('/task-api/business-hours/save', {
      enabled: true,
      week: [[{ from: 600, to: 500 }], [], [], [], [], [], []],
      reply: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('营业时段的结束时间须晚于开始时间');
    const noReply = await api().post('/task-api/business-hours/save', {
      enabled: true,
      week: weekdays,
      reply: '',
    });
    expect(noReply.status).toBe(400);
    expect(noReply.message).toContain('请填写非营业时间的自动回复');
  });
});
