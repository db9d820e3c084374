import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { phraseAddBody, type PhraseGroupItem, type PhraseItem } from '@cst/shared';
import { FormFields, FormModal } from '../../components/listPage/index.ts';
import { phraseApi } from './api.ts';

interface Values {
  groupId?: string;
  content: string;
}

/** Adds or edits a phrase in a group the caller may change. */
export function PhraseFormModal({
  target,
  groups,
  defaultGroupId,
  onClose,
}: {
  target: PhraseItem | 'new' | null;
  groups: PhraseGroupItem[];
  defaultGroupId: string;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const row = target === 'new' ? null : target;
  const fallback = groups.some((g) => g.id === defaultGroupId) ? defaultGroupId : groups[0]?.id;
  return (
    <FormModal<Values>
      key={row?.id ?? 'new'}
      open={target !== null}
      title={t(row ? 'phrases.edit' : 'phrases.add')}
      initialValues={{ groupId: row?.groupId ?? fallback, content: row?.content ?? '' }}
      okTestId="phrase-form-ok"
      onClose={onClose}
      onSubmit={async (v) => {
        if (row) await phraseApi.edit(row.id, { content: v.content, groupId: v.groupId });
        else await phraseApi.add(v.groupId, v.content);
        void message.success(t('phrases.saved'));
      }}
    >
      <FormFields
        fields={[
          {
            kind: 'select',
            name: 'groupId',
            label: 'phrases.group',
            requiredMessage: 'msg.phraseGroupFirst',
            options: groups.map((g) => ({ value: g.id, label: g.name })),
            testId: 'phrase-form-group',
          },
          {
            kind: 'textarea',
            name: 'content',
            label: 'phrases.content',
            schema: phraseAddBody.shape.content,
            rows: 5,
            testId: 'phrase-form-content',
          },
        ]}
      />
    </FormModal>
  );
}
