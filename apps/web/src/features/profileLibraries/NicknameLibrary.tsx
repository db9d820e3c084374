import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nicknameAddBody, type NicknameItem } from '@cst/shared';
import {
  DeleteButton,
  FormFields,
  FormModal,
  ListScreen,
  mappedZodRule,
  useListPage,
  useRowSelection,
} from '../../components/listPage/index.ts';
import { profileLibApi, profileLibKeys } from './api.ts';

const linesOf = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((w) => w.trim())
    .filter(Boolean);

/** The nickname library: one nickname a line in, each handed to one work account. */
export function NicknameLibrary() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const selection = useRowSelection<NicknameItem>();
  const [adding, setAdding] = useState(false);
  const remove = async (ids: string[]) => {
    await profileLibApi.deleteNicknames(ids);
    void message.success(t('profileLib.deleted'));
    selection.clear();
    await page.refresh();
  };
  const rule = mappedZodRule(nicknameAddBody.shape.nicknames, t, t('profileLib.nickname'), {
    map: (v) => linesOf(typeof v === 'string' ? v : undefined),
  });
  const page = useListPage({
    key: [...profileLibKeys.nicknames, 'page'],
    refreshKey: profileLibKeys.nicknames,
    frame: { bare: true, testId: 'nickname-library' },
    fetch: async (p) => {
      const all = await client.fetchQuery({
        queryKey: profileLibKeys.nicknames,
        queryFn: profileLibApi.nicknames,
      });
      const kw = (p.keyword ?? '').trim();
      const found = kw ? all.list.filter((n) => n.nickname.includes(kw)) : all.list;
      const from = (p.page - 1) * p.pageSize;
      return { list: found.slice(from, from + p.pageSize), total: found.length };
    },
    rowKey: 'id',
    selection,
    filters: [{ kind: 'search', name: 'keyword', placeholder: 'profileLib.nickname' }],
    toolbar: {
      bulk: (
        <DeleteButton
          variant="button"
          label={t('profileLib.deleteSelected')}
          target={t('profileLib.deleteConfirm', { count: selection.keys.length })}
          disabled={selection.keys.length === 0}
          onDelete={() => remove(selection.keys)}
        />
      ),
      add: {
        label: 'profileLib.addNicknames',
        onClick: () => setAdding(true),
        testId: 'nickname-add',
      },
    },
    empty: { title: 'profileLib.noNicknames', hint: 'profileLib.noNicknamesHint', offerAdd: true },
    columns: [
      { kind: 'text', title: 'profileLib.nickname', field: 'nickname', width: 260 },
      { kind: 'time', title: 'profileLib.createdAt', field: 'createdAt', width: 200 },
      {
        kind: 'actions',
        width: 100,
        remove: { target: (n) => n.nickname, run: (n) => remove([n.id]), doneText: '' },
      },
    ],
  });
  return (
    <ListScreen page={page}>
      <FormModal<{ text: string }>
        open={adding}
        title={t('profileLib.addNicknames')}
        onClose={() => setAdding(false)}
        okTestId="nickname-add-ok"
        onSubmit={async ({ text }) => {
          const r = await profileLibApi.addNicknames(linesOf(text));
          void message.success(t('profileLib.added', { count: r.added }));
          await page.refresh();
        }}
      >
        <FormFields
          fields={[
            {
              kind: 'textarea',
              name: 'text',
              label: 'profileLib.nicknames',
              required: true,
              rules: [rule],
              rows: 8,
              placeholder: 'profileLib.nicknamesHint',
              testId: 'nickname-add-input',
            },
          ]}
        />
      </FormModal>
    </ListScreen>
  );
}
