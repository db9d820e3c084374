import { CloseOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Segmented, Tooltip } from 'antd';
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
import { groupsApi, groupsKeys } from '../../groups/api.ts';
import { notesApi, notesKeys } from '../../notes/api.ts';
import { MentionList } from '../../notes/MentionList.tsx';
import { mentionedIn, type Mentionable } from '../../notes/mentionQuery.ts';
import { useMentionPicker } from '../../notes/useMentionPicker.ts';
import { useSensitiveSend } from '../../notes/useSensitiveSend.ts';
import { useAiDrafts } from '../../ai/AiDrafts.tsx';

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
  // 回复 goes to the contact; 备注 is a private note for the seats who see the chat.
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const note = mode === 'note';
  const group = conv.talkType === 2;
  const typingAt = draft.includes('@');
  const { data: seats } = useQuery({
    queryKey: notesKeys.seats(indexName),
    queryFn: () => notesApi.seats(indexName),
    enabled: note && typingAt,
    staleTime: 60_000,
  });
  const groupRef = { workWxid: conv.workWxid, groupId: conv.receiver_id };
  const { data: groupInfo } = useQuery({
    queryKey: groupsKeys.detail(groupRef),
    queryFn: () => groupsApi.detail(groupRef),
    enabled: !note && group && typingAt,
    staleTime: 300_000,
  });
  const people: Mentionable[] | null = note
    ? (seats?.list.map((p) => ({ id: p.uid, name: p.name })) ?? null)
    : group
      ? (groupInfo?.members
          .filter((m) => m.wxid !== conv.workWxid)
          .map((m) => ({ id: m.wxid, name: m.card || m.nickname || m.wxid })) ?? null)
      : null;
  const [chosen, setChosen] = useState<Mentionable[]>([]);
  const picker = useMentionPicker(draft, caret, people, place, (m) => setChosen((c) => [...c, m]));
  const sensitive = useSensitiveSend();
  // AI drafts (Alt+J): a chosen draft goes into the composer, never straight out.
  const ai = useAiDrafts(indexName, (text) => place(text, text.length));

  const send = async () => {
    if (!draft.trim()) return;
    const mentions = mentionedIn(draft, chosen).map((m) => m.id);
    if (note) {
      await notesApi.note(indexName, draft, mentions);
      setDraft(indexName, '');
      setChosen([]);
      ref.current?.focus();
      return;
    }
    const checked = sensitive.check(draft);
    const flags = checked instanceof Promise ? await checked : checked;
    if (!flags) {
      ref.current?.focus();
      return;
    }
    const extra = { ...flags, ...(group && mentions.length > 0 ? { mentions } : {}) };
    setChosen([]);
    if (Object.keys(extra).length > 0) {
      sendText(indexName, draft, extra);
      ref.current?.focus();
      return;
    }
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
    if (picker.handleKeyDown(e)) return;
    if (quick.handleKeyDown(e)) return;
    if (e.altKey && e.code === 'KeyJ' && !note) {
      e.preventDefault();
      ai.start();
      return;
    }
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void send();
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
    <div className={`composer${note ? ' is-note' : ''}`} data-testid="composer">
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
        {!note && ai.button}
        <Segmented
          className="composer-mode"
          size="small"
          aria-label={t('notes.modeLabel')}
          value={mode}
          onChange={(v) => setMode(v as 'reply' | 'note')}
          options={[
            { value: 'reply', label: t('notes.reply') },
            {
              value: 'note',
              label: <span data-testid="composer-mode-note">{t('notes.note')}</span>,
            },
          ]}
        />
      </div>
      {sensitive.blocked && (
        <Alert
          type="error"
          showIcon
          data-testid="sensitive-blocked"
          message={
            <span>
              {t('notes.sensitiveBlocked', { word: sensitive.blocked.word })}{' '}
              <mark className="sensitive-mark">{sensitive.blocked.word}</mark>
            </span>
          }
        />
      )}
      {!note && ai.panel}
      <div className="composer-input-wrap">
        <MentionList picker={picker} />
        {!picker.open && <QuickPhraseList quick={quick} />}
        <Input.TextArea
          ref={ref}
          value={draft}
          onChange={(e) => {
            setDraft(indexName, e.target.value);
            setCaret(e.target.selectionStart);
            if (sensitive.blocked) sensitive.clear();
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={handleKeyDown}
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={MAX_TEXT_LENGTH}
          variant="borderless"
          placeholder={note ? t('notes.notePlaceholder') : t('inbox.composerPlaceholder')}
          aria-label={t('inbox.composer')}
          data-testid="composer-input"
        />
      </div>
      <div className="composer-actions">
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={!draft.trim()}
          onClick={() => void send()}
          data-testid="composer-send"
        >
          {note ? t('notes.send') : t('inbox.send')}
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
