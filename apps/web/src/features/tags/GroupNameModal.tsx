import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { addTagGroupBody, type TagGroupItem } from '@cst/shared';
import { FormField, FormModal } from '../../components/listPage/index.ts';
import { tagsApi } from './api.ts';

/** A new group (`'new'`) or the group being renamed. */
export type GroupDialog = 'new' | TagGroupItem | null;

/** Props of {@link GroupNameModal}. */
export interface GroupNameModalProps {
  dialog: GroupDialog;
  onClose: (saved: boolean) => void;
}

/** Adds a tag group or renames one. */
export function GroupNameModal({ dialog, onClose }: GroupNameModalProps) {
  const { t } = useTranslation();
  const group = dialog === 'new' ? null : dialog;
  return (
    <FormModal<{ name: string }>
      open={dialog !== null}
      title={group ? t('tags.renameGroup') : t('tags.addGroup')}
      initialValues={{ name: group?.name ?? '' }}
      onSubmit={async ({ name }) => {
        if (!group) return tagsApi.addGroup(name);
        if (name.trim() === group.name) return false;
        return tagsApi.editGroup(group.id, name);
      }}
      onClose={onClose}
      okTestId="tag-group-save"
    >
      <FormField name="name" label={t('tags.groupName')} schema={addTagGroupBody.shape.name}>
        <Input maxLength={30} showCount autoFocus data-testid="tag-group-name" />
      </FormField>
    </FormModal>
  );
}
