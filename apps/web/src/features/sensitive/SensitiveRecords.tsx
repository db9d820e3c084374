import { ListScreen, useListPage } from '../../components/listPage/index.ts';
import { SENSITIVE_RECORDS_EXPORT_URL, sensitiveApi } from './api.ts';

/** Every text message in or out that held a sensitive word, with its conversation. */
export function SensitiveRecords() {
  const page = useListPage({
    key: ['sensitive', 'records'],
    prefix: 'r',
    frame: { bare: true },
    fetch: sensitiveApi.records,
    rowKey: 'id',
    toolbar: { export: { url: SENSITIVE_RECORDS_EXPORT_URL, testId: 'sensitive-records-export' } },
    testId: 'sensitive-records',
    empty: { title: 'sensitivePage.emptyRecords', hint: 'sensitivePage.emptyRecordsHint' },
    columns: [
      { kind: 'tag', title: 'sensitivePage.word', field: 'word', width: 140, color: 'red' },
      { kind: 'text', title: 'sensitivePage.conversation', field: 'name', width: 160 },
      {
        kind: 'render',
        title: 'sensitivePage.content',
        key: 'content',
        width: 420,
        render: (r) => <span className="history-text">{r.content}</span>,
      },
      {
        kind: 'status',
        title: 'sensitivePage.side',
        field: 'sendSide',
        width: 90,
        plain: true,
        states: { 1: { label: 'sensitivePage.sent' } },
        otherwise: { label: 'sensitivePage.received' },
      },
      {
        kind: 'render',
        title: 'flow.columns.seat',
        key: 'senderName',
        width: 110,
        render: (r) => <span data-testid="sensitive-seat">{r.senderName ?? ''}</span>,
      },
      {
        kind: 'render',
        title: 'flow.columns.account',
        key: 'accountName',
        width: 140,
        render: (r) => r.accountName || r.workWxid,
      },
      { kind: 'time', title: 'sensitivePage.time', field: 'createdAt', seconds: true },
    ],
  });
  return <ListScreen page={page}></ListScreen>;
}
