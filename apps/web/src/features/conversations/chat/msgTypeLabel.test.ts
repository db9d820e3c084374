import { describe, expect, it } from 'vitest';
import { messagePreview, MSG_TYPES } from '@cst/shared';
import { buildResources } from '../../../i18n/resources.ts';
import { previewLine, typeLabelKey } from './msgTypeLabel.ts';
import { deliveryState } from '../store/messageStatus.ts';
import { titleWithUnread } from '../list/useUnreadTitle.ts';

const res = buildResources();
const lookup =
  (lang: 'zh-CN' | 'en') =>
  (key: string, options: Record<string, unknown> = {}) =>
    (
      key
        .split('.')
        .reduce<unknown>(
          (o, k) => (o as Record<string, unknown>)[k],
          res[lang].translation,
        ) as string
    ).replace(/\{(\w+)\}/g, (_, name: string) => String(options[name]));

describe('message type labels', () => {
  it('prefix every non-text type in both languages', () => {
    for (const type of MSG_TYPES) {
      const key = typeLabelKey(type);
      if (type === 1 || type === 19 || type === 99) expect(key).toBeNull();
      else {
        expect(lookup('zh-CN')(key!)).toMatch(/^\[.+\]$/);
        expect(lookup('en')(key!)).toMatch(/^\[.+\]$/);
      }
    }
    expect(typeLabelKey(77)).toBe('inbox.type.unknown');
  });

  it("names an unknown type '未知消息类型' as SPEC §8 words it, without brackets", () => {
    expect(previewLine(77, '', lookup('zh-CN'))).toBe('未知消息类型');
    expect(previewLine(77, '', lookup('en'))).toBe('Unknown message type');
    expect(lookup('zh-CN')('inbox.type.loginNotice')).toBe('[登录提醒]');
  });

  it('builds the preview from the label and msg_text', () => {
    const t = lookup('zh-CN');
    expect(previewLine(2, '', t)).toBe('[图片]');
    expect(previewLine(3, '合同.pdf', t)).toBe('[文件] 合同.pdf');
    expect(previewLine(1, '你好[微笑]', t)).toBe('你好🙂');
    expect(previewLine(null, '', t)).toBe('');
    expect(previewLine(18, '人民广场', lookup('en'))).toBe('[Location] 人民广场');
  });

  it('gives every message type a readable preview in both languages, from content to list', () => {
    const json = (v: unknown) => JSON.stringify(v);
    const cases: [number, string, string | null, string, string][] = [
      [1, '你好', null, '你好', '你好'],
      [2, '', null, '[图片]', '[Image]'],
      [3, '', '报价单.xlsx', '[文件] 报价单.xlsx', '[File] 报价单.xlsx'],
      [4, '', null, '[表情]', '[Sticker]'],
      [5, '', null, '[视频]', '[Video]'],
      [6, '', null, '[语音]', '[Voice]'],
      [
        7,
        json({ result: 'ended', durationSec: 83 }),
        null,
        '[语音通话] 通话时长 1:23',
        '[Voice call] Duration 1:23',
      ],
      [
        7,
        json({ result: 'missed', durationSec: 0 }),
        null,
        '[语音通话] 未接听',
        '[Voice call] Missed',
      ],
      [
        8,
        json({ result: 'rejected', durationSec: 0 }),
        null,
        '[视频通话] 已拒绝',
        '[Video call] Declined',
      ],
      [
        8,
        json({ result: 'cancelled', durationSec: 0 }),
        null,
        '[视频通话] 已取消',
        '[Video call] Cancelled',
      ],
      [
        9,
        json({ wxid: 'w', nickname: '王小明', avatar: '' }),
        null,
        '[名片] 王小明',
        '[Contact card] 王小明',
      ],
      [10, json({ title: '新品', description: '', url: 'u' }), null, '[链接] 新品', '[Link] 新品'],
      [
        14,
        json({ title: '领礼包', appId: 'a', appName: 'n', pagePath: 'p' }),
        null,
        '[小程序] 领礼包',
        '[Mini program] 领礼包',
      ],
      [
        15,
        json({ title: '早报', description: '', url: 'u' }),
        null,
        '[公众号文章] 早报',
        '[Article] 早报',
      ],
      [
        16,
        json({ title: '恭喜发财', amountCents: null }),
        null,
        '[红包] 恭喜发财',
        '[Red packet] 恭喜发财',
      ],
      [
        17,
        json({ money: '88.00', paySubType: 1, transferId: 't' }),
        null,
        '[转账] ¥88.00',
        '[Transfer] ¥88.00',
      ],
      [
        18,
        json({ latitude: 1, longitude: 2, label: 'l', poiName: '海岸城' }),
        null,
        '[位置] 海岸城',
        '[Location] 海岸城',
      ],
      [
        19,
        json({ content: '好的', refMsgId: '1', refContent: 'x', displayName: 'y' }),
        null,
        '好的',
        '好的',
      ],
      [20, json({ title: '开箱', authorName: 'a' }), null, '[视频号] 开箱', '[Channel video] 开箱'],
      [
        21,
        json({ title: '聊天记录', items: [] }),
        null,
        '[聊天记录] 聊天记录',
        '[Chat record] 聊天记录',
      ],
      [
        22,
        json({ title: '[投票] 去哪儿', appName: '群投票' }),
        null,
        '[应用消息] [投票] 去哪儿',
        '[App message] [投票] 去哪儿',
      ],
      [
        23,
        json({ ip: '1.2.3.4', createdAt: 1, address: '深圳', reason: '新设备登录', agent: 'a' }),
        null,
        '[登录提醒] 新设备登录 深圳 1.2.3.4',
        '[Login notice] 新设备登录 深圳 1.2.3.4',
      ],
      [99, '对方撤回了一条消息', null, '对方撤回了一条消息', '对方撤回了一条消息'],
      [42, json({ title: 'x' }), null, '未知消息类型', 'Unknown message type'],
    ];
    for (const [type, content, fileName, zh, en] of cases) {
      const stored = messagePreview(type, content, fileName);
      expect(previewLine(type, stored, lookup('zh-CN')), `type ${type}`).toBe(zh);
      expect(previewLine(type, stored, lookup('en')), `type ${type}`).toBe(en);
    }
    expect(new Set(cases.map((c) => c[0]))).toEqual(new Set([...MSG_TYPES, 42]));
  });

  it('reads a raw JSON preview stored before previews were made from the content', () => {
    const raw = JSON.stringify({ result: 'ended', durationSec: 5 });
    expect(previewLine(7, raw, lookup('zh-CN'))).toBe('[语音通话] 通话时长 0:05');
    expect(previewLine(17, JSON.stringify({ money: '1.00' }), lookup('zh-CN'))).toBe(
      '[转账] ¥1.00',
    );
  });
});

describe('delivery state', () => {
  const base = { sendOk: false, deliveryOK: false, readOK: false, failed: false };
  it('goes sending → sent → delivered → read, and failed wins', () => {
    expect(deliveryState(base)).toBe('sending');
    expect(deliveryState({ ...base, sendOk: true })).toBe('sent');
    expect(deliveryState({ ...base, sendOk: true, deliveryOK: true })).toBe('delivered');
    expect(deliveryState({ ...base, sendOk: true, deliveryOK: true, readOK: true })).toBe('read');
    expect(deliveryState({ ...base, sendOk: true, failed: true })).toBe('failed');
  });
});

describe('tab title', () => {
  it('puts the unread total in front, once, and removes it at zero', () => {
    expect(titleWithUnread('私域流量管理系统 - 会话', 3)).toBe('(3) 私域流量管理系统 - 会话');
    expect(titleWithUnread('(3) 私域流量管理系统 - 会话', 5)).toBe('(5) 私域流量管理系统 - 会话');
    expect(titleWithUnread('(5) 私域流量管理系统 - 会话', 0)).toBe('私域流量管理系统 - 会话');
    expect(titleWithUnread('x', 1500)).toBe('(999+) x');
  });
});
