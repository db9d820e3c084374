import { useQuery } from '@tanstack/react-query';
import { Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LoginRecord } from '@cst/shared';
import { useListQuery } from '../../components/listPage/useListQuery.ts';
import { profileApi } from './api.ts';

/** The key of a recorded reason (`wrong two-step password` → `wrongTwoStepPassword`). */
export function reasonKey(reason: string): string {
  return reason.trim().replace(/[\s-]+(\w)/g, (_m, c: string) => c.toUpperCase());
}

/** The login notices of the signed-in user (ip, time, address, reason, agent), newest first. */
export function LoginRecordsTable() {
  const { t } = useTranslation();
  const q = useListQuery([], { pageSize: 10 });
  const { data, isFetching } = useQuery({
    queryKey: ['profile', 'loginRecords', q.page, q.pageSize],
    queryFn: () => profileApi.loginRecords(q.page, q.pageSize),
  });
  return (
    <Table<LoginRecord>
      rowKey="id"
      size="small"
      loading={isFetching}
      dataSource={data?.list ?? []}
      data-testid="login-records"
      pagination={{
        current: q.page,
        pageSize: q.pageSize,
        total: data?.total ?? 0,
        showTotal: (total) => t('common.total', { total }),
        onChange: q.setPage,
      }}
      scroll={{ x: 860 }}
      columns={[
        {
          title: t('profile.time'),
          dataIndex: 'createdAt',
          width: 170,
          render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
        },
        { title: t('profile.ip'), dataIndex: 'ip', width: 140 },
        { title: t('profile.address'), dataIndex: 'address', width: 120 },
        {
          title: t('profile.reason'),
          dataIndex: 'reason',
          width: 180,
          // Known reasons are translated; any other is shown as the server wrote it.
          render: (v: string) => t(`profile.reasons.${reasonKey(v)}`, { defaultValue: v }),
        },
        {
          title: t('profile.result'),
          dataIndex: 'success',
          width: 80,
          render: (ok: boolean) => (
            <Tag color={ok ? 'success' : 'error'}>
              {t(ok ? 'profile.success' : 'profile.failure')}
            </Tag>
          ),
        },
        {
          title: t('profile.agent'),
          dataIndex: 'agent',
          render: (v: string) => (
            <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 320 }}>
              {v}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}
