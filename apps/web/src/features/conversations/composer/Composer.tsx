import { CloseOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Input, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH, type ConversationItem } from '@cst/shared';
import { useCan } from '../../../lib/session/sessionStore.ts';
import { ComposerExtras } from '../../media/ComposerExtras.tsx';
import { useAutoTranslate, useTranslateLanguageName } from '../../translation/api.ts';
import { OutgoingPreview } from '../../translation/OutgoingPreview.tsx';
import { QuickPhraseList } from '../../phrases/QuickPhraseList.tsx';
import { useQuickPhrase } from '../../phrases/useQuickPhrase.ts';
import { quoteOf } from '../chat/bubbles.tsx';
import { EmojiPicker } from './EmojiPicker.tsx';
import { sendText } from '../store/inboxActions.ts';
import { useInbox } from '../store/inboxStore.ts';
import { previewLine } from '../chat/msgTypeLabel.ts';

/**
 * The composer: Enter sends, Shift+Enter starts a new line (IME composition is left alone); the
 * draft is kept per conversation in the store, so switching chats or a push never loses typing.
 */
export function Composer({ conv }: { conv: ConversationItem }) {
  const { t } = useTranslation();
  const indexName = conv.index_name;
  const canSend = useCan('conversation.send');
  const draft = useInbox((s) => s.drafts[indexName] ?? '');
  const setDraft = useInbox((s) => s.setDraft);
  const setQuote = useInbox((s) => s.setQuote);
  const quoted = useInbox((s) => {
    const key = s.quoting[indexName];
    return key ? s.messages[key] : undefined;
  });
  const ref = useRef<TextAreaRef>(null);
  const auto = useAutoTranslate(indexName);
  const peerLangName = useTranslateLanguageName(auto?.peerLang ?? null);
  const [preview, setPreview] = useState<string | null>(null);
  const [caret, setCaret] = useState(0);
  const place = (text: string, at: number) => {
    setDraft(indexName, text);
    setCaret(at);
    requestAnimationFrame(() => {
      const el = ref.current?.resizableTextArea?.textArea;
      el?.focus();
      el?.setSelectionRange(at, at);
    });
  };
  const quick = useQuickPhrase(draft, caret, place);

  const send = () => {
    if (!draft.trim()) return;
    // Auto translation: what is sent is translated into the contact's language, seen first.
    if (auto?.peerLang && !quoted) {
      setPreview(draft);
      return;
    }
    sendText(indexName, draft);
    ref.current?.focus();
  };
  const sendPreviewed = (content: string) => {
    setPreview(null);
    sendText(indexName, content);
    ref.current?.focus();
  };
  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (quick.handleKeyDown(e)) return;
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };
  const insert = (code: string) => {
    const el = ref.current?.resizableTextArea?.textArea;
    const at = el ? el.selectionStart : draft.length;
    place(draft.slice(0, at) + code + draft.slice(at), at + code.length);
  };

  if (!canSend) return null;
  const quote = quoted ? quoteOf(quoted) : null;
  const quoteText = quoted
    ? quoted.msgType === 19
      ? quote!.text
      : previewLine(quoted.msgType, quoted.msg_text, t)
    : '';
  const quoteName = quoted
    ? quoted.sendSide === 1
      ? t('inbox.me')
      : quoted.memberName || conv.name
    : '';
  return (
    <div className="composer" data-testid="composer">
      {quoted && (
        <div className="composer-quote" data-testid="composer-quote">
          <span className="composer-quote-text">
            {t('inbox.quoting', { name: quoteName, text: quoteText })}
          </span>
          <Tooltip title={t('inbox.cancelQuote')}>
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined />}
              aria-label={t('inbox.cancelQuote')}
              onClick={() => setQuote(indexName, null)}
            />
          </Tooltip>
        </div>
      )}
      <div className="composer-tools">
        <EmojiPicker onPick={insert} />
        <ComposerExtras conv={conv} onInsert={insert} />
      </div>
      <div className="composer-input-wrap">
        <QuickPhraseList quick={quick} />
        <Input.TextArea
          ref={ref}
          value={draft}
          onChange={(e) => {
            setDraft(indexName, e.target.value);
            setCaret(e.target.selectionStart);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={handleKeyDown}
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={MAX_TEXT_LENGTH}
          variant="borderless"
          placeholder={t('inbox.composerPlaceholder')}
          aria-label={t('inbox.composer')}
          data-testid="composer-input"
        />
      </div>
      <div className="composer-actions">
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={!draft.trim()}
          onClick={send}
          data-testid="composer-send"
        >
          {t('inbox.send')}
        </Button>
      </div>
      {auto?.peerLang && (
        <OutgoingPreview
          text={preview}
          target={auto.peerLang}
          targetName={peerLangName}
          onSend={sendPreviewed}
          onClose={() => setPreview(null)}
        />
      )}
    </div>
  );
}
