import { FileOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Alert, Input, Modal, Typography } from 'antd';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH } from '@cst/shared';
import { checkFiles, groupFiles, SEND_ORDER } from './sendMedia.ts';

/** Props of {@link SendPreview}. */
export interface SendPreviewProps {
  /** The files waiting to be sent (picked, pasted or dropped); null when nothing waits. */
  files: File[] | null;
  /** The name of the chat they would go to, shown so a paste into the wrong chat is seen. */
  recipient: string;
  onCancel: () => void;
  onSend: (caption: string) => void;
}

/** Object URLs of the pictures among `files`, revoked when the files change or go. */
function usePictureUrls(files: File[]): Map<File, string> {
  const urls = useMemo(() => {
    const out = new Map<File, string>();
    if (typeof URL.createObjectURL !== 'function') return out;
    for (const f of files) if (f.type.startsWith('image/')) out.set(f, URL.createObjectURL(f));
    return out;
  }, [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

/** A file's size for people: KB below a megabyte, else MB. */
function sizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * What is about to be sent, before anything leaves (as WhatsApp Web and WeChat do): the pictures,
 * the other files by name, the chat they go to, a caption and Cancel / Send. The send API takes no
 * caption with a file, so the caption goes as a text message right after the files.
 */
export function SendPreview({ files, recipient, onCancel, onSend }: SendPreviewProps) {
  const { t } = useTranslation();
  const [caption, setCaption] = useState('');
  const list = useMemo(() => files ?? [], [files]);
  const urls = usePictureUrls(list);
  const groups = groupFiles(list);
  const problem = SEND_ORDER.map((k) => checkFiles(k, groups[k])).find(Boolean) ?? null;
  const open = files !== null;
  // A new batch starts with an empty caption.
  useEffect(() => {
    if (open) setCaption('');
  }, [files, open]);

  const send = () => {
    if (problem) return;
    onSend(caption);
  };
  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };

  return (
    <Modal
      open={open}
      title={t('media.preview.title', { name: recipient })}
      okText={t('media.preview.send')}
      cancelText={t('common.cancel')}
      onOk={send}
      onCancel={onCancel}
      okButtonProps={{ disabled: Boolean(problem), 'data-testid': 'send-preview-send' }}
      cancelButtonProps={{ 'data-testid': 'send-preview-cancel' }}
      destroyOnHidden
      width={560}
      data-testid="send-preview"
    >
      <div className="send-preview" data-testid="send-preview-body">
        {problem && <Alert type="error" showIcon message={t(problem)} />}
        {groups.image.length > 0 && (
          <div className="send-preview-pictures">
            {groups.image.map((f, i) => (
              <figure key={i} className="send-preview-picture" data-testid="send-preview-picture">
                {urls.get(f) ? <img src={urls.get(f)} alt={f.name} /> : null}
                <figcaption title={f.name}>{f.name}</figcaption>
              </figure>
            ))}
          </div>
        )}
        {[...groups.video, ...groups.document].map((f, i) => (
          <div key={i} className="send-preview-file" data-testid="send-preview-file">
            {f.type.startsWith('video/') ? <VideoCameraOutlined /> : <FileOutlined />}
            <Typography.Text ellipsis={{ tooltip: f.name }}>{f.name}</Typography.Text>
            <Typography.Text type="secondary">{sizeText(f.size)}</Typography.Text>
          </div>
        ))}
        <Input.TextArea
          value={caption}
          onChange={(e) => setCaption(e.target.value)}
          onKeyDown={handleKeyDown}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={MAX_TEXT_LENGTH}
          placeholder={t('media.preview.caption')}
          aria-label={t('media.preview.caption')}
          autoFocus
          data-testid="send-preview-caption"
        />
        <Typography.Text type="secondary" className="send-preview-hint">
          {t('media.preview.captionHint')}
        </Typography.Text>
      </div>
    </Modal>
  );
}
