import { useQuery } from '@tanstack/react-query';
import { App, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { distributeBody, SEAT_MAX_WORK_ACCOUNTS, type SeatNode } from '@cst/shared';
import { FormField, FormModal } from '../../../components/listPage/index.ts';
import { seatsKeys, usersApi } from '../../seats/api.ts';
import { accountsApi } from '../api.ts';

/** Props of {@link DistributeModal}. */
export interface DistributeModalProps {
  /** The accounts to distribute; null when closed. */
  wxids: string[] | null;
  onClose: (saved: boolean) => void;
}

interface SeatOption {
  value: string;
  title: string;
  disabled: boolean;
  children: SeatOption[];
}

/** The seat tree as picker options; managers see every account already, so they are not targets. */
function seatOptions(nodes: SeatNode[]): SeatOption[] {
  return nodes.map((n) => ({
    value: n.uid,
    title: `${n.nickname} (${n.username}) · ${n.workAccountCount}/${SEAT_MAX_WORK_ACCOUNTS}`,
    disabled: n.role === 'manager' || n.role === 'admin',
    children: seatOptions(n.children),
  }));
}

/** Distributes work accounts to a seat picked from the seat tree (a seat holds at most 50). */
export function DistributeModal({ wxids, onClose }: DistributeModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = wxids !== null;
  const tree = useQuery({
    queryKey: seatsKeys.tree,
    queryFn: () => usersApi.accountTree(),
    enabled: open,
  });

  return (
    <FormModal<{ uid: string }>
      title={t('accounts.distribute')}
      open={open}
      onClose={onClose}
      okTestId="distribute-ok"
      onSubmit={async ({ uid }) => {
        const res = await accountsApi.distribute(wxids ?? [], uid);
        void message.success(t('accounts.distributed', { count: res.count }));
      }}
    >
      <Typography.Paragraph type="secondary">
        {t('accounts.selectedInfo', { count: wxids?.length ?? 0 })}
      </Typography.Paragraph>
      <FormField name="uid" label={t('accounts.seat')} schema={distributeBody.shape.uid}>
        <TreeSelect
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          loading={tree.isFetching}
          placeholder={t('accounts.seat')}
          treeData={seatOptions(tree.data ?? [])}
          data-testid="distribute-seat"
        />
      </FormField>
    </FormModal>
  );
}
