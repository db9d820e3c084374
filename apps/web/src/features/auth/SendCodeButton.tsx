import { App, Button, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifyScene } from '@cst/shared';
import { HttpError } from '../../lib/http/errors.ts';
import { authApi } from './api.ts';
import { useCountdown } from './useCountdown.ts';

/** Seconds before another code may be asked for (the server says the same). */
export const RESEND_SECONDS = 60;

/** Props of {@link SendCodeButton}. */
export interface SendCodeButtonProps {
  form: FormInstance;
  /** The form field holding the mobile number or email. */
  field: string;
  scene: VerifyScene;
}

/** Sends a verification code to the form's target, then counts 60 s down before a resend. */
export function SendCodeButton({ form, field, scene }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);

  const handleClick = async () => {
    let target: string;
    try {
      target = ((await form.validateFields([field])) as Record<string, string>)[field]!;
    } catch {
      return;
    }
    setSending(true);
    try {
      const res = await authApi.sendVerifyCode({ target: target.trim(), scene });
      start(Math.max(res.resendAt, Date.now() + RESEND_SECONDS * 1000));
      void message.success(t('auth.codeSent'));
    } catch (err) {
      // The client has shown the server's message; a refusal that names its wait (429,
      // `retryAfter` seconds) counts it down on the button, which stays off until then.
      const wait = retryAfterOf(err);
      if (wait) start(Date.now() + wait * 1000);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      disabled={left > 0}
      loading={sending}
      onClick={() => void handleClick()}
      data-testid="send-code"
      style={{ minWidth: 120 }}
    >
      {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
    </Button>
  );
}

/** The seconds a 429 asks to wait (its `retryAfter`), else null. */
export function retryAfterOf(err: unknown): number | null {
  if (!(err instanceof HttpError) || err.status !== 429) return null;
  const wait = (err.data as { retryAfter?: unknown } | null)?.retryAfter;
  return typeof wait === 'number' && wait > 0 ? wait : null;
}
