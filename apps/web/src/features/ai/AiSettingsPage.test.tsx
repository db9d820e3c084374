import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AiSettingsView } from '@cst/shared';
import { i18n } from '../../i18n/index.ts';
import { aiApi } from './api.ts';
import { AiSettingsPage } from './AiSettingsPage.tsx';

const saved: AiSettingsView = {
  enabled: true,
  baseUrl: 'https://api.deepseek.com/v1',
  model: 'deepseek-chat',
  sttModel: null,
  apiKeyHint: 'sk-…abcd',
  monthlyTokenBudget: 100_000,
  platform: null,
  usage: {
    month: '2026-12',
    totalTokens: 480,
    byFeature: [{ feature: 'suggest', calls: 4, promptTokens: 400, completionTokens: 80 }],
  },
};

function mount() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <App>
        <AiSettingsPage />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  vi.spyOn(aiApi, 'settings').mockResolvedValue(saved);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('设置 › AI 服务', () => {
  it('tests the connection with what is entered, never the saved key in clear', async () => {
    const test = vi
      .spyOn(aiApi, 'test')
      .mockResolvedValue({ ok: true, model: 'qwen-plus', latencyMs: 12, message: null });
    mount();
    const url = await screen.findByTestId('ai-base-url');
    await waitFor(() => expect((url as HTMLInputElement).value).toBe(saved.baseUrl));
    expect(screen.getByText('已保存 sk-…abcd，留空则不修改')).toBeTruthy();
    fireEvent.change(url, {
      target: { value: 'https://dashscope.aliyuncs.com/compatible-mode/v1' },
    });
    fireEvent.click(screen.getByTestId('ai-test'));
    expect((await screen.findByTestId('ai-test-result')).textContent).toBe(
      '连接成功：qwen-plus，耗时 12 毫秒',
    );
    // The key field left empty: the server decides which key may go to the new address.
    expect(test).toHaveBeenCalledWith({
      baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
      model: 'deepseek-chat',
    });
  }, 20_000);

  it('says why the connection failed, even when asked before the settings are shown', async () => {
    const test = vi.spyOn(aiApi, 'test').mockResolvedValue({
      ok: false,
      model: 'deepseek-chat',
      latencyMs: 40,
      message: 'AI 服务拒绝了密钥，请检查 API Key',
    });
    mount();
    await screen.findByTestId('ai-base-url');
    fireEvent.click(screen.getByTestId('ai-test'));
    expect((await screen.findByTestId('ai-test-result')).textContent).toBe(
      '连接失败：AI 服务拒绝了密钥，请检查 API Key',
    );
    // Fields not filled yet: the server takes the saved settings.
    expect(test.mock.calls[0]![0]).not.toHaveProperty('apiKey');
  }, 20_000);
});
