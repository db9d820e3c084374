import { Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
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
    columns: [
      { kind: 'text', title: 'apiKeys.name', field: 'name', width: 160 },
      {
        kind: 'text',
        title: 'apiKeys.prefix',
        field: 'prefix',
        width: 150,
        format: (k: ApiKeyItem) => <code>{k.prefix}…</code>,
      },
      {
        kind: 'tag',
        title: 'apiKeys.permissions',
        field: 'permissions',
        width: 300,
        label: (p) => t(`perm.${p}`),
      },
      {
        kind: 'text',
        title: 'apiKeys.accounts',
        field: 'workWxids',
        width: 200,
        format: (k: ApiKeyItem) =>
          k.workWxids.length ? k.workWxids.map(nameOf).join(t('rolesPage.sep')) : null,
        empty: 'apiKeys.allAccounts',
      },
      {
        kind: 'text',
        title: 'apiKeys.expiresAt',
        field: 'expiresAt',
        width: 150,
        format: (k: ApiKeyItem) => when(k.expiresAt),
        empty: 'apiKeys.never',
      },
      {
        kind: 'text',
        title: 'apiKeys.lastUsedAt',
        field: 'lastUsedAt',
        width: 150,
        format: (k: ApiKeyItem) => when(k.lastUsedAt),
        empty: 'apiKeys.neverUsed',
      },
      {
        kind: 'text',
        title: 'apiKeys.rate',
        field: 'ratePerSec',
        width: 130,
        format: (k: ApiKeyItem) => t('apiKeys.rateValue', { rate: k.ratePerSec, burst: k.burst }),
      },
      { kind: 'text', title: 'apiKeys.createdBy', field: 'createdByName', width: 120 },
      { kind: 'time', title: 'common.createdAt', field: 'createdAt' },
      {
        kind: 'actions',
        width: 160,
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
