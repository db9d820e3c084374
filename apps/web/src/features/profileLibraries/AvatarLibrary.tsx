import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { App, Button, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton, EmptyState, ListPage } from '../../components/listPage/index.ts';
import { localFileSrc } from '../bubbles/media.ts';
import { profileLibApi, profileLibKeys } from './api.ts';
import { AvatarCropDialog } from './AvatarCropDialog.tsx';

/** The avatar library: square jpg avatars, uploaded through the crop dialog. */
export function AvatarLibrary() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  // Picked pictures wait their turn: the crop dialog shows the first, then the next.
  const [queue, setQueue] = useState<{ files: File[]; total: number }>({ files: [], total: 0 });
  const file = queue.files[0] ?? null;
  const avatars = useQuery({ queryKey: profileLibKeys.avatars, queryFn: profileLibApi.avatars });
  const refresh = () => client.invalidateQueries({ queryKey: profileLibKeys.avatars });

  const pick = (picked: File[]) => {
    const jpegs = picked.filter((f) => /\.jpe?g$/i.test(f.name) || f.type === 'image/jpeg');
    const others = picked.filter((f) => !jpegs.includes(f));
    if (others.length > 0) {
      void message.error(
        `${t('profileLib.notJpeg')}${t('common.colon')}${others.map((f) => f.name).join('、')}`,
      );
    }
    if (jpegs.length > 0) setQueue({ files: jpegs, total: jpegs.length });
  };
  const next = () => setQueue((q) => ({ files: q.files.slice(1), total: q.total }));
  const upload = (
    <>
      <Button
        type="primary"
        icon={<UploadOutlined />}
        onClick={() => input.current?.click()}
        data-testid="avatar-upload"
      >
        {t('profileLib.uploadAvatar')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept=".jpg,.jpeg,image/jpeg"
        multiple
        data-testid="avatar-upload-input"
        onChange={(e) => {
          pick([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </>
  );
  const list = avatars.data?.list ?? [];
  return (
    <ListPage
      bare
      testId="avatar-library"
      notice={<Typography.Text type="secondary">{t('profileLib.avatarHint')}</Typography.Text>}
      actions={upload}
    >
      {avatars.isLoading ? (
        <Spin />
      ) : list.length === 0 ? (
        <EmptyState title={t('profileLib.noAvatars')} hint={t('profileLib.noAvatarsHint')} />
      ) : (
        <div className="avatar-grid">
          {list.map((a) => (
            <div key={a.id} className="avatar-cell" data-testid="avatar-cell">
              <img src={localFileSrc(a.url) ?? undefined} alt="" loading="lazy" />
              <Typography.Text type="secondary">{`${a.size}px`}</Typography.Text>
              <DeleteButton
                target={t('profileLib.avatars')}
                onDelete={async () => {
                  await profileLibApi.deleteAvatars([a.id]);
                  void message.success(t('profileLib.deleted'));
                  await refresh();
                }}
              />
            </div>
          ))}
        </div>
      )}
      <AvatarCropDialog
        key={`${queue.total - queue.files.length}:${file?.name ?? ''}`}
        file={file}
        position={
          queue.total > 1 ? { n: queue.total - queue.files.length + 1, of: queue.total } : null
        }
        onClose={next}
        onDone={async (jpeg) => {
          await profileLibApi.uploadAvatar(jpeg);
          void message.success(t('profileLib.uploaded'));
          await refresh();
        }}
      />
    </ListPage>
  );
}
