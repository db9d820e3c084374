import { App, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateRemarkBody, type WorkAccountItem } from '@cst/shared';
import { FormField, FormModal, mappedZodRule } from '../../../components/listPage/index.ts';
import { accountsApi } from '../api.ts';

const trimmed = (v: unknown) => (typeof v === 'string' ? v : '').trim();

/** Props of {@link RemarkModal}. */
export interface RemarkModalProps {
  account: WorkAccountItem | null;
  onClose: (saved: boolean) => void;
}

/** Edits the remark of a work account; an unchanged value just closes the editor (SPEC §5). */
export function RemarkModal({ account, onClose }: RemarkModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  return (
    <FormModal<{ remark: string }>
      title={t('accounts.editRemark')}
      open={account !== null}
      onClose={onClose}
      okTestId="remark-ok"
      initialValues={{ remark: account?.remark ?? '' }}
      onSubmit={async ({ remark }) => {
        if (!account || remark.trim() === account.remark) return false;
        await accountsApi.updateRemark(account.wxid, remark);
        void message.success(t('accounts.remarkSaved'));
      }}
    >
      <FormField
        name="remark"
        label={t('accounts.remark')}
        required
        rules={[
          // An unchanged value (even an empty one) just closes; anything else must be valid.
          mappedZodRule(updateRemarkBody.shape.remark, t, t('accounts.remark'), {
            map: trimmed,
            skip: (v) => trimmed(v) === (account?.remark ?? ''),
          }),
        ]}
      >
        <Input
          autoFocus
          maxLength={64}
          showCount
          placeholder={account?.nickname}
          data-testid="remark-input"
        />
      </FormField>
    </FormModal>
  );
}
