import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Flex, Result, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../accounts/api.ts';
import { simulatorApi, simulatorKeys } from './api.ts';
import { ConfigPanel } from './ConfigPanel.tsx';
import { FriendRequestPanel } from './FriendRequestPanel.tsx';
import { InboundPanel } from './InboundPanel.tsx';
import { MergePersonPanel } from './MergePersonPanel.tsx';
import { MomentActPanel } from './MomentActPanel.tsx';
import { PendingQrPanel } from './PendingQrPanel.tsx';
import { SimAccountsPanel } from './SimAccountsPanel.tsx';
import './simulator.css';

/**
 * The simulator page (only on the simulator platform): how a demo or an e2e test plays the
 * outside world — phones scanning QR codes, contacts writing, the platform failing.
 */
export function SimulatorPage() {
  const { t } = useTranslation();
  const platform = usePlatform();
  if (platform.isPending) return <Spin />;
  if (!platform.data?.simulator) {
    return (
      <Result status="404" title={t('simulator.title')} subTitle={t('simulator.notSimulator')} />
    );
  }
  return <SimulatorPanels />;
}

function SimulatorPanels() {
  const { t } = useTranslation();
  const accounts = useQuery({ queryKey: simulatorKeys.accounts, queryFn: simulatorApi.accounts });
  return (
    <Flex vertical gap={12} className="page sim-page" data-testid="simulator-page">
      <Alert type="info" showIcon title={t('simulator.intro')} />
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={9}>
          <Flex vertical gap={12}>
            <PendingQrPanel />
            <ConfigPanel />
            <FriendRequestPanel accounts={accounts.data ?? []} />
            <MomentActPanel accounts={accounts.data ?? []} />
            <MergePersonPanel accounts={accounts.data ?? []} />
          </Flex>
        </Col>
        <Col xs={24} xl={15}>
          <Flex vertical gap={12}>
            <SimAccountsPanel />
            <InboundPanel accounts={accounts.data ?? []} />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
