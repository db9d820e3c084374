import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { CaptchaResult } from '@cst/shared';
import { errorData, HttpError } from '../../lib/http/errors.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { authApi } from './api.ts';
import { PlainField } from './PlainField.tsx';
import { signInWarmup } from './signInWarmup.ts';

interface LoginErrorData {
  captchaEnabled: boolean;
  twoStepRequired: boolean;
}

type Field = 'username' | 'password' | 'code' | 'twoStepPassword';
const EMPTY: Record<Field, string> = { username: '', password: '', code: '', twoStepPassword: '' };
const REQUIRED: Record<Field, string> = {
  username: 'msg.accountRequired',
  password: 'msg.passwordRequired',
  code: 'msg.captchaRequired',
  twoStepPassword: 'msg.twoStepRequired',
};

/**
 * The login page: account, password, the captcha when the server asks for it, the two-step
 * password when the account has one. Plain HTML, so the login route loads no antd.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const signIn = useSession((s) => s.signIn);
  const prefill = (location.state as { username?: string } | null)?.username ?? '';
  const [values, setValues] = useState({ ...EMPTY, username: prefill });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
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
    void loadCaptcha(prefill);
  }, [loadCaptcha, prefill]);

  const bind = (field: Field) => ({
    value: values[field],
    error: errors[field] ? t(errors[field]) : null,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      setErrors((v) => ({ ...v, [field]: undefined }));
    },
  });

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const fields: Field[] = ['username', 'password'];
    if (needCaptcha) fields.push('code');
    if (needTwoStep) fields.push('twoStepPassword');
    const missing = fields.filter((f) => !values[f].trim());
    setErrors(Object.fromEntries(missing.map((f) => [f, REQUIRED[f]])));
    if (missing.length) return;
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
      signInWarmup.signedIn();
    } catch (err) {
      const data = errorData<LoginErrorData>(err);
      setError(err instanceof HttpError ? err.message : String(err));
      if (data.twoStepRequired) setNeedTwoStep(true);
      if (data.captchaEnabled) setNeedCaptcha(true);
      // A captcha is used once: fetch a new one after every failed attempt that needs it.
      if (data.captchaEnabled || needCaptcha) {
        setValues((v) => ({ ...v, code: '' }));
        void loadCaptcha(values.username);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="plain-form" noValidate onSubmit={(e) => void handleSubmit(e)}>
      <h2>{t('auth.loginTitle')}</h2>
      {error && (
        <div className="plain-alert" role="alert" data-testid="login-error">
          {error}
        </div>
      )}
      <PlainField
        id="login-username"
        label={t('auth.username')}
        placeholder={t('auth.usernamePlaceholder')}
        autoComplete="username"
        data-testid="login-username"
        maxLength={64}
        onBlur={(e) => !needCaptcha && e.target.value && void loadCaptcha(e.target.value)}
        {...bind('username')}
      />
      <PlainField
        id="login-password"
        type="password"
        label={t('auth.password')}
        placeholder={t('auth.passwordPlaceholder')}
        autoComplete="current-password"
        data-testid="login-password"
        maxLength={128}
        onFocus={signInWarmup.intent}
        {...bind('password')}
      />
      {needCaptcha && captcha && (
        <PlainField
          id="login-captcha"
          label={t('auth.captcha')}
          placeholder={t('auth.captchaPlaceholder')}
          autoComplete="off"
          data-testid="login-captcha"
          maxLength={16}
          addon={
            <img
              src={captcha.img}
              alt={t('auth.captchaRefresh')}
              title={t('auth.captchaRefresh')}
              className="captcha-img"
              data-testid="login-captcha-img"
              onClick={() => void loadCaptcha(values.username)}
            />
          }
          {...bind('code')}
        />
      )}
      {needTwoStep && (
        <PlainField
          id="login-two-step"
          type="password"
          label={t('auth.twoStep')}
          placeholder={t('auth.twoStepPlaceholder')}
          extra={t('auth.twoStepHint')}
          autoComplete="off"
          data-testid="login-two-step"
          maxLength={128}
          autoFocus
          {...bind('twoStepPassword')}
        />
      )}
      <button
        type="submit"
        className="plain-button primary block"
        disabled={submitting}
        aria-busy={submitting}
        data-testid="login-submit"
      >
        {submitting && <span className="spinner small" />}
        {t('auth.login')}
      </button>
      <div className="plain-links">
        <Link to="/auth/register">{t('auth.toRegister')}</Link>
        <Link to="/auth/forget">{t('auth.toForget')}</Link>
      </div>
    </form>
  );
}
