import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PositionsTab } from './PositionsTab.tsx';
import { SeatsTab } from './SeatsTab.tsx';

/** Sub-account and seat management, with the tenant's positions on a second tab. */
export function ChildAccountManagePage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'positions' ? 'positions' : 'seats';
  const show = (key: string) => setSearch(key === 'positions' ? { tab: key } : {});
  return (
    <Card title={t('seats.title')} data-testid="child-account-manage">
      <Tabs
        activeKey={tab}
        onChange={show}
        destroyOnHidden
        items={[
          {
            key: 'seats',
            label: t('seats.tabSeats'),
            children: <SeatsTab />,
          },
          { key: 'positions', label: t('seats.tabPositions'), children: <PositionsTab /> },
        ]}
      />
    </Card>
  );
}
