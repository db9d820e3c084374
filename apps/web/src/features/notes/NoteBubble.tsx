import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '@cst/shared';
import { messageTime } from '../conversations/relativeTime.ts';

/** The text of a note with each `@name` of its mentions marked. */
function withMentions(content: string, names: string[]) {
  if (names.length === 0) return content;
  const escaped = names.map((n) => `@${n}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = content.split(new RegExp(`(${escaped.join('|')})`));
  return parts.map((p, i) =>
    i % 2 === 1 ? (
      <span key={i} className="mention-at">
        {p}
      </span>
    ) : (
      p
    ),
  );
}

/**
 * A private note in the chat: a yellow card across the middle, 「内部备注」 with its author and
 * time, never a bubble of either side (it was never sent).
 */
export function NoteBubble({
  message,
  target = false,
}: {
  message: MessageItem;
  target?: boolean;
}) {
  const { t } = useTranslation();
  const names = (message.mentions ?? []).map((m) => m.name);
  return (
    <div
      className={`msg-note${target ? ' is-target' : ''}`}
      data-testid="msg-note"
      data-message-id={message.messageId}
    >
      <div className="msg-note-head">
        <Tag color="gold">{t('notes.tag')}</Tag>
        <span data-testid="msg-note-author">{message.noteBy?.name}</span>
        <span>{messageTime(message.msgTime, Date.now())}</span>
      </div>
      <div>{withMentions(message.content, names)}</div>
    </div>
  );
}
