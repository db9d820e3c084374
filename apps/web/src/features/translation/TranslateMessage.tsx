import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '@cst/shared';
import { translationApi, useTranslateEnabled, useTranslateTarget } from './api.ts';

/** On-demand translation of a received text: a small link, then the translation below it. */
export function TranslateMessage({ message }: { message: MessageItem }) {
  const { t } = useTranslation();
  const enabled = useTranslateEnabled();
  const target = useTranslateTarget((s) => s.target);
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!enabled || message.sendSide !== 2 || !message.messageId) return null;
  if (text !== null) {
    return (
      <span className="translate-result" data-testid="translate-result">
        {t('translate.translated')}：{text}
      </span>
    );
  }
  const run = () => {
    setBusy(true);
    translationApi
      .message(message.messageId, target)
      .then((r) => setText(r.text))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button
      type="link"
      size="small"
      className="translate-link"
      loading={busy}
      onClick={run}
      data-testid="translate-message"
    >
      {t('translate.message')}
    </Button>
  );
}
