import { App, Input, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField, FormModal } from '../../../components/listPage/index.ts';
import { accountsApi } from '../api.ts';
import { groupOptions, useAccountGroups } from './useAccountGroups.ts';

/** Props of {@link GroupPickModal}. */
export interface GroupPickModalProps {
  /** 'moveGroup' sets the group of accounts in any state; 'batchEdit' edits online ones. */
  mode: 'moveGroup' | 'batchEdit';
  wxids: string[] | null;
  onClose: (saved: boolean) => void;
}

const UNGROUPED = '__none__';

/** Sets the group of accounts, or edits logged-in ones in bulk (remark and group). */
export function GroupPickModal({ mode, wxids, onClose }: GroupPickModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = wxids !== null;
  const groups = useAccountGroups(open);
  const batch = mode === 'batchEdit';

  const handleSubmit = async (v: { groupId?: string; remark?: string }) => {
    if (!wxids) return;
    const groupId = v.groupId === UNGROUPED ? null : v.groupId;
    const res = batch
      ? await accountsApi.batchEdit({
          wxids,
          ...(v.remark?.trim() ? { remark: v.remark } : {}),
          ...(v.groupId ? { groupId } : {}),
        })
      : await accountsApi.moveGroup(wxids, groupId ?? null);
    void message.success(t('accounts.changed', { count: res.count }));
  };

  return (
    <FormModal<{ groupId?: string; remark?: string }>
      title={t(batch ? 'accounts.batchEdit' : 'accounts.moveGroup')}
      open={open}
      onSubmit={handleSubmit}
      onClose={onClose}
      okTestId="group-pick-ok"
    >
      <Typography.Paragraph type="secondary">
        {t('accounts.selectedInfo', { count: wxids?.length ?? 0 })}
        {batch && <> · {t('accounts.batchEditHint')}</>}
      </Typography.Paragraph>
      {batch && (
        <FormField name="remark" label={t('accounts.remark')}>
          <Input maxLength={64} data-testid="batch-remark" />
        </FormField>
      )}
      <FormField name="groupId" label={t('accounts.group')}>
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          placeholder={batch ? t('accounts.keepGroup') : t('accounts.ungrouped')}
          treeData={[
            { value: UNGROUPED, title: t('accounts.ungrouped'), children: [] },
            ...groupOptions(groups.data ?? []),
          ]}
          data-testid="group-pick"
        />
      </FormField>
    </FormModal>
  );
}
