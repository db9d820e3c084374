import {
  EnvironmentOutlined,
  PhoneOutlined,
  PictureOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  callContent,
  cardContent,
  channelVideoContent,
  linkContent,
  locationContent,
  miniProgramContent,
  redPacketContent,
  transferContent,
  MSG_TYPE,
} from '@cst/shared';
import type { BubbleProps } from '../conversations/chat/bubbleProps.ts';
import { formatDuration, hostOf, imageSrc, parseContent, safeHref } from './media.ts';

/**
 * A card's picture from an address the contact chose: one of the console's files, or an outside
 * http(s) picture through the image proxy; when it cannot be shown, a placeholder naming the
 * host. Any other address shows nothing (docs/files-and-media.md).
 */
export function CardThumb({ url }: { url: string | null | undefined }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const src = imageSrc(url);
  if (!src) return null;
  const host = hostOf(url);
  if (failed === src) {
    const label = host ? t('bubble.pictureFrom', { host }) : undefined;
    return (
      <span
        className="bubble-card-thumb is-placeholder"
        data-testid="card-thumb-placeholder"
        title={label}
        aria-label={label}
        role="img"
      >
        <PictureOutlined />
        {host && <span className="bubble-card-thumb-host">{host}</span>}
      </span>
    );
  }
  return (
    <img
      className="bubble-card-thumb"
      src={src}
      alt=""
      referrerPolicy="no-referrer"
      onError={() => setFailed(src)}
    />
  );
}

/** A card-shaped bubble: a heading, a body, a picture and a footer label. */
export function CardFrame(props: {
  testId: string;
  title: ReactNode;
  body?: ReactNode;
  /** The picture's address as the message gives it (see {@link CardThumb}). */
  thumbUrl?: string | null;
  footer: ReactNode;
  className?: string;
}) {
  return (
    <span className={`bubble-card ${props.className ?? ''}`} data-testid={props.testId}>
      <span className="bubble-card-main">
        <span className="bubble-card-text">
          <span className="bubble-card-title">{props.title}</span>
          {props.body && <span className="bubble-card-body">{props.body}</span>}
        </span>
        <CardThumb url={props.thumbUrl} />
      </span>
      <span className="bubble-card-footer">{props.footer}</span>
    </span>
  );
}

/** The fallback of a structured message whose JSON cannot be read: its preview text. */
export function Unreadable({ message }: BubbleProps) {
  const { t } = useTranslation();
  return <span data-testid="bubble-unreadable">{message.msg_text || t('bubble.unavailable')}</span>;
}

/** A contact card (type 9): avatar, nickname, account. */
export function CardBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const c = parseContent(message.content, cardContent);
  if (!c) return <Unreadable message={message} />;
  const region = [c.province, c.city].filter(Boolean).join(' ');
  return (
    <CardFrame
      testId="bubble-contact"
      title={c.nickname}
      body={[c.alias || c.wxid, region].filter(Boolean).join(' · ')}
      thumbUrl={c.avatar}
      footer={t('bubble.card')}
    />
  );
}

/** A forwarded link (10) or a public-account article (15): opens in a new window. */
export function LinkBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const c = parseContent(message.content, linkContent);
  if (!c) return <Unreadable message={message} />;
  const href = safeHref(c.url);
  const footer =
    message.msgType === MSG_TYPE.article
      ? c.sourceName || t('bubble.article')
      : c.sourceName || t('bubble.link');
  const card = (
    <CardFrame
      testId={message.msgType === MSG_TYPE.article ? 'bubble-article' : 'bubble-link'}
      title={c.title}
      body={c.description}
      thumbUrl={c.thumbUrl}
      footer={footer}
    />
  );
  return href ? (
    <a className="bubble-card-link" href={href} target="_blank" rel="noopener noreferrer">
      {card}
    </a>
  ) : (
    card
  );
}

/** A mini-program (14). */
export function MiniProgramBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const c = parseContent(message.content, miniProgramContent);
  if (!c) return <Unreadable message={message} />;
  return (
    <CardFrame
      testId="bubble-mini-program"
      title={c.title}
      body={c.appName}
      thumbUrl={c.thumbUrl}
      footer={t('bubble.miniProgram')}
    />
  );
}

/** A red packet (16): opened only on the phone. */
export function RedPacketBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const c = parseContent(message.content, redPacketContent);
  const amount = c?.amountCents != null ? `¥${(c.amountCents / 100).toFixed(2)}` : null;
  return (
    <CardFrame
      testId="bubble-red-packet"
      className="is-money"
      title={c?.title || t('bubble.redPacket')}
      body={amount ?? t('bubble.redPacketHint')}
      footer={t('bubble.redPacket')}
    />
  );
}

/** A money transfer (17): amount and the state in SPEC's words. */
export function TransferBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const c = parseContent(message.content, transferContent);
  if (!c) return <Unreadable message={message} />;
  return (
    <CardFrame
      testId="bubble-transfer"
      className="is-money"
      title={`¥${c.money}`}
      body={[t(`bubble.transfer.${c.paySubType}`), c.memo].filter(Boolean).join(' · ')}
      footer={t('bubble.transferLabel')}
    />
  );
}

/** A location (18): label and place name. */
export function LocationBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const c = parseContent(message.content, locationContent);
  if (!c) return <Unreadable message={message} />;
  return (
    <CardFrame
      testId="bubble-location"
      title={
        <>
          <EnvironmentOutlined /> {c.poiName || c.label}
        </>
      }
      body={c.label}
      footer={t('bubble.location')}
    />
  );
}

/** A short-video channel post (20): watched only on the phone. */
export function ChannelVideoBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const c = parseContent(message.content, channelVideoContent);
  return (
    <CardFrame
      testId="bubble-channel-video"
      title={c ? c.title : t('bubble.channelVideo')}
      body={c ? `${c.authorName} · ${t('inbox.hint.channelVideo')}` : t('inbox.hint.channelVideo')}
      footer={t('bubble.channelVideo')}
    />
  );
}

/** A voice (7) or video (8) call notice: the outcome and the length. */
export function CallBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const c = parseContent(message.content, callContent);
  const kind = message.msgType === MSG_TYPE.videoCall ? 'video' : 'voice';
  const outcome = !c
    ? ''
    : c.result === 'ended'
      ? t('bubble.call.ended', { duration: formatDuration(c.durationSec) })
      : t(`bubble.call.${c.result}`);
  return (
    <span className="bubble-call" data-testid="bubble-call">
      {kind === 'video' ? <VideoCameraOutlined /> : <PhoneOutlined />} {t(`bubble.call.${kind}`)}
      {outcome && ` · ${outcome}`}
    </span>
  );
}
