import { FileTextOutlined } from '@ant-design/icons';
import { App, Button, Image } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOWNLOAD_MAX_BYTES, mediumAddressOf, THUMBNAIL_SIZE } from '@cst/shared';
import type { BubbleProps } from '../conversations/chat/bubbleProps.ts';
import { CapabilityGate } from '../accounts/CapabilityGate.tsx';
import { useAiCapability } from '../ai/api.ts';
import { bubblesApi } from './api.ts';
import {
  downloadHref,
  formatBytes,
  formatDuration,
  localFileSrc,
  mediaSrc,
  previewSrc,
  thumbSrc,
} from './media.ts';

/** The largest side of a picture in a bubble (CSS pixels). */
export const BUBBLE_IMAGE_MAX = 240;

/**
 * A picture, whole (never cropped): where the console has the full picture (the operator's own,
 * or a received one under 7 days, as the preview) its medium variant (SPEC §4: the high-definition
 * address swapped for the medium one), scaled to fit {@link BUBBLE_IMAGE_MAX}; else the server's
 * thumbnail. It previews in high definition; a failed load says so.
 */
export function ImageBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const thumb = thumbSrc(message);
  const full = previewSrc(message);
  const medium = full ? mediumAddressOf(full) : null;
  // The medium picture first; the thumbnail when it cannot load; then the failure text.
  const [stage, setStage] = useState<'full' | 'thumb' | 'failed'>(medium ? 'full' : 'thumb');
  const src = stage === 'full' ? medium : stage === 'thumb' ? thumb : null;
  if (!src) {
    return (
      <span className="bubble-image-failed" data-testid="bubble-image-failed">
        {t('bubble.imageFailed')}
      </span>
    );
  }
  return (
    <span data-testid="bubble-image" className="bubble-image">
      <Image
        key={stage}
        src={src}
        alt={message.fileName ?? t('bubble.imageAlt')}
        style={{
          maxWidth: BUBBLE_IMAGE_MAX,
          maxHeight: BUBBLE_IMAGE_MAX,
          minWidth: Math.min(THUMBNAIL_SIZE, BUBBLE_IMAGE_MAX) / 2,
          objectFit: 'contain',
        }}
        preview={{ src: full ?? src }}
        onError={() => setStage(stage === 'full' && thumb && thumb !== medium ? 'thumb' : 'failed')}
      />
    </span>
  );
}

/** A sticker: its picture, and a button saving it into the user's set. */
export function EmoticonBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const [failed, setFailed] = useState(false);
  const src = mediaSrc(message) ?? thumbSrc(message);
  const save = () =>
    bubblesApi
      .saveEmoticon(message.messageId)
      .then(() => toast.success(t('bubble.emoticonSaved')))
      .catch(() => toast.error(t('bubble.emoticonSaveFailed')));
  return (
    <span className="bubble-emoticon" data-testid="bubble-emoticon">
      {src && !failed ? (
        <img
          src={src}
          alt={t('inbox.type.emoticon')}
          width={THUMBNAIL_SIZE}
          height={THUMBNAIL_SIZE}
          style={{ objectFit: 'contain' }}
          onError={() => setFailed(true)}
        />
      ) : (
        <span>{t('bubble.imageFailed')}</span>
      )}
      {message.sendSide === 2 && message.messageId && (
        <Button size="small" type="link" onClick={() => void save()}>
          {t('bubble.emoticonSave')}
        </Button>
      )}
    </span>
  );
}

/** A document: name, size and a download link; files over 10 MB are refused as SPEC says. */
export function DocumentBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const tooLarge = (message.fileLen ?? 0) > DOWNLOAD_MAX_BYTES;
  const href = downloadHref(message.fileUrl ?? message.fileCdnUrl);
  return (
    <span className="bubble-file" data-testid="bubble-file">
      <FileTextOutlined className="bubble-file-icon" aria-hidden />
      <span className="bubble-file-main">
        <span className="bubble-file-name">{message.fileName || t('inbox.type.document')}</span>
        <span className="bubble-file-size">{formatBytes(message.fileLen)}</span>
      </span>
      {message.uploadStatus === 'uploading' ? null : tooLarge || !href ? (
        <Button size="small" type="link" onClick={() => toast.warning(t('bubble.tooLarge'))}>
          {t('bubble.download')}
        </Button>
      ) : (
        <a href={href} target="_blank" rel="noopener noreferrer" download>
          {t('bubble.download')}
        </a>
      )}
    </span>
  );
}

/** A video: the player with its controls. */
export function VideoBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const src = mediaSrc(message);
  if (!src || failed) return <span data-testid="bubble-video">{t('bubble.videoFailed')}</span>;
  return (
    <video
      data-testid="bubble-video"
      className="bubble-video"
      src={src}
      poster={localFileSrc(message.jpegThumbnail) ?? undefined}
      controls
      preload="metadata"
      width={220}
      onError={() => setFailed(true)}
    />
  );
}

/**
 * A voice message: play button with the duration, and voice to text through the gateway, or
 * through the tenant's AI transcription model where the platform has none (docs/ai.md).
 */
export function VoiceBubble({ message }: BubbleProps) {
  const { t } = useTranslation();
  const aiStt = useAiCapability()?.stt === true;
  const [duration, setDuration] = useState<number | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const src = mediaSrc(message);
  const toText = () => {
    setBusy(true);
    bubblesApi
      .voiceToText(message.messageId)
      .then((r) => setText(r.text || t('bubble.voiceToTextEmpty')))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const toTextButton = (off: boolean) => (
    <Button
      size="small"
      type="link"
      loading={busy}
      disabled={off}
      onClick={toText}
      data-testid="bubble-voice-to-text"
    >
      {t('bubble.voiceToText')}
    </Button>
  );
  return (
    <span className="bubble-voice" data-testid="bubble-voice">
      <span className="bubble-voice-line">
        <span>{t('bubble.voice')}</span>
        {duration !== null && <span className="bubble-voice-len">{formatDuration(duration)}</span>}
        {src && (
          <audio
            src={src}
            controls
            preload="metadata"
            onLoadedMetadata={(e) => {
              const d = e.currentTarget.duration;
              if (Number.isFinite(d)) setDuration(d);
            }}
          />
        )}
        {message.messageId &&
          (aiStt ? (
            toTextButton(false)
          ) : (
            <CapabilityGate cap="voiceToText">{toTextButton}</CapabilityGate>
          ))}
      </span>
      {text !== null && <span className="bubble-voice-text">{text}</span>}
    </span>
  );
}
