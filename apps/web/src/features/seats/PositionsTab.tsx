import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { positionBody, type PositionItem } from '@cst/shared';
import {
  AddButton,
  EditFormModal,
  ListPage,
  ListTable,
  useListPage,
} from '../../components/listPage/index.ts';
import { positionsApi, seatsKeys } from './api.ts';

/** Positions (job titles) of the tenant: list, add, rename, delete. */
export function PositionsTab() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<PositionItem | 'new' | null>(null);
  const add = (testId?: string) => (
    <AddButton onClick={() => setEditing('new')} testId={testId}>
      {t('positions.add')}
    </AddButton>
  );
  const page = useListPage({
    key: seatsKeys.positions,
    prefix: 'p',
    frame: { bare: true, testId: 'positions' },
    fetch: positionsApi.list,
    rowKey: 'id',
    empty: { title: 'positions.empty', hint: 'positions.emptyHint', action: add() },
    columns: [
      { kind: 'text', title: 'positions.name', field: 'name', width: 240 },
      { kind: 'time', title: 'common.createdAt', field: 'createdAt', width: 180 },
      {
        kind: 'actions',
        width: 160,
        edit: setEditing,
        remove: {
          target: (p) => p.name,
          run: (p) => positionsApi.remove(p.id),
        },
      },
    ],
  });

  return (
    <ListPage {...page.frame} actions={add('add-position')}>
      <ListTable {...page.table} noPaging />
      <EditFormModal<{ name: string }, PositionItem>
        target={editing}
        titles={{ add: 'positions.add', edit: 'positions.edit' }}
        okTestId="position-form-ok"
        initialValues={(p) => ({ name: p?.name })}
        onClose={() => setEditing(null)}
        onSubmit={async ({ name }, current) => {
          await (current ? positionsApi.edit(current.id, name) : positionsApi.add(name));
          await page.refresh();
        }}
        fields={[
          {
            kind: 'text',
            name: 'name',
            label: 'positions.name',
            schema: positionBody.shape.name,
            placeholder: 'positions.namePlaceholder',
            testId: 'position-name',
          },
        ]}
      />
    </ListPage>
  );
}
