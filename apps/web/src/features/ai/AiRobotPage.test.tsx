import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { accountsKeys } from '../accounts/api.ts';
import { aiKeys } from './api.ts';
import { AiRobotPage } from './AiRobotPage.tsx';

function mount() {
  const qc = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  qc.setQueryData(aiKeys.capability, { configured: true, reason: null });
  qc.setQueryData(accountsKeys.switcher, { wxAccount: [] });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <App>
          <AiRobotPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('设置 › AI 机器人', () => {
  it('sits in one card under its title, as the other robot pages do', () => {
    mount();
    const card = screen.getByTestId('ai-robot-page');
    expect(card.classList.contains('ant-card')).toBe(true);
    expect(card.querySelector('.ant-card-head')?.textContent).toBe('AI robot');
    expect(card.contains(screen.getByTestId('ai-robot-form'))).toBe(true);
    // One frame, not a card inside a card.
    expect(card.querySelectorAll('.ant-card')).toHaveLength(0);
  });
});
