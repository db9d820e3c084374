import { useQueryClient } from '@tanstack/react-query';
import { App, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sensitiveAddBody, type SensitiveWordItem } from '@cst/shared';
import {
  actionsColumn,
  AddButton,
  BulkBar,
  DeleteButton,
  EmptyState,
  ExportButton,
  FormField,
  FormModal,
  ListPage,
  ListTable,
  SearchFilter,
  timeColumn,
  useListData,
  useListQuery,
  useRowSelection,
} from '../../components/listPage/index.ts';
import { issueText } from '../../lib/form/zodRule.ts';
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
  const qc = useQueryClient();
  const q = useListQuery(['keyword']);
  const selection = useRowSelection<SensitiveWordItem>();
  const [adding, setAdding] = useState(false);
  const { data, isFetching } = useListData(['sensitive', 'words'], q.params, sensitiveApi.list);
  const refresh = () => qc.invalidateQueries({ queryKey: ['sensitive'] });
  const remove = async (ids: string[]) => {
    await sensitiveApi.del(ids);
    void message.success(t('sensitivePage.deleted'));
    selection.clear();
    await refresh();
  };
  const add = (testId?: string) => (
    <AddButton onClick={() => setAdding(true)} testId={testId}>
      {t('sensitivePage.add')}
    </AddButton>
  );

  return (
    <ListPage
      bare
      filters={
        <SearchFilter
          query={q}
          name="keyword"
          placeholder={t('sensitivePage.search')}
          testId="sensitive-search"
        />
      }
      actions={
        <>
          <BulkBar selection={selection}>
            <DeleteButton
              variant="button"
              label={t('sensitivePage.deleteSelected')}
              target={t('sensitivePage.deleteConfirm', { count: selection.keys.length })}
              disabled={selection.keys.length === 0}
              onDelete={() => remove(selection.keys)}
              testId="sensitive-delete-selected"
            />
          </BulkBar>
          <ExportButton url={SENSITIVE_EXPORT_URL} params={q.params} testId="sensitive-export" />
          {add('sensitive-add')}
        </>
      }
    >
      <ListTable<SensitiveWordItem>
        query={q}
        rowKey="id"
        data={data}
        loading={isFetching}
        selection={selection}
        testId="sensitive-words"
        empty={
          <EmptyState
            title={t('sensitivePage.emptyWords')}
            hint={t('sensitivePage.emptyWordsHint')}
            action={add()}
          />
        }
        columns={[
          { title: t('sensitivePage.word'), dataIndex: 'word', width: 260 },
          timeColumn<SensitiveWordItem>(t('sensitivePage.createdAt'), 'createdAt', {
            seconds: true,
            width: 200,
          }),
          actionsColumn<SensitiveWordItem>(t('common.actions'), 100, (w) => (
            <DeleteButton target={w.word} onDelete={() => remove([w.id])} />
          )),
        ]}
      />
      <FormModal<{ text: string }>
        open={adding}
        title={t('sensitivePage.addTitle')}
        onClose={() => setAdding(false)}
        onSubmit={async ({ text }) => {
          const r = await sensitiveApi.add(linesOf(text));
          void message.success(t('sensitivePage.added', r));
          await refresh();
        }}
      >
        <FormField
          name="text"
          label={t('sensitivePage.words')}
          required
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const result = sensitiveAddBody.shape.words.safeParse(linesOf(value));
                if (!result.success)
                  throw new Error(issueText(result.error.issues[0]!, t, t('sensitivePage.word')));
              },
            },
          ]}
        >
          <Input.TextArea
            rows={8}
            placeholder={t('sensitivePage.addHint')}
            data-testid="sensitive-add-input"
          />
        </FormField>
      </FormModal>
    </ListPage>
  );
}
