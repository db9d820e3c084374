import { App, Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormField, FormModal } from '../../components/listPage/index.ts';
import { materialApi, materialKeys } from './api.ts';

/**
 * "Add to material" of a chat message: pick a folder; the server maps the message type (SPEC §3)
 * and refuses what cannot be added, or a contact's file not yet downloaded.
 */
export function AddToMaterialModal({
  messageId,
  onClose,
}: {
  messageId: string | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const open = Boolean(messageId);
  const folders = useQuery({
    queryKey: materialKeys.folders,
    queryFn: materialApi.folders,
    enabled: open,
  });
  return (
    <FormModal<{ folderId?: string }>
      key={folders.data ? 'ready' : 'loading'}
      open={open}
      title={t('material.addToMaterial')}
      initialValues={{ folderId: folders.data?.list[0]?.id }}
      okTestId="add-to-material-ok"
      onClose={onClose}
      onSubmit={async (v) => {
        if (!messageId || !v.folderId) return;
        await materialApi.fromMessage(v.folderId, messageId);
        void message.success(t('material.added'));
        await client.invalidateQueries({ queryKey: materialKeys.all });
      }}
    >
      <FormField
        name="folderId"
        label={t('material.pickFolder')}
        rules={[{ required: true, message: t('msg.materialFolderRequired') }]}
      >
        <Select
          options={(folders.data?.list ?? []).map((f) => ({ value: f.id, label: f.name }))}
          loading={folders.isLoading}
          data-testid="add-to-material-folder"
        />
      </FormField>
    </FormModal>
  );
}
