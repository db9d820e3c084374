import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistorySearchBody, MessageWithConversation } from '@cst/shared';
import {
  DateRangeFilter,
  EmptyState,
  ListPage,
  ListTable,
  SearchFilter,
  SelectFilter,
  timeColumn,
  useListData,
  useListQuery,
} from '../../components/listPage/index.ts';
import { useWorkAccounts } from '../accounts/workAccountStore.ts';
import { previewLine } from '../conversations/msgTypeLabel.ts';
import { useWorkAccountsLoaded } from '../conversations/useInboxQueries.ts';
import { historyApi } from './api.ts';
import { HistoryContactSelect } from './HistoryContactSelect.tsx';
import { HistoryContext } from './HistoryContext.tsx';
import './history.css';

const FILTERS = ['keyword', 'workWxid', 'receiver_id', 'startTime', 'endTime'] as const;

/** The URL filters as the search body (times are epoch milliseconds). */
function searchBody(params: Partial<Record<(typeof FILTERS)[number], string>>) {
  const time = (v: string | undefined) => (v && Number.isFinite(Number(v)) ? Number(v) : undefined);
  const body: Partial<HistorySearchBody> = {
    keyword: params.keyword,
    workWxid: params.workWxid,
    receiver_id: params.receiver_id,
    startTime: time(params.startTime),
    endTime: time(params.endTime),
  };
  return body;
}

/** History messages: search the visible work accounts by keyword, account, contact and time. */
export function HistoryPage() {
  const { t } = useTranslation();
  useWorkAccountsLoaded();
  const accounts = useWorkAccounts((s) => s.accounts);
  const q = useListQuery(FILTERS);
  const [hit, setHit] = useState<MessageWithConversation | null>(null);
  const { data, isFetching } = useListData(['history', 'search'], q.params, (p) =>
    historyApi.search({ ...searchBody(p), page: p.page, pageSize: p.pageSize }),
  );
  return (
    <ListPage
      title={t('historyPage.title')}
      testId="history-page"
      filters={
        <>
          <SearchFilter
            query={q}
            name="keyword"
            placeholder={t('historyPage.keywordPlaceholder')}
            testId="history-keyword"
          />
          <SelectFilter
            query={q}
            name="workWxid"
            searchable
            width={180}
            placeholder={t('historyPage.allAccounts')}
            options={accounts.map((a) => ({
              value: a.wxid,
              label: a.remark || a.nickname || a.wxid,
            }))}
          />
          <HistoryContactSelect
            workWxid={q.filters.workWxid}
            value={q.filters.receiver_id}
            onChange={(v) => q.setFilters({ receiver_id: v })}
          />
          <DateRangeFilter query={q} names={['startTime', 'endTime']} showTime />
        </>
      }
    >
      <ListTable<MessageWithConversation>
        query={q}
        rowKey="messageId"
        data={data}
        loading={isFetching}
        empty={<EmptyState title={t('historyPage.empty')} hint={t('historyPage.emptyHint')} />}
        onRow={(m) => ({ onClick: () => setHit(m), 'data-testid': 'history-row' }) as never}
        rowClassName="history-row"
        columns={[
          { title: t('historyPage.conversation'), dataIndex: 'conversationName', width: 180 },
          {
            title: t('historyPage.content'),
            dataIndex: 'msg_text',
            width: 480,
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
          timeColumn<MessageWithConversation>(t('historyPage.msgTime'), 'msgTime', {
            seconds: true,
          }),
        ]}
      />
      <HistoryContext hit={hit} onClose={() => setHit(null)} />
    </ListPage>
  );
}
