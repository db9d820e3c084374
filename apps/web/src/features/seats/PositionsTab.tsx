import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { positionBody, type PositionItem } from '@cst/shared';
import {
  actionsColumn,
  AddButton,
  DeleteButton,
  EmptyState,
  FormField,
  FormModal,
  ListPage,
  ListTable,
  RowButton,
  timeColumn,
  useListQuery,
} from '../../components/listPage/index.ts';
import { positionsApi, seatsKeys } from './api.ts';

/** Positions (job titles) of the tenant: list, add, rename, delete. */
export function PositionsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useListQuery([], { prefix: 'p' });
  const [editing, setEditing] = useState<PositionItem | 'new' | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: seatsKeys.positions,
    queryFn: positionsApi.list,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: seatsKeys.positions });
  const current = editing !== null && editing !== 'new' ? editing : null;
  const add = (testId?: string) => (
    <AddButton onClick={() => setEditing('new')} testId={testId}>
      {t('positions.add')}
    </AddButton>
  );

  const handleSubmit = async ({ name }: { name: string }) => {
    if (current) await positionsApi.edit(current.id, name);
    else await positionsApi.add(name);
    void message.success(t('common.saved'));
    await refresh();
  };

  return (
    <ListPage bare actions={add('add-position')} testId="positions">
      <ListTable<PositionItem>
        query={q}
        rowKey="id"
        data={data}
        loading={isFetching}
        noPaging
        empty={
          <EmptyState title={t('positions.empty')} hint={t('positions.emptyHint')} action={add()} />
        }
        columns={[
          { title: t('positions.name'), dataIndex: 'name', width: 240 },
          timeColumn<PositionItem>(t('common.createdAt'), 'createdAt', { width: 180 }),
          actionsColumn<PositionItem>(t('common.actions'), 160, (p) => (
            <>
              <RowButton onClick={() => setEditing(p)}>{t('common.edit')}</RowButton>
              <DeleteButton
                target={p.name}
                onDelete={async () => {
                  await positionsApi.remove(p.id);
                  void message.success(t('common.deleted'));
                  await refresh();
                }}
              />
            </>
          )),
        ]}
      />
      <FormModal<{ name: string }>
        title={t(current ? 'positions.edit' : 'positions.add')}
        open={editing !== null}
        onSubmit={handleSubmit}
        onClose={() => setEditing(null)}
        initialValues={{ name: current?.name }}
        okTestId="position-form-ok"
      >
        <FormField name="name" label={t('positions.name')} schema={positionBody.shape.name}>
          <Input placeholder={t('positions.namePlaceholder')} data-testid="position-name" />
        </FormField>
      </FormModal>
    </ListPage>
  );
}
