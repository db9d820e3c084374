import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginBody, type CaptchaResult, type LoginBody } from '@cst/shared';
import { errorData, HttpError } from '../../lib/http/errors.ts';
import { zodRule } from '../../lib/form/zodRule.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { authApi } from './api.ts';

interface LoginErrorData {
  captchaEnabled: boolean;
  twoStepRequired: boolean;
}

/** The login page: account, password, captcha when required, two-step password when set. */
export function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginBody>();
  const location = useLocation();
  const signIn = useSession((s) => s.signIn);
  const [captcha, setCaptcha] = useState<CaptchaResult | null>(null);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [needTwoStep, setNeedTwoStep] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const loadCaptcha = useCallback(async (username?: string) => {
    try {
      const c = await authApi.captcha(username || undefined);
      setCaptcha(c);
      if (c.captchaEnabled) setNeedCaptcha(true);
    } catch {
      setCaptcha(null);
    }
  }, []);

  useEffect(() => {
    const prefill = (location.state as { username?: string } | null)?.username;
    if (prefill) form.setFieldValue('username', prefill);
    void loadCaptcha(prefill);
  }, [form, loadCaptcha, location.state]);

  const handleFinish = async (values: LoginBody) => {
    setSubmitting(true);
    setError(null);
    try {
      const result = await authApi.login({
        username: values.username,
        password: values.password,
        code: needCaptcha ? values.code : undefined,
        uuid: needCaptcha ? captcha?.uuid : undefined,
        twoStepPassword: needTwoStep ? values.twoStepPassword : undefined,
      });
      // The guard now sends the signed-in user on, to the page asked for before login or to /.
      signIn(result);
    } catch (err) {
      const data = errorData<LoginErrorData>(err);
      setError(err instanceof HttpError ? err.message : String(err));
      if (data.twoStepRequired) setNeedTwoStep(true);
      if (data.captchaEnabled) setNeedCaptcha(true);
      // A captcha is used once: fetch a new one after every failed attempt that needs it.
      if (data.captchaEnabled || needCaptcha) {
        form.setFieldValue('code', '');
        void loadCaptcha(values.username);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('auth.loginTitle')}
      </Typography.Title>
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          style={{ marginBottom: 16 }}
          data-testid="login-error"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void handleFinish(v)}
      >
        <Form.Item
          name="username"
          label={t('auth.username')}
          rules={[zodRule(loginBody.shape.username, t, t('auth.username'))]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t('auth.usernamePlaceholder')}
            autoComplete="username"
            data-testid="login-username"
            onBlur={(e) => !needCaptcha && e.target.value && void loadCaptcha(e.target.value)}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.password')}
          rules={[zodRule(loginBody.shape.password, t, t('auth.password'))]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="current-password"
            data-testid="login-password"
          />
        </Form.Item>
        {needCaptcha && captcha && (
          <Form.Item label={t('auth.captcha')} required>
            <Flex gap={8}>
              <Form.Item
                name="code"
                noStyle
                rules={[{ required: true, message: t('msg.captchaRequired') }]}
              >
                <Input
                  placeholder={t('auth.captchaPlaceholder')}
                  data-testid="login-captcha"
                  maxLength={16}
                />
              </Form.Item>
              <img
                src={captcha.img}
                alt={t('auth.captchaRefresh')}
                title={t('auth.captchaRefresh')}
                className="captcha-img"
                data-testid="login-captcha-img"
                onClick={() => void loadCaptcha(form.getFieldValue('username') as string)}
              />
            </Flex>
          </Form.Item>
        )}
        {needTwoStep && (
          <Form.Item
            name="twoStepPassword"
            label={t('auth.twoStep')}
            extra={t('auth.twoStepHint')}
            rules={[{ required: true, message: t('msg.twoStepRequired') }]}
          >
            <Input.Password
              prefix={<SafetyOutlined />}
              placeholder={t('auth.twoStepPlaceholder')}
              autoComplete="off"
              data-testid="login-two-step"
              autoFocus
            />
          </Form.Item>
        )}
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={submitting}
          data-testid="login-submit"
        >
          {t('auth.login')}
        </Button>
      </Form>
      <Flex justify="space-between" style={{ marginTop: 16 }}>
        <Link to="/auth/register">{t('auth.toRegister')}</Link>
        <Link to="/auth/forget">{t('auth.toForget')}</Link>
      </Flex>
    </>
  );
}
