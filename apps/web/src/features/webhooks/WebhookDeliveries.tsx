import { App, Select, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  WEBHOOK_DELIVERY_STATES,
  type WebhookDeliveryItem,
  type WebhookDeliveryState,
  type WebhookItem,
} from '@cst/shared';
import { RowButton, RowsDrawer } from '../../components/listPage/index.ts';
import { webhooksApi } from './api.ts';

const timeOf = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

const STATE_COLOR: Record<WebhookDeliveryState, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
};

export interface WebhookDeliveriesProps {
  hook: WebhookItem | null;
  onClose: () => void;
}

/** The delivery log of an endpoint: each event's state, attempts and answer; redeliver. */
export function WebhookDeliveries({ hook, onClose }: WebhookDeliveriesProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const key = ['webhooks', 'deliveries', hook?.id ?? ''];
  return (
    <RowsDrawer<WebhookDeliveryItem, { status?: WebhookDeliveryState }>
      open={hook !== null}
      title={t('webhooks.log.title', { url: hook?.url ?? '' })}
      onClose={onClose}
      queryKey={key}
      fetch={(q) => webhooksApi.deliveries({ ...q, id: hook!.id })}
      rowKey="eventId"
      scrollX={1100}
      testId="webhook-deliveries"
      tableTestId="webhook-deliveries-table"
      toolbar={(filter, setFilter) => (
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('webhooks.log.allStatus')}
          value={filter.status}
          onChange={(status?: WebhookDeliveryState) => setFilter({ status })}
          options={WEBHOOK_DELIVERY_STATES.map((s) => ({
            value: s,
            label: t(`webhooks.log.states.${s}`),
          }))}
          data-testid="webhook-deliveries-status"
        />
      )}
      columns={[
        { title: t('webhooks.log.event'), dataIndex: 'event', width: 160 },
        {
          title: t('webhooks.log.status'),
          dataIndex: 'status',
          width: 100,
          render: (s: WebhookDeliveryState) => (
            <Tag color={STATE_COLOR[s]} data-testid="webhook-delivery-status">
              {t(`webhooks.log.states.${s}`)}
            </Tag>
          ),
        },
        { title: t('webhooks.log.attempts'), dataIndex: 'attempts', width: 90 },
        {
          title: t('webhooks.log.code'),
          width: 180,
          render: (_: unknown, d: WebhookDeliveryItem) =>
            d.lastError ? (
              <Tooltip title={d.lastError}>
                <Typography.Text type="danger" ellipsis style={{ maxWidth: 160 }}>
                  {d.lastStatusCode ?? d.lastError}
                </Typography.Text>
              </Tooltip>
            ) : (
              <Tooltip title={d.history.at(-1)?.body || undefined}>
                {d.lastStatusCode ?? '-'}
              </Tooltip>
            ),
        },
        {
          title: t('webhooks.log.latency'),
          dataIndex: 'latencyMs',
          width: 90,
          render: (ms: number | null) => (ms === null ? '-' : `${ms} ms`),
        },
        {
          title: t('webhooks.log.createdAt'),
          dataIndex: 'createdAt',
          width: 180,
          render: (ms: number) => timeOf(ms),
        },
        {
          title: t('webhooks.log.next'),
          dataIndex: 'nextAttemptAt',
          width: 180,
          render: (ms: number | null) => (ms === null ? '-' : timeOf(ms)),
        },
        { title: t('webhooks.log.eventId'), dataIndex: 'eventId', width: 300 },
        {
          title: t('common.actions'),
          width: 110,
          fixed: 'right',
          render: (_: unknown, d: WebhookDeliveryItem) => (
            <RowButton
              testId="webhook-redeliver"
              onClick={async () => {
                await webhooksApi.redeliver(hook!.id, d.eventId);
                void message.success(t('webhooks.log.redelivered'));
                await client.invalidateQueries({ queryKey: key });
              }}
            >
              {t('webhooks.log.redeliver')}
            </RowButton>
          ),
        },
      ]}
    />
  );
}
