import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { addTagBody, TAG_COLORS, type TagGroupItem, type TagItem } from '@cst/shared';
import { FormField, FormModal } from '../../components/listPage/index.ts';
import { tagsApi } from './api.ts';
import { ColorSwatches } from './ColorSwatches.tsx';

/** What the dialog edits: a new tag in a group, or an existing one. */
export type TagDialog = { groupId: string; tag?: TagItem } | null;

interface TagValues {
  name: string;
  color: string;
  groupId: string;
}

/** Props of {@link TagFormModal}. */
export interface TagFormModalProps {
  dialog: TagDialog;
  groups: TagGroupItem[];
  onClose: (saved: boolean) => void;
}

/** Adds a tag to a group or edits one: name, colour (presets or any), group. */
export function TagFormModal({ dialog, groups, onClose }: TagFormModalProps) {
  const { t } = useTranslation();
  const tag = dialog?.tag;
  const submit = async (v: TagValues) => {
    const color = v.color || undefined;
    if (!tag) return tagsApi.add({ groupId: v.groupId, name: v.name, color });
    const patch = {
      name: v.name !== tag.name ? v.name : undefined,
      color: color && color !== tag.color ? color : undefined,
      groupId: v.groupId !== dialog.groupId ? v.groupId : undefined,
    };
    if (Object.values(patch).every((x) => x === undefined)) return false;
    return tagsApi.edit({ id: tag.id, ...patch });
  };
  return (
    <FormModal<TagValues>
      open={dialog !== null}
      title={tag ? t('tags.editTag') : t('tags.addTag')}
      initialValues={{
        name: tag?.name ?? '',
        color: tag?.color || TAG_COLORS[0],
        groupId: dialog?.groupId,
      }}
      onSubmit={submit}
      onClose={onClose}
      okTestId="tag-save"
    >
      <FormField name="name" label={t('tags.tagName')} schema={addTagBody.shape.name}>
        <Input maxLength={30} showCount data-testid="tag-name" />
      </FormField>
      <FormField name="color" label={t('tags.color')}>
        <ColorSwatches />
      </FormField>
      <FormField name="groupId" label={t('tags.group')} required>
        <Select options={groups.map((g) => ({ value: g.id, label: g.name }))} />
      </FormField>
    </FormModal>
  );
}
