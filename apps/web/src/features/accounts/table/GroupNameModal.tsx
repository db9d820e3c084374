import { App, Input, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountGroupAddBody, type AccountGroupNode } from '@cst/shared';
import { FormField, FormModal } from '../../../components/listPage/index.ts';
import { groupsApi } from '../api.ts';
import { groupOptions } from './useAccountGroups.ts';

/** What the group dialog does: add (under a parent) or rename. */
export type GroupEdit =
  { kind: 'add'; parentId?: string } | { kind: 'rename'; group: AccountGroupNode };

/** Props of {@link GroupNameModal}. */
export interface GroupNameModalProps {
  edit: GroupEdit | null;
  groups: AccountGroupNode[];
  onClose: (saved: boolean) => void;
}

/** Adds an account group (optionally below another) or renames one. */
export function GroupNameModal({ edit, groups, onClose }: GroupNameModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const renaming = edit?.kind === 'rename' ? edit.group : null;

  return (
    <FormModal<{ name: string; parentId?: string }>
      title={t(renaming ? 'accountGroups.rename' : 'accountGroups.add')}
      open={edit !== null}
      onClose={onClose}
      okTestId="group-name-ok"
      initialValues={{
        name: renaming?.name ?? '',
        parentId: edit?.kind === 'add' ? edit.parentId : undefined,
      }}
      onSubmit={async (v) => {
        if (renaming) await groupsApi.rename(renaming.id, v.name);
        else await groupsApi.add(v.name, v.parentId);
        void message.success(t('common.saved'));
      }}
    >
      {!renaming && (
        <FormField name="parentId" label={t('accountGroups.parent')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder={t('accountGroups.root')}
            treeData={groupOptions(groups)}
          />
        </FormField>
      )}
      <FormField
        name="name"
        label={t('accountGroups.name')}
        schema={accountGroupAddBody.shape.name}
      >
        <Input autoFocus maxLength={32} data-testid="group-name" />
      </FormField>
    </FormModal>
  );
}
