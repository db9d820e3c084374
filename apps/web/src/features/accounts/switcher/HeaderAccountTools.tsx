import { ExperimentOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../lib/session/sessionStore.ts';
import { ConnectionIndicator } from '../../realtime/ConnectionIndicator.tsx';
import { AccountStatusAlerts } from './AccountStatusAlerts.tsx';
import { usePlatform } from '../api.ts';
import { WorkAccountSwitcher } from './WorkAccountSwitcher.tsx';

/** The simulator's entry, only when the platform is the simulator and the user manages accounts. */
export function SimulatorLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useCan('account.manage');
  const platform = usePlatform();
  if (!canManage || !platform.data?.simulator) return null;
  return (
    <Tooltip title={t('simulator.headerHint')}>
      <Button
        type="text"
        icon={<ExperimentOutlined />}
        aria-label={t('simulator.title')}
        data-testid="open-simulator"
        onClick={() => void navigate('/simulator')}
      />
    </Tooltip>
  );
}

/**
 * The header's work-account slot: link state, simulator entry, work-account switcher, and the
 * notifications of accounts that stop working (on every page of the console).
 */
export function HeaderAccountTools() {
  return (
    <>
      <AccountStatusAlerts />
      <ConnectionIndicator />
      <SimulatorLink />
      <WorkAccountSwitcher />
    </>
  );
}
