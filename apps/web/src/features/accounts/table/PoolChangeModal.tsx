import { App, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WORK_ACCOUNT_POOLS, type WorkAccountPool } from '@cst/shared';
import { accountsApi } from '../api.ts';
import { ConfirmWordModal } from '../../../components/listPage/ConfirmWordModal.tsx';

/** Props of {@link PoolChangeModal}. */
export interface PoolChangeModalProps {
  wxids: string[] | null;
  onClose: (saved: boolean) => void;
}

/** Moves accounts between the service and the feeding pool, confirmed by typing 'yes'. */
export function PoolChangeModal({ wxids, onClose }: PoolChangeModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [pool, setPool] = useState<WorkAccountPool>('feeding');
  return (
    <ConfirmWordModal
      open={wxids !== null}
      title={t('accounts.poolChange')}
      word="yes"
      hint={t('accounts.poolChangeHint', {
        count: wxids?.length ?? 0,
        pool: t(`wxPool.${pool}`),
      })}
      onClose={() => onClose(false)}
      onConfirm={async (word) => {
        const res = await accountsApi.changePool(wxids ?? [], pool, word);
        void message.success(t('accounts.changed', { count: res.count }));
        onClose(true);
      }}
    >
      <Form.Item label={t('accounts.targetPool')}>
        <Select<WorkAccountPool>
          value={pool}
          onChange={setPool}
          options={WORK_ACCOUNT_POOLS.map((p) => ({ value: p, label: t(`wxPool.${p}`) }))}
          data-testid="pool-select"
        />
      </Form.Item>
    </ConfirmWordModal>
  );
}
