import { cleanup, render } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { buildConv, buildMessage } from '../conversations/store/testFactories.ts';
import { bubbleFor } from '../conversations/chat/bubbles.tsx';
import { fromServer } from '../conversations/store/inboxChanges.ts';

const conv = buildConv('weixin');
const at = Date.UTC(2026, 10, 20, 6, 30, 5);
const notice = fromServer(
  buildMessage(conv, 1, {
    msgType: 23,
    content: JSON.stringify({
      ip: '183.14.22.9',
      createdAt: at,
      address: '广东 深圳',
      reason: '新设备登录',
      agent: 'iPad 微信 8.0.50',
    }),
    msg_text: '新设备登录 广东 深圳 183.14.22.9',
  }),
);

const fields = (c: HTMLElement) =>
  [...c.querySelectorAll('[data-field]')].map((f) => [
    f.querySelector('dt')!.textContent,
    f.querySelector('dd')!.textContent,
  ]);

describe('login notice bubble', () => {
  afterEach(cleanup);

  it('shows the five fields labelled in Chinese and in English', async () => {
    await i18n.changeLanguage('zh-CN');
    const Bubble = bubbleFor(23);
    const zh = render(<Bubble message={notice} />);
    expect(zh.getByTestId('bubble-login-notice').textContent).toContain('登录提醒');
    const time = dayjs(at).format('YYYY-MM-DD HH:mm:ss');
    expect(fields(zh.container)).toEqual([
      ['登录时间', time],
      ['IP 地址', '183.14.22.9'],
      ['登录地点', '广东 深圳'],
      ['原因', '新设备登录'],
      ['登录设备', 'iPad 微信 8.0.50'],
    ]);
    cleanup();
    await i18n.changeLanguage('en');
    const en = render(<Bubble message={notice} />);
    expect(fields(en.container).map((f) => f[0])).toEqual([
      'Time',
      'IP address',
      'Location',
      'Reason',
      'Device',
    ]);
    await i18n.changeLanguage('zh-CN');
  });

  it('shows the region code of a known platform server, nothing for an unknown one', async () => {
    await i18n.changeLanguage('zh-CN');
    const Bubble = bubbleFor(23);
    const withServer = (server: string) => ({
      ...notice,
      content: JSON.stringify({ ...JSON.parse(notice.content), server }),
    });
    const zh = render(<Bubble message={withServer('gz1.im.example.net')} />);
    expect(fields(zh.container).at(-1)).toEqual(['服务器区域', 'gz1 广州一区']);
    cleanup();
    await i18n.changeLanguage('en');
    const en = render(<Bubble message={withServer('https://szshort.weixin.qq.com:443')} />);
    expect(fields(en.container).at(-1)).toEqual(['Server region', 'sz1 Shenzhen 1']);
    cleanup();
    const unknown = render(<Bubble message={withServer('mystery.example.net')} />);
    expect(fields(unknown.container).map((f) => f[0])).not.toContain('Server region');
    expect(unknown.container.querySelector('[data-field="region"]')).toBeNull();
    await i18n.changeLanguage('zh-CN');
  });

  it('falls back to the preview text when the content cannot be read', () => {
    const Bubble = bubbleFor(23);
    const r = render(<Bubble message={{ ...notice, content: '{broken' }} />);
    expect(r.queryByTestId('bubble-login-notice')).toBeNull();
    expect(r.getByTestId('bubble-unreadable').textContent).toBe(notice.msg_text);
  });
});
