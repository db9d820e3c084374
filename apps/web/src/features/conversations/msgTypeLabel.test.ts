import { describe, expect, it } from 'vitest';
import { MSG_TYPES } from '@cst/shared';
import { buildResources } from '../../i18n/resources.ts';
import { previewLine, typeLabelKey } from './msgTypeLabel.ts';
import { deliveryState } from './messageStatus.ts';
import { titleWithUnread } from './useUnreadTitle.ts';

const res = buildResources();
const lookup = (lang: 'zh-CN' | 'en') => (key: string) =>
  key
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], res[lang].translation) as string;

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
