import { Button, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan, useSession } from '../../../lib/session/sessionStore.ts';
import { StartGuide } from '../../billing/StartGuide.tsx';

/**
 * What the conversation screen shows while the user sees no work account: what to do next, in
 * the user's own terms. A manager (who sees the whole company) is told to add one by QR code in
 * 工作号管理; anyone else who may manage accounts to add or assign one there; a seat to ask the
 * manager to assign one. Whoever pays for ports also sees how to get going (trial ports, steps).
 */
export function NoAccountsGuide() {
  const { t } = useTranslation();
  const manager = useSession((s) => s.user?.role === 'manager');
  const canManage = useCan('account.manage');
  const canPay = useCan('billing.manage');
  const title = manager ? t('inbox.guide.managerTitle') : t('inbox.guide.seatTitle');
  const text = manager
    ? t('inbox.guide.managerText')
    : canManage
      ? t('inbox.guide.managerUnassigned')
      : t('inbox.guide.seatText');
  return (
    <section className="inbox-chat inbox-chat-empty" data-testid="no-accounts-guide">
      <Empty
        description={
          <div className="inbox-guide">
            <Typography.Title level={5}>{title}</Typography.Title>
            <Typography.Paragraph type="secondary">{text}</Typography.Paragraph>
            {canPay && <StartGuide />}
          </div>
        }
      >
        {canManage && (
          <Link to="/settings/wxaccount">
            <Button type="primary" data-testid="no-accounts-open">
              {t('inbox.guide.open')}
            </Button>
          </Link>
        )}
      </Empty>
    </section>
  );
}
