import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistorySearchBody, MessageWithConversation } from '@cst/shared';
import { ListScreen, useListPage } from '../../components/listPage/index.ts';
import { workAccountFilter } from '../../lib/workAccounts/workAccountFilter.ts';
import { useWorkAccounts } from '../../lib/workAccounts/workAccountStore.ts';
import { previewLine } from '../conversations/chat/msgTypeLabel.ts';
import { useWorkAccountsLoaded } from '../conversations/store/useInboxQueries.ts';
import { historyApi } from './api.ts';
import { HistoryContactSelect } from './HistoryContactSelect.tsx';
import { senderText } from '../service/senderText.ts';
import { HistoryContext } from './HistoryContext.tsx';
import './history.css';

type Filter = 'keyword' | 'workWxid' | 'receiver_id' | 'startTime' | 'endTime';

/** The URL filters as the search body (times are epoch milliseconds). */
function searchBody(params: Partial<Record<Filter, string>>) {
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
  const [hit, setHit] = useState<MessageWithConversation | null>(null);
  const page = useListPage({
    key: ['history', 'search'],
    frame: { title: 'historyPage.title', testId: 'history-page' },
    fetch: (p) => historyApi.search({ ...searchBody(p), page: p.page, pageSize: p.pageSize }),
    rowKey: 'messageId',
    empty: { title: 'historyPage.empty', hint: 'historyPage.emptyHint' },
    filters: [
      {
        kind: 'search',
        name: 'keyword',
        placeholder: 'historyPage.keywordPlaceholder',
        testId: 'history-keyword',
      },
      workAccountFilter(accounts, 'historyPage.allAccounts'),
      {
        kind: 'custom',
        names: ['receiver_id'],
        render: (q) => (
          <HistoryContactSelect
            workWxid={q.filters.workWxid}
            value={q.filters.receiver_id}
            onChange={(v) => q.setFilters({ receiver_id: v })}
          />
        ),
      },
      { kind: 'dateRange', names: ['startTime', 'endTime'], showTime: true },
    ],
    columns: [
      { kind: 'text', title: 'historyPage.conversation', field: 'conversationName', width: 180 },
      {
        kind: 'render',
        title: 'historyPage.content',
        key: 'msg_text',
        width: 480,
        render: (m) => (
          <span className="history-text">{previewLine(m.msgType, m.msg_text, t)}</span>
        ),
      },
      {
        kind: 'status',
        title: 'historyPage.side',
        field: 'sendSide',
        width: 90,
        states: { 1: { label: 'historyPage.sent', color: 'blue' } },
        otherwise: { label: 'historyPage.received' },
      },
      {
        kind: 'render',
        title: 'flow.columns.seat',
        key: 'sender',
        width: 140,
        render: (m) => <span data-testid="history-sender">{senderText(m.sender, t)}</span>,
      },
      { kind: 'time', title: 'historyPage.msgTime', field: 'msgTime', seconds: true },
    ],
  });
  return (
    <ListScreen
      page={page}
      table={{
        onRow: (m) => ({ onClick: () => setHit(m), 'data-testid': 'history-row' }) as never,
        rowClassName: 'history-row',
      }}
    >
      <HistoryContext hit={hit} onClose={() => setHit(null)} />
    </ListScreen>
  );
}
