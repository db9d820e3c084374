import { Button, Card, Flex, Input, Select, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BULK_MAX_MESSAGES,
  MATERIAL_TYPES_FOR_MESSAGES,
  type BulkMessageInput,
  type BulkMessageKind,
} from '@cst/shared';
import { MaterialRefView, PickMaterialButton } from '../material/PickMaterialButton.tsx';
import { uploadChatFile } from '../media/upload.ts';

const KINDS: BulkMessageKind[] = ['text', 'image', 'file', 'video', 'link', 'miniProgram'];

/** Whether a message is an untouched text (a material pick takes its place). */
const isBlank = (m: BulkMessageInput) => m.kind === 'text' && m.content.trim() === '';

/** An empty message of a kind. */
export function blankMessage(kind: BulkMessageKind = 'text'): BulkMessageInput {
  switch (kind) {
    case 'text':
      return { kind, content: '' };
    case 'image':
    case 'file':
    case 'video':
      return { kind, fileUrl: '' };
    case 'link':
      return { kind, title: '', url: '', description: '' };
    case 'miniProgram':
      return { kind, title: '', appId: '', appName: '', pagePath: '' };
    case 'material':
      return { kind, materialId: '' };
  }
}

/** Props of {@link MessagesEditor}. */
export interface MessagesEditorProps {
  value?: BulkMessageInput[];
  onChange?: (v: BulkMessageInput[]) => void;
}

/** The 1–5 messages of a task: each a text, file, link or mini-program; quick mode fills five. */
export function MessagesEditor({ value = [], onChange }: MessagesEditorProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState<number | null>(null);
  const set = (i: number, m: BulkMessageInput) =>
    onChange?.(value.map((x, j) => (j === i ? m : x)));
  const field = (i: number, m: BulkMessageInput, key: string, label: string) => (
    <Input
      placeholder={label}
      value={(m as Record<string, string | undefined>)[key] ?? ''}
      onChange={(e) => set(i, { ...m, [key]: e.target.value } as BulkMessageInput)}
      data-testid={`bulk-msg-${i}-${key}`}
    />
  );
  return (
    <Flex vertical gap={8}>
      {value.map((m, i) => (
        <Card
          key={i}
          size="small"
          title={t('bulkSend.messageNo', { n: i + 1 })}
          extra={
            value.length > 1 && (
              <Button
                size="small"
                type="link"
                danger
                onClick={() => onChange?.(value.filter((_, j) => j !== i))}
              >
                {t('bulkSend.create.removeMessage')}
              </Button>
            )
          }
        >
          <Flex vertical gap={6}>
            {m.kind === 'material' ? (
              <MaterialRefView materialId={m.materialId} />
            ) : (
              <Select
                value={m.kind}
                style={{ width: 160 }}
                onChange={(k: BulkMessageKind) => set(i, blankMessage(k))}
                options={KINDS.map((k) => ({ value: k, label: t(`bulkSend.kinds.${k}`) }))}
                data-testid={`bulk-msg-${i}-kind`}
              />
            )}
            {m.kind === 'text' && (
              <Input.TextArea
                rows={3}
                maxLength={5000}
                placeholder={t('bulkSend.create.content')}
                value={m.content}
                onChange={(e) => set(i, { ...m, content: e.target.value })}
                data-testid={`bulk-msg-${i}-content`}
              />
            )}
            {(m.kind === 'image' || m.kind === 'file' || m.kind === 'video') && (
              <Flex gap={8} align="center">
                <Upload
                  showUploadList={false}
                  accept={
                    m.kind === 'image' ? 'image/*' : m.kind === 'video' ? 'video/*' : undefined
                  }
                  customRequest={({ file }) => {
                    setUploading(i);
                    void uploadChatFile(file as File, 'bulk', 'task')
                      .then((r) => set(i, { ...m, fileUrl: r.url, fileName: (file as File).name }))
                      .finally(() => setUploading(null));
                  }}
                >
                  <Button loading={uploading === i}>{t('bulkSend.create.uploadFile')}</Button>
                </Upload>
                <span>{m.fileName ?? ''}</span>
              </Flex>
            )}
            {m.kind === 'link' && (
              <>
                {field(i, m, 'title', t('bulkSend.create.linkTitle'))}
                {field(i, m, 'url', t('bulkSend.create.linkUrl'))}
                {field(i, m, 'description', t('bulkSend.create.linkDescription'))}
              </>
            )}
            {m.kind === 'miniProgram' && (
              <>
                {field(i, m, 'title', t('bulkSend.create.linkTitle'))}
                {field(i, m, 'appId', t('bulkSend.create.appId'))}
                {field(i, m, 'appName', t('bulkSend.create.appName'))}
                {field(i, m, 'pagePath', t('bulkSend.create.pagePath'))}
              </>
            )}
          </Flex>
        </Card>
      ))}
      <Flex gap={8}>
        <Button
          disabled={value.length >= BULK_MAX_MESSAGES}
          onClick={() => onChange?.([...value, blankMessage()])}
          data-testid="bulk-msg-add"
        >
          {t('bulkSend.create.addMessage')}
        </Button>
        <Button
          disabled={value.length >= BULK_MAX_MESSAGES}
          onClick={() =>
            onChange?.([
              ...value,
              ...Array.from({ length: BULK_MAX_MESSAGES - value.length }, () => blankMessage()),
            ])
          }
          data-testid="bulk-msg-quick"
        >
          {t('bulkSend.create.quick')}
        </Button>
        <PickMaterialButton
          types={MATERIAL_TYPES_FOR_MESSAGES}
          max={BULK_MAX_MESSAGES - value.filter((m) => !isBlank(m)).length}
          onPick={(items) =>
            onChange?.(
              [
                ...value.filter((m) => !isBlank(m)),
                ...items.map((x) => ({ kind: 'material' as const, materialId: x.id })),
              ].slice(0, BULK_MAX_MESSAGES),
            )
          }
          testId="bulk-msg-material"
        />
      </Flex>
    </Flex>
  );
}
