import { FileOutlined, PictureOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationItem } from '@cst/shared';
import { MaterialPanel } from '../material/MaterialPanel.tsx';
import { PhrasePanel } from '../phrases/PhrasePanel.tsx';
import { TranslateTool } from '../translation/TranslateTool.tsx';
import { EmoticonPanel } from './EmoticonPanel.tsx';
import { MessageToolsHost } from './MessageToolsHost.tsx';
import { RichSendButton } from './RichSendDialog.tsx';
import { sendText } from '../conversations/store/inboxActions.ts';
import { groupFiles, SEND_ORDER, sendFiles, type SendKind } from './sendMedia.ts';
import { SendPreview } from './SendPreview.tsx';
import './media.css';

const ACCEPT: Record<SendKind, string> = { image: 'image/*', document: '', video: 'video/*' };
const ICON: Record<SendKind, ReactNode> = {
  image: <PictureOutlined />,
  document: <FileOutlined />,
  video: <VideoCameraOutlined />,
};

/**
 * The composer's media tools: pictures (pick, paste, drag and drop; up to 5), files, video, and
 * the sticker panel. Paste and drop are caught on the whole composer.
 */
export function ComposerExtras({
  conv,
  onInsert,
}: {
  conv: ConversationItem;
  /** Puts text into the composer at the caret (a phrase). */
  onInsert: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const anchor = useRef<HTMLSpanElement>(null);
  const inputs = useRef<Partial<Record<SendKind, HTMLInputElement | null>>>({});
  const [busy, setBusy] = useState(false);

  // Picked, pasted or dropped files wait in the preview until the seat presses Send.
  const [pending, setPending] = useState<File[] | null>(null);

  const send = async (kind: SendKind, files: File[]): Promise<boolean> => {
    if (files.length === 0) return true;
    setBusy(true);
    const hide = toast.loading(t('media.uploading'), 0);
    try {
      return await sendFiles(conv, kind, files, {
        onRetry: () => toast.warning(t('media.retrying')),
        onError: (key, detail) => toast.error(detail ? `${t(key)}：${detail}` : t(key)),
      });
    } catch {
      // The send call's error was already shown by the client.
      return false;
    } finally {
      hide();
      setBusy(false);
    }
  };
  /** Sends the previewed files, pictures first, then the caption as a text right after them. */
  const handleSendPending = async (caption: string) => {
    const files = pending ?? [];
    setPending(null);
    const groups = groupFiles(files);
    for (const kind of SEND_ORDER) if (!(await send(kind, groups[kind]))) return;
    if (caption.trim()) sendText(conv.index_name, caption);
  };
  const previewRef = useRef(setPending);
  previewRef.current = setPending;

  useEffect(() => {
    const root = anchor.current?.closest('.composer');
    if (!(root instanceof HTMLElement)) return;
    const onPaste = (e: ClipboardEvent) => {
      const files = [...(e.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      e.preventDefault();
      previewRef.current(files);
    };
    const onDragOver = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    };
    const onDrop = (e: DragEvent) => {
      const files = [...(e.dataTransfer?.files ?? [])];
      if (files.length === 0) return;
      e.preventDefault();
      previewRef.current(files);
    };
    root.addEventListener('paste', onPaste);
    root.addEventListener('dragover', onDragOver);
    root.addEventListener('drop', onDrop);
    return () => {
      root.removeEventListener('paste', onPaste);
      root.removeEventListener('dragover', onDragOver);
      root.removeEventListener('drop', onDrop);
    };
  }, []);

  return (
    <span className="composer-extras" ref={anchor}>
      <EmoticonPanel conv={conv} />
      <PhrasePanel onInsert={onInsert} />
      <MaterialPanel conv={conv} />
      {(['image', 'document', 'video'] as const).map((kind) => (
        <span key={kind}>
          <Tooltip title={t(`media.${kind === 'document' ? 'file' : kind}`)}>
            <Button
              type="text"
              size="small"
              icon={ICON[kind]}
              disabled={busy}
              aria-label={t(`media.${kind === 'document' ? 'file' : kind}`)}
              onClick={() => inputs.current[kind]?.click()}
              data-testid={`composer-${kind}`}
            />
          </Tooltip>
          <input
            ref={(el) => {
              inputs.current[kind] = el;
            }}
            type="file"
            hidden
            multiple={kind !== 'video'}
            accept={ACCEPT[kind] || undefined}
            data-testid={`composer-${kind}-input`}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length > 0) setPending(files);
            }}
          />
        </span>
      ))}
      <RichSendButton conv={conv} kind="link" />
      <RichSendButton conv={conv} kind="miniApp" />
      <TranslateTool indexName={conv.index_name} />
      <MessageToolsHost />
      <SendPreview
        files={pending}
        recipient={conv.name}
        onCancel={() => setPending(null)}
        onSend={(caption) => void handleSendPending(caption)}
      />
    </span>
  );
}
