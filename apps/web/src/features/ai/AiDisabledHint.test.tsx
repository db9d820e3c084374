import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Permission } from '@cst/shared';
import { i18n } from '../../i18n/index.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { AiDisabledHint } from './AiDisabledHint.tsx';

function mount(permissions: Permission[]) {
  signInForTest(permissions);
  render(
    <MemoryRouter>
      <AiDisabledHint reason="未配置 AI 服务" />
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});
afterEach(cleanup);

describe('why AI is disabled', () => {
  it('links the AI manager to 设置 › AI 服务', () => {
    mount(['ai.manage']);
    expect(screen.getByTestId('ai-disabled-hint').textContent).toBe(
      'AI 不可用：未配置 AI 服务 去设置',
    );
    expect(screen.getByRole('link').getAttribute('href')).toBe('/settings/ai');
  });

  it('gives others the reason only, never a link to a page they cannot open', () => {
    mount(['autoreply.manage']);
    expect(screen.getByTestId('ai-disabled-hint').textContent).toBe('AI 不可用：未配置 AI 服务');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
