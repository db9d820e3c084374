import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PortItem } from '@cst/shared';
import { ListScreen, useListPage, useRowSelection } from '../../components/listPage/index.ts';
import { portListSpec, usePortDialog } from '../ports/portListSpec.tsx';
import { billingKeys } from './api.ts';
import { BalanceBar } from './BalanceBar.tsx';
import { PayPortsModal } from './PayPortsModal.tsx';
import { useWallet } from './useWallet.ts';

/** A company's own ports: balance, states, buy and renew from the balance. */
export function MyPortsPage() {
  const { t } = useTranslation();
  const selection = useRowSelection<PortItem>();
  const { mode, setMode, close } = usePortDialog<'buy' | 'renew'>(selection, [
    billingKeys.all,
    ['accounts'],
  ]);
  const wallet = useWallet();
  const page = useListPage(
    portListSpec({
      key: ['ports', 'own'],
      texts: 'billing.ports',
      testId: 'my-ports',
      add: { label: 'billing.ports.buy', onClick: () => setMode('buy'), testId: 'buy-ports' },
      onRenew: () => setMode('renew'),
      selection,
      columnsAtEnd: [{ kind: 'time', title: 'ports.grantedAt', field: 'createdAt' }],
    }),
  );

  return (
    <ListScreen
      page={page}
      notice={
        <>
          <BalanceBar
            extra={
              <Link to="/settings/orders">
                <Button icon={<ShoppingCartOutlined />}>{t('billing.ports.viewOrders')}</Button>
              </Link>
            }
          />
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {t('billing.ports.notice')}
          </Typography.Paragraph>
        </>
      }
    >
      <PayPortsModal
        mode={mode}
        selectedIds={selection.keys}
        wallet={wallet.data}
        onClose={close}
      />
    </ListScreen>
  );
}
