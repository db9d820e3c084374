import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { signInForTest } from '../../lib/session/testSession.ts';
import { ApiKeyCreateModal } from './ApiKeyCreateModal.tsx';

const KEY = `cst_${'a'.repeat(43)}`;
/** The bodies of the create calls. */
const sent: { name: string; permissions: string[]; workWxids?: string[] }[] = [];

function show() {
  return render(
    <AppProviders>
      <App>
        <ApiKeyCreateModal open accounts={[]} onClose={() => {}} />
      </App>
    </AppProviders>,
  );
}

describe('the API key dialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sent.length = 0;
    signInForTest(['openapi.manage', 'conversation.read', 'conversation.send']);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)) as (typeof sent)[number]);
      return Response.json({ code: 0, message: 'ok', data: { id: 'k1', key: KEY } });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('offers only the creator’s own permissions and shows the new key once', async () => {
    show();
    const group = await screen.findByTestId('api-key-permissions');
    const labels = within(group)
      .getAllByRole('checkbox')
      .map((c) => c.closest('label')!.textContent);
    expect(labels).toEqual(['查看会话', '发送消息', '开放平台（API 密钥与 Webhook）']);
    fireEvent.change(screen.getByTestId('api-key-name'), { target: { value: 'CRM' } });
    fireEvent.click(within(group).getByLabelText('发送消息'));
    fireEvent.click(screen.getByTestId('api-key-form-ok'));
    expect((await screen.findByTestId('api-key-value')).textContent).toBe(KEY);
    expect(sent).toEqual([{ name: 'CRM', permissions: ['conversation.send'] }]);
  });
});
