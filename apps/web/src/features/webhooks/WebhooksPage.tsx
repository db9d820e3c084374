import { App, Checkbox, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  WEBHOOK_EVENTS,
  webhookCreateBody,
  type WebhookEvent,
  type WebhookItem,
} from '@cst/shared';
import {
  EditFormModal,
  ListScreen,
  RowButton,
  useListPage,
} from '../../components/listPage/index.ts';
import { useRealtimeEvent } from '../../lib/realtime/useRealtimeEvent.ts';
import { webhooksApi } from './api.ts';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';
import { WebhookSecretModal } from './WebhookSecretModal.tsx';
import { WEBHOOK_DISABLED_EVENT } from './WebhookNotices.tsx';

interface WebhookForm {
  url: string;
  events: WebhookEvent[];
  description?: string;
  enabled: boolean;
}

/** 设置 → 开放平台 → Webhooks: endpoints, their secrets, test events and delivery logs. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<WebhookItem | 'new' | null>(null);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [logOf, setLogOf] = useState<WebhookItem | null>(null);
  const page = useListPage({
    key: ['webhooks', 'list'],
    frame: { title: 'webhooks.title', testId: 'webhooks' },
    fetch: webhooksApi.list,
    rowKey: 'id',
    toolbar: {
      add: { label: 'webhooks.add', onClick: () => setEditing('new'), testId: 'webhook-add' },
    },
    empty: { title: 'webhooks.empty', hint: 'webhooks.emptyHint', offerAdd: true },
    // Fits 1440 without a sideways scroll: the address is cut (whole in its tooltip), and the
    // actions column holds edit and the log, with the test, the rotation and the delete in 「更多」.
    columns: [
      { kind: 'text', title: 'webhooks.url', field: 'url', width: 220, ellipsis: true },
      {
        kind: 'tag',
        title: 'webhooks.events',
        field: 'events',
        width: 240,
        label: (e: string) => t(`webhooks.eventNames.${e}`),
      },
      {
        kind: 'render',
        key: 'state',
        title: 'webhooks.state',
        width: 110,
        render: (w) => (
          <Typography.Text
            type={w.enabled ? 'success' : w.disabledReason ? 'danger' : 'secondary'}
            data-testid="webhook-state"
          >
            {w.enabled
              ? t('webhooks.on')
              : w.disabledReason
                ? t('webhooks.failing')
                : t('webhooks.off')}
          </Typography.Text>
        ),
      },
      {
        kind: 'render',
        key: 'overlap',
        title: 'webhooks.secretTitle',
        width: 150,
        render: (w) =>
          w.previousSecretUntil ? (
            <Typography.Text type="secondary">
              {t('webhooks.overlap', {
                time: dayjs(w.previousSecretUntil).format('YYYY-MM-DD HH:mm'),
              })}
            </Typography.Text>
          ) : (
            '—'
          ),
      },
      { kind: 'time', title: 'webhooks.createdAt', field: 'createdAt', width: 160 },
      {
        kind: 'actions',
        width: 230,
        edit: setEditing,
        render: (w) => (
          <RowButton testId="webhook-log" onClick={() => setLogOf(w)}>
            {t('webhooks.deliveries')}
          </RowButton>
        ),
        moreTestId: 'webhook-more',
        more: (w) => [
          {
            key: 'test',
            label: t('webhooks.test'),
            testId: 'webhook-test',
            onClick: async () => {
              await webhooksApi.test(w.id);
              void message.success(t('webhooks.testSent'));
            },
          },
          {
            key: 'rotate',
            label: t('webhooks.rotate'),
            testId: 'webhook-rotate',
            confirm: { title: t('webhooks.rotateConfirm'), okTestId: 'webhook-rotate-ok' },
            onClick: async () => {
              const r = await webhooksApi.rotate(w.id);
              setSecret({ value: r.secret, rotated: true });
              await page.refresh();
            },
          },
        ],
        remove: { target: (w) => w.url, run: (w) => webhooksApi.remove(w.id) },
      },
    ],
  });
  // The notice itself comes from the header (WebhookNotices), wherever the manager is.
  useRealtimeEvent(WEBHOOK_DISABLED_EVENT, () => void page.refresh());

  return (
    <ListScreen
      page={page}
      notice={<Typography.Paragraph type="secondary">{t('webhooks.intro')}</Typography.Paragraph>}
    >
      <EditFormModal<WebhookForm, WebhookItem>
        target={editing}
        titles={{ add: 'webhooks.add', edit: 'webhooks.edit' }}
        okTestId="webhook-form-ok"
        initialValues={(w) =>
          w
            ? {
                url: w.url,
                events: w.events as WebhookEvent[],
                description: w.description,
                enabled: w.enabled,
              }
            : { url: '', events: ['message.received'], enabled: true }
        }
        onSubmit={async (v, w) => {
          if (w) {
            await webhooksApi.update({ id: w.id, ...v });
            return;
          }
          const r = await webhooksApi.create({
            url: v.url,
            events: v.events,
            description: v.description,
          });
          setSecret({ value: r.secret, rotated: false });
        }}
        onClose={page.afterSave(setEditing)}
        fields={[
          {
            kind: 'text',
            name: 'url',
            label: 'webhooks.url',
            schema: webhookCreateBody.shape.url,
            placeholder: 'webhooks.urlHelp',
            testId: 'webhook-url',
          },
          {
            kind: 'custom',
            name: 'events',
            label: 'webhooks.events',
            schema: webhookCreateBody.shape.events,
            input: (
              <Checkbox.Group
                data-testid="webhook-events"
                style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', rowGap: 4 }}
                options={WEBHOOK_EVENTS.map((e) => ({
                  value: e,
                  label: t(`webhooks.eventNames.${e}`),
                }))}
              />
            ),
          },
          {
            kind: 'text',
            name: 'description',
            label: 'webhooks.description',
            schema: webhookCreateBody.shape.description,
            testId: 'webhook-description',
          },
          {
            kind: 'custom',
            name: 'enabled',
            label: 'webhooks.enabled',
            hidden: editing === 'new',
            input: <ValueSwitch testId="webhook-enabled" />,
          },
        ]}
      />
      <WebhookSecretModal
        secret={secret?.value ?? null}
        rotated={secret?.rotated ?? false}
        onClose={() => setSecret(null)}
      />
      <WebhookDeliveries hook={logOf} onClose={() => setLogOf(null)} />
    </ListScreen>
  );
}

/** A switch as a form control of `value` (the form item passes value and onChange). */
function ValueSwitch(props: { value?: boolean; onChange?: (v: boolean) => void; testId: string }) {
  return <Switch checked={props.value} onChange={props.onChange} data-testid={props.testId} />;
}
