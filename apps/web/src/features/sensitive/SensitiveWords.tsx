import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sensitiveAddBody, type SensitiveWordItem } from '@cst/shared';
import {
  DeleteButton,
  FormFields,
  FormModal,
  ListScreen,
  mappedZodRule,
  useListPage,
  useRowSelection,
} from '../../components/listPage/index.ts';
import { SENSITIVE_EXPORT_URL, sensitiveApi } from './api.ts';

/** The lines of the bulk-add box: one word a line, blanks dropped. */
const linesOf = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((w) => w.trim())
    .filter(Boolean);

/** The tenant's sensitive words: search, bulk add, delete (one or the selected), export. */
export function SensitiveWords() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const selection = useRowSelection<SensitiveWordItem>();
  const [adding, setAdding] = useState(false);
  const remove = async (ids: string[]) => {
    await sensitiveApi.del(ids);
    void message.success(t('sensitivePage.deleted'));
    selection.clear();
    await page.refresh();
  };
  // The box's lines are checked as the list the server takes.
  const wordsRule = mappedZodRule(sensitiveAddBody.shape.words, t, t('sensitivePage.word'), {
    map: (v) => linesOf(typeof v === 'string' ? v : undefined),
  });
  const page = useListPage({
    key: ['sensitive', 'words'],
    refreshKey: ['sensitive'],
    frame: { bare: true },
    fetch: sensitiveApi.list,
    rowKey: 'id',
    selection,
    toolbar: {
      bulk: (
        <DeleteButton
          variant="button"
          label={t('sensitivePage.deleteSelected')}
          target={t('sensitivePage.deleteConfirm', { count: selection.keys.length })}
          disabled={selection.keys.length === 0}
          onDelete={() => remove(selection.keys)}
          testId="sensitive-delete-selected"
        />
      ),
      export: { url: SENSITIVE_EXPORT_URL, testId: 'sensitive-export' },
      add: { label: 'sensitivePage.add', onClick: () => setAdding(true), testId: 'sensitive-add' },
    },
    testId: 'sensitive-words',
    filters: [
      {
        kind: 'search',
        name: 'keyword',
        placeholder: 'sensitivePage.search',
        testId: 'sensitive-search',
      },
    ],
    empty: {
      title: 'sensitivePage.emptyWords',
      hint: 'sensitivePage.emptyWordsHint',
      offerAdd: true,
    },
    columns: [
      { kind: 'text', title: 'sensitivePage.word', field: 'word', width: 260 },
      {
        kind: 'time',
        title: 'sensitivePage.createdAt',
        field: 'createdAt',
        seconds: true,
        width: 200,
      },
      {
        kind: 'actions',
        width: 100,
        remove: { target: (w) => w.word, run: (w) => remove([w.id]), doneText: '' },
      },
    ],
  });

  return (
    <ListScreen page={page}>
      <FormModal<{ text: string }>
        open={adding}
        title={t('sensitivePage.addTitle')}
        onClose={() => setAdding(false)}
        onSubmit={async ({ text }) => {
          const r = await sensitiveApi.add(linesOf(text));
          void message.success(t('sensitivePage.added', r));
          await page.refresh();
        }}
      >
        <FormFields
          fields={[
            {
              kind: 'textarea',
              name: 'text',
              label: 'sensitivePage.words',
              required: true,
              rules: [wordsRule],
              rows: 8,
              placeholder: 'sensitivePage.addHint',
              testId: 'sensitive-add-input',
            },
          ]}
        />
      </FormModal>
    </ListScreen>
  );
}
