import { App, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { registerBody, type RegisterBody } from '@cst/shared';
import { zodRule } from '../../lib/form/zodRule.ts';
import { authApi } from './api.ts';
import { samePasswordRule } from './passwordRules.ts';
import { SendCodeButton } from './SendCodeButton.tsx';

type RegisterForm = RegisterBody & { confirm: string };

/** The registration page: a new company with its manager, confirmed by a verification code. */
export function RegisterPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RegisterForm>();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const rule = (key: keyof RegisterBody, label: string) => [
    zodRule(registerBody.shape[key], t, t(label)),
  ];

  const handleFinish = async ({ confirm: _confirm, ...body }: RegisterForm) => {
    setSubmitting(true);
    try {
      await authApi.register(body);
      void message.success(t('auth.registered'));
      void navigate('/auth/login', { state: { username: body.username.trim() } });
    } catch {
      // The client has shown the server's message.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('auth.registerTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.registerHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void handleFinish(v)}>
        <Form.Item
          name="username"
          label={t('auth.username')}
          required
          rules={rule('username', 'auth.username')}
        >
          <Input
            placeholder={t('auth.usernamePlaceholder')}
            autoComplete="username"
            data-testid="register-username"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.password')}
          required
          rules={rule('password', 'auth.password')}
        >
          <Input.Password
            placeholder={t('auth.newPasswordPlaceholder')}
            autoComplete="new-password"
            data-testid="register-password"
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
            data-testid="register-confirm"
          />
        </Form.Item>
        <Form.Item
          name="nickname"
          label={t('auth.nickname')}
          required
          rules={rule('nickname', 'auth.nickname')}
        >
          <Input placeholder={t('auth.nicknamePlaceholder')} data-testid="register-nickname" />
        </Form.Item>
        <Form.Item
          name="tenantName"
          label={t('auth.tenantName')}
          required
          rules={rule('tenantName', 'auth.tenantName')}
        >
          <Input placeholder={t('auth.tenantNamePlaceholder')} data-testid="register-tenant" />
        </Form.Item>
        <Form.Item
          name="target"
          label={t('auth.target')}
          required
          rules={rule('target', 'auth.target')}
        >
          <Input placeholder={t('auth.targetPlaceholder')} data-testid="register-target" />
        </Form.Item>
        <Form.Item label={t('auth.code')} required>
          <Flex gap={8}>
            <Form.Item name="code" noStyle rules={rule('code', 'auth.code')}>
              <Input placeholder={t('auth.codePlaceholder')} data-testid="register-code" />
            </Form.Item>
            <SendCodeButton form={form} field="target" scene="register" />
          </Flex>
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={submitting}
          data-testid="register-submit"
        >
          {t('auth.register')}
        </Button>
      </Form>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Link to="/auth/login">{t('auth.toLogin')}</Link>
      </Flex>
    </>
  );
}
