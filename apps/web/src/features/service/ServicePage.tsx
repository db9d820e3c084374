import { useQueryClient } from '@tanstack/react-query';
import { App, Segmented, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TRANSFER_STATES, type TransferItem, type TransferState } from '@cst/shared';
import {
  EmptyState,
  ListPage,
  ListTable,
  RowButton,
  SelectFilter,
  timeColumn,
  useListData,
  useListQuery,
  cutColumn,
} from '../../components/listPage/index.ts';
import { useSession } from '../../lib/session/sessionStore.ts';
import { seesWholeTenantRole } from './roles.ts';
import { seatName, serviceApi, serviceKeys } from './api.ts';
import { acceptTransfer, chatLink, revokeTransfer } from './transferActions.ts';

const DIRECTIONS = ['in', 'out', 'all'] as const;
type Direction = (typeof DIRECTIONS)[number];
const STATE_COLOR: Record<TransferState, string> = {
  pending: 'gold',
  accepted: 'green',
  revoked: 'default',
};

/**
 * Service management: the transfers to and from the seat (a manager: the whole company's), with
 * accept and revoke while pending and a link to the conversation.
 */
export function ServicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const user = useSession((s) => s.user);
  const me = user?.uid;
  const directions: Direction[] = seesWholeTenantRole(user?.role) ? [...DIRECTIONS] : ['in', 'out'];
  const q = useListQuery(['direction', 'state']);
  const direction = (directions as string[]).includes(q.filters.direction ?? '')
    ? (q.filters.direction as Direction)
    : 'in';
  const state = (TRANSFER_STATES as readonly string[]).includes(q.filters.state ?? '')
    ? (q.filters.state as TransferState)
    : undefined;
  const params = { ...q.params, direction, state };
  const { data, isFetching } = useListData(serviceKeys.transfers, params, serviceApi.list);

  const decide = (run: Promise<void>, done: string) =>
    run.then(() => void message.success(t(done))).catch(() => undefined);

  return (
    <ListPage
      title={t('service.title')}
      testId="service"
      filters={
        <>
          <Segmented<Direction>
            value={direction}
            onChange={(v) => q.setFilters({ direction: v })}
            options={directions.map((d) => ({ value: d, label: t(`service.tabs.${d}`) }))}
            data-testid="service-direction"
          />
          <SelectFilter
            query={q}
            name="state"
            width={130}
            placeholder={t('service.allStates')}
            options={TRANSFER_STATES.map((s) => ({ value: s, label: t(`service.states.${s}`) }))}
            testId="service-state-filter"
          />
        </>
      }
    >
      <ListTable<TransferItem>
        query={q}
        rowKey="id"
        data={data}
        loading={isFetching}
        empty={<EmptyState title={t('service.empty')} hint={t('service.emptyHint')} />}
        columns={[
          {
            title: t('service.target'),
            key: 'target',
            width: 220,
            render: (_: unknown, r: TransferItem) => (
              <div data-testid="transfer-target">
                <div>{r.conversationName ?? t('service.wholeAccount')}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.workNickname || r.workWxid}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('service.from'),
            key: 'from',
            width: 120,
            render: (_: unknown, r: TransferItem) => seatName(r.from),
          },
          {
            title: t('service.to'),
            key: 'to',
            width: 120,
            render: (_: unknown, r: TransferItem) => seatName(r.to),
          },
          {
            title: t('service.note'),
            key: 'note',
            width: 200,
            ...cutColumn<TransferItem>((r) => r.note || '—'),
          },
          {
            title: t('service.state'),
            dataIndex: 'state',
            width: 90,
            render: (v: TransferState) => (
              <Tag color={STATE_COLOR[v]} data-testid="transfer-state">
                {t(`service.states.${v}`)}
              </Tag>
            ),
          },
          timeColumn<TransferItem>(t('service.createdAt'), 'createdAt'),
          {
            title: t('common.actions'),
            key: 'actions',
            width: 170,
            fixed: 'right',
            render: (_: unknown, r: TransferItem) => (
              <>
                {r.state === 'pending' && r.to.uid === me && (
                  <RowButton
                    testId="transfer-accept"
                    onClick={() => decide(acceptTransfer(qc, r.id), 'service.accepted')}
                  >
                    {t('service.accept')}
                  </RowButton>
                )}
                {r.state === 'pending' && r.from.uid === me && (
                  <RowButton
                    testId="transfer-revoke"
                    onClick={() => decide(revokeTransfer(qc, r.id), 'service.revoked')}
                  >
                    {t('service.revoke')}
                  </RowButton>
                )}
                {r.state === 'accepted' && r.index_name && (
                  <RowButton
                    testId="transfer-open"
                    onClick={() => void navigate(chatLink(r.index_name!))}
                  >
                    {t('service.open')}
                  </RowButton>
                )}
              </>
            ),
          },
        ]}
      />
    </ListPage>
  );
}
