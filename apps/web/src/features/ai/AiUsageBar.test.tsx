import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AiUsageView, Permission } from '@cst/shared';
import { i18n } from '../../i18n/index.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { aiKeys } from './api.ts';
import { AiUsageBar } from './AiUsageBar.tsx';

const used: AiUsageView = {
  month: '2026-12',
  totalTokens: 12_400,
  monthlyTokenBudget: 100_000,
  configured: true,
  byFeature: [
    { feature: 'suggest', calls: 3, promptTokens: 300, completionTokens: 60 },
    { feature: 'robot', calls: 100, promptTokens: 10_000, completionTokens: 2_040 },
  ],
};

function mount(usage: AiUsageView, permissions: Permission[] = ['billing.manage']) {
  signInForTest(permissions);
  const qc = new QueryClient();
  qc.setQueryData(aiKeys.usage, usage);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <AiUsageBar />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});
afterEach(cleanup);

describe('AI usage beside the bill', () => {
  it('shows the month’s tokens against the budget and each feature’s calls', () => {
    mount(used);
    expect(screen.getByTestId('ai-usage-bar').textContent).toContain('AI 用量（2026-12）');
    expect(screen.getByTestId('ai-usage-total').textContent).toBe(
      '共 12,400 / 额度 100,000 Tokens',
    );
    expect(screen.getAllByTestId('ai-usage-feature').map((e) => e.textContent)).toEqual([
      '回复草稿 3 次 · 360 Tokens',
      'AI 机器人 100 次 · 12,040 Tokens',
    ]);
    // The settings are the AI manager's: no link for billing alone.
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('links the AI manager to the settings, and says so when there is no budget', () => {
    mount({ ...used, monthlyTokenBudget: null }, ['billing.manage', 'ai.manage']);
    expect(screen.getByTestId('ai-usage-total').textContent).toBe('共 12,400 Tokens');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/settings/ai');
  });

  it('shows nothing for a tenant without AI that used none', () => {
    mount({ ...used, configured: false, totalTokens: 0, byFeature: [] });
    expect(screen.queryByTestId('ai-usage-bar')).toBeNull();
  });
});
