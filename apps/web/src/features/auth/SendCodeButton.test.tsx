import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AntdFrame } from '../../app/AntdFrame.tsx';
import { AppProviders } from '../../app/AppProviders.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';

function Harness() {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={{ target: 'soon@example.com' }}>
      <Form.Item name="target">
        <Input />
      </Form.Item>
      <SendCodeButton form={form} field="target" scene="forget" />
    </Form>
  );
}

describe('the send-code button', () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json(
        { code: 429, msg: '验证码发送过于频繁，请 42 秒后再试', data: { retryAfter: 42 } },
        { status: 429 },
      ),
    );
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('counts down the wait a 429 names and stays off until then', async () => {
    render(
      <AppProviders>
        <AntdFrame>
          <Harness />
        </AntdFrame>
      </AppProviders>,
    );
    fireEvent.click(screen.getByTestId('send-code'));
    const button = await screen.findByRole('button', { name: /4[12] 秒后重发/ });
    expect(button).toHaveProperty('disabled', true);
  });
});
