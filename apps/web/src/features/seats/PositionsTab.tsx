import { useState } from 'react';
import { positionBody, type PositionItem } from '@cst/shared';
import { EditFormModal, ListScreen, useListPage } from '../../components/listPage/index.ts';
import { positionsApi, seatsKeys } from './api.ts';

/** Positions (job titles) of the tenant: list, add, rename, delete. */
export function PositionsTab() {
  const [editing, setEditing] = useState<PositionItem | 'new' | null>(null);
  const page = useListPage({
    key: seatsKeys.positions,
    prefix: 'p',
    toolbar: {
      add: { label: 'positions.add', onClick: () => setEditing('new'), testId: 'add-position' },
    },
    frame: { bare: true, testId: 'positions' },
    fetch: positionsApi.list,
    rowKey: 'id',
    empty: { title: 'positions.empty', hint: 'positions.emptyHint', offerAdd: true },
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
    <ListScreen page={page} table={{ noPaging: true }}>
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
    </ListScreen>
  );
}
