import { Button, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyItem } from '@cst/shared';
import { ListScreen, RowButton, useListPage } from '../../components/listPage/index.ts';
import { accountLabel } from '../../lib/workAccounts/workAccountFilter.ts';
import { useWorkAccounts } from '../../lib/workAccounts/workAccountStore.ts';
import { useWorkAccountsLoaded } from '../conversations/store/useInboxQueries.ts';
import { apiKeysApi, apiKeysKeys } from './api.ts';
import { ApiKeyCreateModal } from './ApiKeyCreateModal.tsx';
import { ApiKeyRateModal } from './ApiKeyRateModal.tsx';

const when = (ms: number | null) => (ms === null ? null : dayjs(ms).format('YYYY-MM-DD HH:mm'));

/** 设置 → 开放平台 → API 密钥: the tenant's keys, create (shown once) and revoke. */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [rating, setRating] = useState<ApiKeyItem | null>(null);
  useWorkAccountsLoaded();
  const accounts = useWorkAccounts((s) => s.accounts);
  const nameOf = (wxid: string) => {
    const a = accounts.find((x) => x.wxid === wxid);
    return a ? accountLabel(a) : wxid;
  };
  const page = useListPage({
    key: apiKeysKeys.all,
    frame: { title: 'apiKeys.title', testId: 'api-keys' },
    fetch: async () => {
      const { list } = await apiKeysApi.list();
      return { list, total: list.length };
    },
    rowKey: 'id',
    toolbar: {
      actions: (
        <Button href="/open/v1/docs/" target="_blank" rel="noreferrer">
          {t('apiKeys.docs')}
        </Button>
      ),
      add: { label: 'apiKeys.add', onClick: () => setCreating(true), testId: 'add-api-key' },
    },
    empty: { title: 'apiKeys.empty', hint: 'apiKeys.emptyHint', offerAdd: true },
    // Fits 1440 without a sideways scroll: the prefix sits under the name, the expiry under the
    // last use, the creator over the creation time; long values are cut, whole in a tooltip.
    columns: [
      {
        kind: 'render',
        key: 'name',
        title: 'apiKeys.name',
        width: 170,
        render: (k: ApiKeyItem) => (
          <TwoLines
            first={<Typography.Text ellipsis={{ tooltip: k.name }}>{k.name}</Typography.Text>}
            second={<code>{k.prefix}…</code>}
          />
        ),
      },
      {
        kind: 'tag',
        title: 'apiKeys.permissions',
        field: 'permissions',
        width: 210,
        label: (p) => t(`perm.${p}`),
      },
      {
        kind: 'text',
        title: 'apiKeys.accounts',
        field: 'workWxids',
        width: 150,
        ellipsis: true,
        format: (k: ApiKeyItem) =>
          k.workWxids.length ? k.workWxids.map(nameOf).join(t('rolesPage.sep')) : null,
        empty: 'apiKeys.allAccounts',
      },
      {
        kind: 'text',
        title: 'apiKeys.rate',
        field: 'ratePerSec',
        width: 110,
        format: (k: ApiKeyItem) => t('apiKeys.rateValue', { rate: k.ratePerSec, burst: k.burst }),
      },
      {
        kind: 'render',
        key: 'used',
        title: 'apiKeys.used',
        width: 170,
        render: (k: ApiKeyItem) => (
          <TwoLines
            first={
              when(k.lastUsedAt) ?? (
                <Typography.Text type="secondary">{t('apiKeys.neverUsed')}</Typography.Text>
              )
            }
            second={
              k.expiresAt === null
                ? t('apiKeys.neverExpires')
                : t('apiKeys.expiresOn', { time: when(k.expiresAt) })
            }
          />
        ),
      },
      {
        kind: 'render',
        key: 'created',
        title: 'apiKeys.created',
        width: 150,
        render: (k: ApiKeyItem) => (
          <TwoLines
            first={
              <Typography.Text ellipsis={{ tooltip: k.createdByName }}>
                {k.createdByName}
              </Typography.Text>
            }
            second={when(k.createdAt)}
          />
        ),
      },
      {
        kind: 'actions',
        width: 140,
        render: (k: ApiKeyItem) => (
          <>
            <RowButton testId={`rate-key-${k.name}`} onClick={() => setRating(k)}>
              {t('apiKeys.editRate')}
            </RowButton>
            <RowButton
              danger
              testId={`revoke-key-${k.name}`}
              confirm={{
                title: t('apiKeys.revokeConfirm', { name: k.name }),
                okTestId: 'revoke-key-ok',
              }}
              onClick={() => void apiKeysApi.revoke(k.id).then(() => page.refresh())}
            >
              {t('apiKeys.revoke')}
            </RowButton>
          </>
        ),
      },
    ],
  });

  return (
    <ListScreen page={page} notice={t('apiKeys.notice')}>
      <ApiKeyRateModal
        apiKey={rating}
        onClose={(saved) => {
          setRating(null);
          if (saved) void page.refresh();
        }}
      />
      <ApiKeyCreateModal
        open={creating}
        accounts={accounts}
        onClose={(saved) => {
          setCreating(false);
          if (saved) void page.refresh();
        }}
      />
    </ListScreen>
  );
}

/** A cell of two lines: the value, and a dimmed detail under it. */
function TwoLines({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <Flex vertical>
      {first}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {second}
      </Typography.Text>
    </Flex>
  );
}
