import {
  appContent,
  callContent,
  cardContent,
  channelVideoContent,
  forwardContent,
  isMediaMsgType,
  linkContent,
  locationContent,
  loginNoticeContent,
  miniProgramContent,
  MSG_TYPE,
  MSG_TYPES,
  quoteContent,
  redPacketContent,
  transferContent,
} from '@cst/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildSim, loginAccount, useSim } from './test-support.ts';

const h = useSim({ seed: 'traffic' });
let wxid: string;

beforeAll(async () => {
  wxid = await loginAccount(h);
});

const SHAPES: Partial<Record<number, z.ZodType>> = {
  [MSG_TYPE.voiceCall]: callContent,
  [MSG_TYPE.videoCall]: callContent,
  [MSG_TYPE.card]: cardContent,
  [MSG_TYPE.link]: linkContent,
  [MSG_TYPE.miniProgram]: miniProgramContent,
  [MSG_TYPE.article]: linkContent,
  [MSG_TYPE.redPacket]: redPacketContent,
  [MSG_TYPE.transfer]: transferContent,
  [MSG_TYPE.location]: locationContent,
  [MSG_TYPE.quote]: quoteContent,
  [MSG_TYPE.channelVideo]: channelVideoContent,
  [MSG_TYPE.forward]: forwardContent,
  [MSG_TYPE.app]: appContent,
  [MSG_TYPE.loginNotice]: loginNoticeContent,
};

describe('traffic generator', () => {
  it('produces every message type of SPEC §3 with well-formed content', async () => {
    for (const msgType of MSG_TYPES) {
      h.events.length = 0;
      await h.sim.generate(wxid, msgType);
      await h.sim.idle();
      const msgs = h.of('message').filter((m) => m.msgType === msgType);
      expect(msgs.length, `type ${msgType}`).toBeGreaterThan(0);
      const m = msgs.at(-1)!;
      expect(m.workWxid).toBe(wxid);
      expect(m.msgTime).toBe(h.clock.t);
      const shape = SHAPES[msgType];
      if (shape)
        expect(shape.safeParse(JSON.parse(m.content)).success, `type ${msgType}`).toBe(true);
      if (isMediaMsgType(msgType)) {
        expect(m.file, `type ${msgType}`).not.toBeNull();
        const bytes = await h.sim.readFile(m.file!.fileId);
        expect(bytes.data.length).toBeGreaterThan(40);
      } else {
        expect(m.file).toBeNull();
      }
      if (msgType === MSG_TYPE.loginNotice) {
        // From the platform's security account, in a single chat.
        expect(m).toMatchObject({ peerId: 'weixin', talkType: 1, memberWxid: null });
      }
      if (msgType === MSG_TYPE.quote) {
        expect(m.refMsgId).toBeTruthy();
        expect(m.displayName).toBeTruthy();
      }
      if (m.talkType === 2 && msgType !== MSG_TYPE.system) expect(m.memberName).toBeTruthy();
    }
  });

  it('includes polls, transfers of every state and calls over many runs', async () => {
    const paySubTypes = new Set<number>();
    let polls = 0;
    let groupMessages = 0;
    for (let i = 0; i < 40; i++) {
      await h.sim.generate(wxid, MSG_TYPE.transfer);
      await h.sim.generate(wxid, MSG_TYPE.app);
      await h.sim.generate(wxid, MSG_TYPE.text);
    }
    await h.sim.idle();
    for (const m of h.of('message')) {
      if (m.msgType === MSG_TYPE.transfer)
        paySubTypes.add(transferContent.parse(JSON.parse(m.content)).paySubType);
      if (m.msgType === MSG_TYPE.app && appContent.parse(JSON.parse(m.content)).vote) polls += 1;
      if (m.talkType === 2) groupMessages += 1;
    }
    expect([...paySubTypes].sort()).toEqual([1, 2, 3, 4]);
    expect(polls).toBeGreaterThan(5);
    expect(groupMessages).toBeGreaterThan(3);
  });

  it('also revokes, syncs reads, sends from the phone, asks for friendship and posts moments', async () => {
    for (let i = 0; i < 400; i++) await h.sim.generate(wxid);
    await h.sim.idle();
    const names = new Set(h.events.map((e) => e.name));
    for (const n of ['message', 'revoked', 'readSync', 'friendRequest', 'moment', 'groupNotice']) {
      expect(names, n).toContain(n);
    }
    expect(h.of('message').some((m) => m.fromSelf)).toBe(true);
    expect(h.of('revoked').every((r) => !r.bySelf && r.content.includes('撤回'))).toBe(true);
    const req = h.of('friendRequest')[0]!.request;
    expect(req.status).toBe('pending');
    const listed = await h.gateway.listFriendRequests(wxid);
    expect(listed.map((r) => r.requestId)).toContain(req.requestId);
  });

  it('now and then has members join and leave, and owners post announcements or rename', async () => {
    const kinds = () => new Set(h.of('groupNotice').map((n) => n.kind));
    for (let i = 0; i < 2000; i++) {
      await h.sim.generate(wxid);
      const k = kinds();
      if (
        k.has('memberJoined') &&
        k.has('memberLeft') &&
        (k.has('announcement') || k.has('renamed'))
      )
        break;
    }
    await h.sim.idle();
    expect([...kinds()]).toEqual(expect.arrayContaining(['memberJoined', 'memberLeft']));
    expect(kinds().has('announcement') || kinds().has('renamed')).toBe(true);
    // Each notice is also a system line in the group's chat.
    for (const n of h.of('groupNotice')) {
      const line = h
        .of('message')
        .find((m) => m.peerId === n.groupId && m.msgType === MSG_TYPE.system && m.msgTime === n.at);
      expect(line, n.text).toBeDefined();
    }
  });

  it('runs in the background at the configured rate and stops at 0', async () => {
    await h.sim.setConfig({ trafficPerMinute: 3000 });
    await h.until(() => h.of('message').length >= 5, 5000);
    await h.sim.setConfig({ trafficPerMinute: 0 });
    await new Promise((r) => setTimeout(r, 100));
    await h.sim.idle();
    const count = h.events.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(h.events.length).toBe(count);
  });
});

describe('settings scopes and the traffic ceiling', () => {
  it('keeps each scope to its own rate and under the ceiling in any minute', async () => {
    const scopes = new Map<string, string>();
    const made = new Map<string, number>();
    const s = await buildSim({
      seed: 'traffic-scopes',
      options: {
        scopeOf: async (w) => scopes.get(w) ?? null,
        trafficCeilingPerMinute: 5,
        onTrafficItem: (w) => made.set(w, (made.get(w) ?? 0) + 1),
      },
    });
    try {
      const fast = await loginAccount(s);
      const slow = await loginAccount(s);
      const quiet = await loginAccount(s);
      scopes.set(fast, 'T').set(slow, 'U').set(quiet, 'V');
      // 1–3 items a tick for T, about 0.1–0.3 for U; V keeps the defaults (no traffic).
      await s.sim.setConfig({ trafficPerMinute: 6000 }, 'T');
      await s.sim.setConfig({ trafficPerMinute: 600 }, 'U');
      expect(s.sim.getConfig('T').trafficPerMinute).toBe(6000);
      expect(s.sim.getConfig('V').trafficPerMinute).toBe(0);
      expect(s.sim.getConfig().trafficPerMinute).toBe(0);
      const count = (w: string) => made.get(w) ?? 0;
      // U reaches the ceiling many ticks after T did: T never went past it meanwhile (the clock
      // stands still, so the minute never ends).
      await s.until(() => count(slow) === 5, 10_000);
      expect(count(fast)).toBe(5);
      expect(count(quiet)).toBe(0);
      // A minute later the scope may make traffic again, up to the ceiling.
      s.clock.t += 60_001;
      await s.until(() => count(fast) === 10 && count(slow) >= 6, 10_000);
      await s.until(() => count(slow) === 10, 10_000);
      expect(count(fast)).toBe(10);
    } finally {
      await s.close();
    }
  });
});
