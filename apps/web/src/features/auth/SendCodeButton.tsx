import { App, Button, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifyScene } from '@cst/shared';
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
    } catch {
      // The client has shown the server's message.
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
