import { App, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkAccountItem } from '@cst/shared';
import { accountsApi } from './api.ts';

/** Props of {@link RemarkModal}. */
export interface RemarkModalProps {
  account: WorkAccountItem | null;
  onClose: (saved: boolean) => void;
}

/** Edits the remark of a work account; an unchanged value just closes the editor (SPEC §5). */
export function RemarkModal({ account, onClose }: RemarkModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [value, setValue] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const remark = value ?? account?.remark ?? '';

  const close = (saved: boolean) => {
    setValue(null);
    onClose(saved);
  };
  const handleOk = async () => {
    if (!account) return;
    if (remark.trim() === account.remark) return close(false);
    setSaving(true);
    try {
      await accountsApi.updateRemark(account.wxid, remark);
      void message.success(t('accounts.remarkSaved'));
      close(true);
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('accounts.editRemark')}
      open={account !== null}
      onCancel={() => close(false)}
      onOk={() => void handleOk()}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'remark-ok' }}
    >
      <Input
        autoFocus
        maxLength={64}
        showCount
        value={remark}
        placeholder={account?.nickname}
        aria-label={t('accounts.remark')}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={() => void handleOk()}
        data-testid="remark-input"
      />
    </Modal>
  );
}
