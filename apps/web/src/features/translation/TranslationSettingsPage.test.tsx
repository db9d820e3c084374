import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { translationApi } from './api.ts';
import { TranslationSettingsPage } from './TranslationSettingsPage.tsx';

const saved = {
  provider: 'deepl' as const,
  baseUrl: null,
  appId: null,
  model: null,
  region: null,
  keyHint: 'dl-****1234',
  platformDefault: true,
};

function mount() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <App>
          <TranslationSettingsPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the 翻译服务 settings page', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the saved key masked, tests and saves without sending a key left empty', async () => {
    vi.spyOn(translationApi, 'settings').mockResolvedValue(saved);
    const test = vi
      .spyOn(translationApi, 'testSettings')
      .mockResolvedValue({ languages: 31, sample: 'Hello, world' });
    const save = vi.spyOn(translationApi, 'saveSettings').mockResolvedValue(saved);
    mount();
    expect(await screen.findByText('当前使用：DeepL')).toBeTruthy();
    // The key's field follows the form's provider, a moment after the saved settings show.
    expect(await screen.findByText('已保存的密钥：dl-****1234；留空则保持不变')).toBeTruthy();
    expect(screen.queryByTestId('translation-appId')).toBeNull();
    fireEvent.click(screen.getByTestId('translation-test'));
    expect((await screen.findByTestId('translation-test-ok')).textContent).toContain(
      '支持 31 种语言',
    );
    expect(test).toHaveBeenCalledWith({ provider: 'deepl' });
    fireEvent.change(screen.getByTestId('translation-baseUrl'), {
      target: { value: 'https://deepl.example.com' },
    });
    fireEvent.click(screen.getByTestId('translation-save'));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        provider: 'deepl',
        baseUrl: 'https://deepl.example.com',
      }),
    );
  }, 20_000);

  it('offers the AI service as a provider, with nothing to enter and a way to its settings', async () => {
    vi.spyOn(translationApi, 'settings').mockResolvedValue({
      ...saved,
      provider: 'ai',
      keyHint: null,
    });
    const save = vi.spyOn(translationApi, 'saveSettings').mockResolvedValue(saved);
    mount();
    expect(await screen.findByText('当前使用：AI 服务（同 设置 › AI 服务）')).toBeTruthy();
    expect((await screen.findByTestId('translation-ai-hint')).textContent).toContain(
      '计入 AI 用量',
    );
    expect(screen.getByRole('link', { name: '前往 AI 服务设置' }).getAttribute('href')).toBe(
      '/settings/ai',
    );
    expect(screen.queryByTestId('translation-apiKey')).toBeNull();
    expect(screen.queryByTestId('translation-baseUrl')).toBeNull();
    fireEvent.click(screen.getByTestId('translation-save'));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ provider: 'ai' }));
  }, 20_000);
});
