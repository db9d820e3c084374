import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { useInbox } from '../conversations/store/inboxStore.ts';
import { translationApi, useTranslateTarget } from './api.ts';
import { TranslateAssistant } from './TranslatePanel.tsx';

function mount(enabled: boolean) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(['translate', 'capability'], { enabled });
  qc.setQueryData(['translate', 'languages'], {
    list: [
      { code: 'zh', name: '中文' },
      { code: 'en', name: 'English' },
    ],
  });
  render(
    <QueryClientProvider client={qc}>
      <App>
        <TranslateAssistant />
      </App>
    </QueryClientProvider>,
  );
}

describe('the 翻译助手 panel', () => {
  beforeEach(() => {
    signInForTest(['conversation.read', 'conversation.send']);
    useTranslateTarget.setState({ target: 'en' });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    useInbox.setState({ active: null });
    useSession.setState({ token: null, expiresAt: null, user: null });
  });

  it('translates free text, then the other way with the languages swapped', async () => {
    const text = vi
      .spyOn(translationApi, 'text')
      .mockResolvedValueOnce({ text: 'Hello', source: 'zh' })
      .mockResolvedValueOnce({ text: '你好啊', source: 'en' });
    mount(true);
    fireEvent.click(screen.getByTestId('translate-assistant'));
    fireEvent.change(await screen.findByTestId('translate-panel-input'), {
      target: { value: '你好' },
    });
    fireEvent.click(screen.getByTestId('translate-panel-run'));
    await waitFor(() =>
      expect((screen.getByTestId('translate-panel-result') as HTMLTextAreaElement).value).toBe(
        'Hello',
      ),
    );
    expect(text).toHaveBeenLastCalledWith('你好', 'en', undefined);
    fireEvent.click(screen.getByTestId('translate-panel-swap'));
    expect((screen.getByTestId('translate-panel-input') as HTMLTextAreaElement).value).toBe(
      'Hello',
    );
    fireEvent.click(screen.getByTestId('translate-panel-run'));
    await waitFor(() =>
      expect((screen.getByTestId('translate-panel-result') as HTMLTextAreaElement).value).toBe(
        '你好啊',
      ),
    );
    // From English (the former target) into the language the provider detected.
    expect(text).toHaveBeenLastCalledWith('Hello', 'zh', 'en');
  }, 20_000);

  it('shows the open conversation’s auto translation, stored on the server', async () => {
    const get = vi
      .spyOn(translationApi, 'autoGet')
      .mockResolvedValue({ enabled: true, seatLang: 'zh', peerLang: 'en' });
    const set = vi
      .spyOn(translationApi, 'autoSet')
      .mockResolvedValue({ enabled: false, seatLang: null, peerLang: null });
    useInbox.setState({ active: '1__friend__work' });
    mount(true);
    fireEvent.click(screen.getByTestId('translate-assistant'));
    const sw = await screen.findByTestId('auto-translate-switch');
    await waitFor(() => expect(sw.getAttribute('aria-checked')).toBe('true'));
    expect(get).toHaveBeenCalledWith('1__friend__work');
    fireEvent.click(sw);
    await waitFor(() =>
      expect(set).toHaveBeenCalledWith({
        index_name: '1__friend__work',
        enabled: false,
        seatLang: 'zh',
        peerLang: 'en',
      }),
    );
    await waitFor(() => expect(sw.getAttribute('aria-checked')).toBe('false'));
  });

  it('says where to set a provider up when the tenant has none', async () => {
    mount(false);
    fireEvent.click(screen.getByTestId('translate-assistant'));
    expect((await screen.findByTestId('translate-panel-off')).textContent).toContain(
      '设置 → 翻译服务',
    );
    expect(screen.queryByTestId('translate-panel')).toBeNull();
  });
});
