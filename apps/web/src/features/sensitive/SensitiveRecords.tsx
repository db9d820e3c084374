import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SensitiveRecordItem } from '@cst/shared';
import {
  EmptyState,
  ExportButton,
  ListPage,
  ListTable,
  timeColumn,
  useListData,
  useListQuery,
} from '../../components/listPage/index.ts';
import { SENSITIVE_RECORDS_EXPORT_URL, sensitiveApi } from './api.ts';

/** Every text message in or out that held a sensitive word, with its conversation. */
export function SensitiveRecords() {
  const { t } = useTranslation();
  const q = useListQuery([], { prefix: 'r' });
  const { data, isFetching } = useListData(
    ['sensitive', 'records'],
    q.params,
    sensitiveApi.records,
  );
  return (
    <ListPage
      bare
      actions={
        <ExportButton
          url={SENSITIVE_RECORDS_EXPORT_URL}
          params={q.params}
          testId="sensitive-records-export"
        />
      }
    >
      <ListTable<SensitiveRecordItem>
        query={q}
        rowKey="id"
        data={data}
        loading={isFetching}
        testId="sensitive-records"
        empty={
          <EmptyState
            title={t('sensitivePage.emptyRecords')}
            hint={t('sensitivePage.emptyRecordsHint')}
          />
        }
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
            width: 420,
            render: (v: string) => <span className="history-text">{v}</span>,
          },
          {
            title: t('sensitivePage.side'),
            dataIndex: 'sendSide',
            width: 90,
            render: (s: number) =>
              s === 1 ? t('sensitivePage.sent') : t('sensitivePage.received'),
          },
          timeColumn<SensitiveRecordItem>(t('sensitivePage.time'), 'createdAt', { seconds: true }),
        ]}
      />
    </ListPage>
  );
}
