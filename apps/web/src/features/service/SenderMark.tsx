import { useTranslation } from 'react-i18next';
import type { MessageSender } from '@cst/shared';

/** Props of {@link SenderMark}. */
export interface SenderMarkProps {
  sender: MessageSender;
  /** Leaves the kind's mark out (the robot mark beside it says it already). */
  hideKind?: boolean;
}

/**
 * Who sent an outgoing message: the name stored with it and a small mark of what it is (seat,
 * robot, mass send, API, phone). The phone's mark is its name.
 */
export function SenderMark({ sender, hideKind = false }: SenderMarkProps) {
  const { t } = useTranslation();
  const kind = t(`flow.sender.${sender.kind}`);
  const name = sender.kind === 'phone' ? '' : sender.name;
  return (
    <span
      className={`msg-sender msg-sender-${sender.kind}`}
      data-testid="msg-sender"
      data-kind={sender.kind}
      title={t('flow.sender.title', { name: name || kind, kind })}
    >
      {name && <span className="msg-sender-name">{name}</span>}
      {!hideKind && <span className="msg-sender-kind">{kind}</span>}
    </span>
  );
}
