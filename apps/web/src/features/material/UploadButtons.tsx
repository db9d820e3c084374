import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { App, Button, Dropdown, Space, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { materialApi } from './api.ts';
import type { AddKind } from './AddMaterialModal.tsx';

type UploadKind = 'images' | 'video' | 'file';
const ACCEPT: Record<UploadKind, string | undefined> = {
  images: 'image/*',
  video: 'video/mp4,video/quicktime,.mp4,.mov',
  file: undefined,
};
const LABEL: Record<UploadKind, string> = {
  images: 'material.uploadImages',
  video: 'material.uploadVideo',
  file: 'material.uploadFile',
};

/** The library page's upload buttons (the server checks every SPEC §5 limit) and "add" menu. */
export function UploadButtons({
  folderId,
  onUploaded,
  onAdd,
}: {
  folderId: string;
  onUploaded: () => void;
  onAdd: (kind: AddKind) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const inputs = useRef<Partial<Record<UploadKind, HTMLInputElement | null>>>({});
  const [busy, setBusy] = useState(false);
  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setBusy(true);
    const hide = message.loading(t('material.uploading'), 0);
    try {
      const r = await materialApi.upload(folderId, files);
      void message.success(t('material.uploaded', { count: r.list.length }));
      onUploaded();
    } catch {
      // The client showed the server's reason (size, dimensions, duration…).
    } finally {
      hide();
      setBusy(false);
    }
  };
  return (
    <Space wrap>
      <Tooltip title={folderId ? t('material.uploadHint') : t('msg.materialFolderRequired')}>
        <Space.Compact>
          {(['images', 'video', 'file'] as const).map((kind) => (
            <Button
              key={kind}
              icon={kind === 'images' ? <UploadOutlined /> : undefined}
              disabled={busy || !folderId}
              onClick={() => inputs.current[kind]?.click()}
              data-testid={`material-upload-${kind}`}
            >
              {t(LABEL[kind])}
            </Button>
          ))}
        </Space.Compact>
      </Tooltip>
      {(['images', 'video', 'file'] as const).map((kind) => (
        <input
          key={kind}
          ref={(el) => {
            inputs.current[kind] = el;
          }}
          type="file"
          hidden
          multiple={kind === 'images'}
          accept={ACCEPT[kind]}
          data-testid={`material-upload-${kind}-input`}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            void upload(files);
          }}
        />
      ))}
      <Dropdown
        disabled={!folderId}
        trigger={['click']}
        menu={{
          items: (['text', 'link', 'miniApp'] as const).map((k) => ({
            key: k,
            label: t(
              k === 'text'
                ? 'material.addText'
                : k === 'link'
                  ? 'material.addLink'
                  : 'material.addMiniApp',
            ),
          })),
          onClick: ({ key }) => onAdd(key as AddKind),
        }}
      >
        <Button type="primary" data-testid="material-add">
          <Space>
            {t('material.add')}
            <DownOutlined />
          </Space>
        </Button>
      </Dropdown>
    </Space>
  );
}
