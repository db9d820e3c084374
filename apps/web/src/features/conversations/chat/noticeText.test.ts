import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { noticeText } from './noticeText.ts';

describe('the revoke notices of the platforms', () => {
  const text = (content: string, lang: string, revoked = true) =>
    noticeText({ content, revoked }, i18n.getFixedT(lang));

  it('are shown in English when the console is in English', () => {
    expect(text('你撤回了一条消息', 'en')).toBe('You recalled a message');
    expect(text('对方撤回了一条消息', 'en')).toBe('The other side recalled a message');
    expect(text('"张三" 撤回了一条消息', 'en')).toBe('"张三" recalled a message');
    expect(text('""撤回了一条消息', 'en')).toBe('The other side recalled a message');
    expect(text('', 'en')).toBe('A message was revoked');
  });

  it('stay as they are in Chinese, and other notices keep the platform words', () => {
    expect(text('"张三" 撤回了一条消息', 'zh-CN')).toBe('"张三" 撤回了一条消息');
    expect(text('"<b>x</b>" 撤回了一条消息', 'zh-CN')).toBe('"<b>x</b>" 撤回了一条消息');
    expect(text('张三 加入了群聊', 'en', false)).toBe('张三 加入了群聊');
    expect(text('', 'en', false)).toBe('');
  });
});
