import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistorySearchBody, MessageWithConversation } from '@cst/shared';
import { useWorkAccounts } from '../accounts/workAccountStore.ts';
import { previewLine } from '../conversations/msgTypeLabel.ts';
import { useWorkAccountsLoaded } from '../conversations/useInboxQueries.ts';
import { historyApi } from './api.ts';
import { HistoryContactSelect } from './HistoryContactSelect.tsx';
import { HistoryContext } from './HistoryContext.tsx';
import './history.css';

interface FormValues {
  keyword?: string;
  workWxid?: string;
  receiver_id?: string;
  range?: [{ valueOf(): number } | null, { valueOf(): number } | null] | null;
}

/** History messages: search the visible work accounts by keyword, account, contact and time. */
export function HistoryPage() {
  const { t } = useTranslation();
  useWorkAccountsLoaded();
  const [form] = Form.useForm<FormValues>();
  const accounts = useWorkAccounts((s) => s.accounts);
  const workWxid = Form.useWatch('workWxid', form);
  const [filters, setFilters] = useState<Partial<HistorySearchBody>>({});
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [hit, setHit] = useState<MessageWithConversation | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: ['history', 'search', filters, page],
    queryFn: () => historyApi.search({ ...filters, ...page }),
    placeholderData: keepPreviousData,
  });
  const submit = (v: FormValues) => {
    setPage((p) => ({ ...p, page: 1 }));
    setFilters({
      keyword: v.keyword?.trim() || undefined,
      workWxid: v.workWxid || undefined,
      receiver_id: v.receiver_id?.trim() || undefined,
      startTime: v.range?.[0]?.valueOf(),
      endTime: v.range?.[1]?.valueOf(),
    });
  };
  return (
    <Card title={t('historyPage.title')} data-testid="history-page">
      <Form form={form} layout="inline" onFinish={submit} className="history-form">
        <Form.Item name="keyword" label={t('historyPage.keyword')}>
          <Input
            allowClear
            placeholder={t('historyPage.keywordPlaceholder')}
            data-testid="history-keyword"
          />
        </Form.Item>
        <Form.Item name="workWxid" label={t('historyPage.account')}>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('historyPage.allAccounts')}
            options={accounts.map((a) => ({
              value: a.wxid,
              label: a.remark || a.nickname || a.wxid,
            }))}
          />
        </Form.Item>
        <Form.Item name="receiver_id" label={t('historyPage.contact')}>
          <HistoryContactSelect workWxid={workWxid} />
        </Form.Item>
        <Form.Item name="range" label={t('historyPage.time')}>
          <DatePicker.RangePicker showTime />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" data-testid="history-search">
            {t('historyPage.search')}
          </Button>
        </Form.Item>
        <Form.Item>
          <Button
            onClick={() => {
              form.resetFields();
              submit({});
            }}
          >
            {t('historyPage.reset')}
          </Button>
        </Form.Item>
      </Form>
      <Table<MessageWithConversation>
        rowKey="messageId"
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: t('historyPage.empty') }}
        onRow={(m) => ({ onClick: () => setHit(m), 'data-testid': 'history-row' }) as never}
        rowClassName="history-row"
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          onChange: (p, s) => setPage({ page: p, pageSize: s }),
        }}
        columns={[
          { title: t('historyPage.conversation'), dataIndex: 'conversationName', width: 180 },
          {
            title: t('historyPage.content'),
            dataIndex: 'msg_text',
            render: (v: string, m) => (
              <span className="history-text">{previewLine(m.msgType, v, t)}</span>
            ),
          },
          {
            title: t('historyPage.side'),
            dataIndex: 'sendSide',
            width: 90,
            render: (s: number) =>
              s === 1 ? (
                <Tag color="blue">{t('historyPage.sent')}</Tag>
              ) : (
                <Tag>{t('historyPage.received')}</Tag>
              ),
          },
          {
            title: t('historyPage.msgTime'),
            dataIndex: 'msgTime',
            width: 180,
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
        ]}
      />
      <HistoryContext hit={hit} onClose={() => setHit(null)} />
    </Card>
  );
}
