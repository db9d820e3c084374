import { App, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { forgetBody, type ForgetBody } from '@cst/shared';
import { zodRule } from '../../lib/form/zodRule.ts';
import { authApi } from './api.ts';
import { samePasswordRule } from './passwordRules.ts';
import { SendCodeButton } from './SendCodeButton.tsx';

type ForgetForm = ForgetBody & { confirm: string };

/** Password recovery: a code sent to the registered mobile or email, then a new password. */
export function ForgetPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ForgetForm>();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const rule = (key: keyof ForgetBody, label: string) => [
    zodRule(forgetBody.shape[key], t, t(label)),
  ];

  const handleFinish = async ({ confirm: _confirm, ...body }: ForgetForm) => {
    setSubmitting(true);
    try {
      await authApi.forget(body);
      void message.success(t('auth.resetDone'));
      void navigate('/auth/login');
    } catch {
      // The client has shown the server's message.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('auth.forgetTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.forgetHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void handleFinish(v)}>
        <Form.Item
          name="target"
          label={t('auth.target')}
          required
          rules={rule('target', 'auth.target')}
        >
          <Input placeholder={t('auth.targetPlaceholder')} data-testid="forget-target" />
        </Form.Item>
        <Form.Item label={t('auth.code')} required>
          <Flex gap={8}>
            <Form.Item name="code" noStyle rules={rule('code', 'auth.code')}>
              <Input placeholder={t('auth.codePlaceholder')} data-testid="forget-code" />
            </Form.Item>
            <SendCodeButton form={form} field="target" scene="forget" />
          </Flex>
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.newPassword')}
          required
          rules={rule('password', 'auth.newPassword')}
        >
          <Input.Password
            placeholder={t('auth.newPasswordPlaceholder')}
            autoComplete="new-password"
            data-testid="forget-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('auth.confirmPassword')}
          required
          dependencies={['password']}
          rules={[samePasswordRule('password', t)]}
        >
          <Input.Password
            placeholder={t('auth.confirmPasswordPlaceholder')}
            autoComplete="new-password"
            data-testid="forget-confirm"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={submitting}
          data-testid="forget-submit"
        >
          {t('auth.resetSubmit')}
        </Button>
      </Form>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Link to="/auth/login">{t('auth.toLogin')}</Link>
      </Flex>
    </>
  );
}
