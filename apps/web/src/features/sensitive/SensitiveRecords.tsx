import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SensitiveRecordItem } from '@cst/shared';
import { sensitiveApi } from './api.ts';

/** Every text message in or out that held a sensitive word, with its conversation. */
export function SensitiveRecords() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const { data, isFetching } = useQuery({
    queryKey: ['sensitive', 'records', page],
    queryFn: () => sensitiveApi.records(page.page, page.pageSize),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<SensitiveRecordItem>
      rowKey="id"
      loading={isFetching}
      dataSource={data?.list ?? []}
      locale={{ emptyText: t('sensitivePage.emptyRecords') }}
      data-testid="sensitive-records"
      pagination={{
        current: page.page,
        pageSize: page.pageSize,
        total: data?.total ?? 0,
        onChange: (p, s) => setPage({ page: p, pageSize: s }),
      }}
      columns={[
        {
          title: t('sensitivePage.word'),
          dataIndex: 'word',
          width: 140,
          render: (w: string) => <Tag color="red">{w}</Tag>,
        },
        { title: t('sensitivePage.conversation'), dataIndex: 'name', width: 160 },
        {
          title: t('sensitivePage.content'),
          dataIndex: 'content',
          render: (v: string) => <span className="history-text">{v}</span>,
        },
        {
          title: t('sensitivePage.side'),
          dataIndex: 'sendSide',
          width: 90,
          render: (s: number) => (s === 1 ? t('sensitivePage.sent') : t('sensitivePage.received')),
        },
        {
          title: t('sensitivePage.time'),
          dataIndex: 'createdAt',
          width: 180,
          render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
        },
      ]}
    />
  );
}
