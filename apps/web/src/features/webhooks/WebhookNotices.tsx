import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { useCan } from '../../lib/session/sessionStore.ts';

/** The push telling managers that an endpoint failing for 3 days was disabled. */
export const WEBHOOK_DISABLED_EVENT = 'webhookDisabled';

/**
 * Tells a manager (`openapi.manage`), wherever they are in the console, that an endpoint failing
 * for 3 days was disabled, with a way to the webhooks screen. It stays until closed.
 */
export function WebhookNotices() {
  return useCan('openapi.manage') ? <LiveWebhookNotices /> : null;
}

function LiveWebhookNotices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  useRealtimeEvent<{ id: string; url: string }>(WEBHOOK_DISABLED_EVENT, (p) => {
    const key = `webhook-disabled-${p.id}`;
    notification.warning({
      key,
      title: t('webhooks.disabledTitle'),
      description: (
        <span data-testid="webhook-disabled-notice">
          {t('webhooks.disabledNotice', { url: p.url })}
        </span>
      ),
      duration: 0,
      actions: (
        <Button
          size="small"
          type="primary"
          data-testid="webhook-disabled-open"
          onClick={() => {
            notification.destroy(key);
            void navigate('/settings/open/webhooks');
          }}
        >
          {t('webhooks.openWebhooks')}
        </Button>
      ),
    });
  });
  return null;
}
