import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '@cst/shared';
import {
  translationApi,
  useAutoTranslate,
  useTranslateEnabled,
  useTranslateTarget,
} from './api.ts';
import { requestTranslation, translationKey, useTranslations } from './translationStore.ts';

/**
 * Translation of a received text: with auto translation on for its conversation, the translation
 * into the seat's language shows under it by itself; otherwise a small link translates on demand.
 */
export function TranslateMessage({ message }: { message: MessageItem }) {
  const enabled = useTranslateEnabled();
  if (!enabled || message.sendSide !== 2 || !message.messageId || message.revoked) return null;
  return <MessageTranslation message={message} />;
}

function MessageTranslation({ message }: { message: MessageItem }) {
  const auto = useAutoTranslate(message.index_name);
  const manualTarget = useTranslateTarget((s) => s.target);
  const target = auto?.seatLang ?? manualTarget;
  const text = useTranslations((s) =>
    target ? s.texts[translationKey(message.messageId, target)] : undefined,
  );
  useEffect(() => {
    if (auto?.seatLang) requestTranslation(message.index_name, message.messageId, auto.seatLang);
  }, [auto?.seatLang, message.index_name, message.messageId]);
  if (text !== undefined) return <TranslatedText text={text} />;
  if (auto) return <TranslatingText />;
  return <TranslateLink message={message} target={target} />;
}

function TranslatedText({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <span className="translate-result" data-testid="translate-result">
      {t('translate.translated')}：{text}
    </span>
  );
}

function TranslatingText() {
  const { t } = useTranslation();
  return <span className="translate-result translate-pending">{t('translate.translating')}</span>;
}

function TranslateLink({ message, target }: { message: MessageItem; target: string }) {
  const { t } = useTranslation();
  const put = useTranslations((s) => s.put);
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    translationApi
      .message(message.messageId, target)
      .then((r) => put([{ messageId: message.messageId, target, text: r.text }]))
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
