import { useQueries } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Radio, Select, Upload, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/listPage/index.ts';
import { TagSelect } from '../tags/TagSelect.tsx';
import { bulkSendApi } from './api.ts';
import type { BulkCreateValues } from './bulkCreateValues.ts';
import { FriendPickerModal } from './FriendPickerModal.tsx';

/** Ids of a pasted or uploaded list: one a line (commas and spaces also split). */
export function idsOfList(text: string | undefined): string[] {
  return [...new Set((text ?? '').split(/[\s,，;；]+/).filter(Boolean))];
}

/** The recipients of a new task: all, by tags, a pasted or uploaded list, or chosen groups. */
export function TargetFields({ form }: { form: FormInstance<BulkCreateValues> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [picking, setPicking] = useState(false);
  const taskType = Form.useWatch('taskType', form) ?? 'friends';
  const mode = Form.useWatch('mode', form) ?? 'all';
  const chosen = Form.useWatch('workWxids', form) ?? [];
  const list = Form.useWatch('list', form);
  const groups = useQueries({
    queries: (taskType === 'groups' ? chosen : []).map((w) => ({
      queryKey: ['bulkSend', 'groups', w],
      queryFn: () => bulkSendApi.groups(w),
    })),
  });
  const modes =
    taskType === 'groups' ? (['all', 'groups'] as const) : (['all', 'tags', 'list'] as const);
  return (
    <>
      <FormField name="mode" label={t('bulkSend.create.targets')}>
        <Radio.Group
          options={modes.map((m) => ({
            value: m,
            label:
              m === 'all'
                ? t(
                    taskType === 'groups'
                      ? 'bulkSend.create.allGroups'
                      : 'bulkSend.create.allFriends',
                  )
                : t(`bulkSend.create.modes.${m}`),
          }))}
          data-testid="bulk-task-mode"
        />
      </FormField>
      {mode === 'tags' && (
        <FormField
          name="tagIds"
          label={t('bulkSend.create.tags')}
          rules={[{ required: true, message: t('msg.bulkTagsRequired') }]}
        >
          <TagSelect width="100%" testId="bulk-task-tags" />
        </FormField>
      )}
      {mode === 'list' && (
        <FormField
          name="list"
          label={t('bulkSend.create.list')}
          extra={t('bulkSend.create.listCount', { count: idsOfList(list).length })}
          rules={[
            {
              validator: (_, v?: string) =>
                idsOfList(v).length
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('msg.bulkListRequired'))),
            },
          ]}
        >
          <Input.TextArea
            rows={4}
            placeholder={t('bulkSend.create.listPlaceholder')}
            data-testid="bulk-task-list"
          />
        </FormField>
      )}
      {mode === 'list' && (
        <Flex gap={8} style={{ marginBottom: 16 }}>
          <Button
            type="primary"
            ghost
            onClick={() => setPicking(true)}
            data-testid="bulk-task-pick"
          >
            {t('bulkSend.create.pick')}
          </Button>
          <Upload
            accept=".txt,text/plain"
            showUploadList={false}
            beforeUpload={(file) => {
              void file
                .text()
                .then((text) =>
                  form.setFieldValue('list', [list ?? '', text].filter(Boolean).join('\n')),
                );
              return false;
            }}
          >
            <Button>{t('bulkSend.create.upload')}</Button>
          </Upload>
        </Flex>
      )}
      <FriendPickerModal
        open={picking}
        workWxids={chosen}
        onCancel={() => setPicking(false)}
        onConfirm={(picked) => {
          setPicking(false);
          const ids = idsOfList([list ?? '', ...picked.map((p) => p.wxid)].join('\n'));
          form.setFieldValue('list', ids.join('\n'));
          void form.validateFields(['list']);
          void message.success(t('bulkSend.picker.added', { count: picked.length }));
        }}
      />
      {mode === 'groups' && (
        <FormField
          name="groupIds"
          label={t('bulkSend.create.groups')}
          rules={[{ required: true, message: t('msg.bulkListRequired') }]}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('bulkSend.create.groupsPlaceholder')}
            options={groups
              .flatMap((g) => g.data?.list ?? [])
              .map((g) => ({ value: g.groupId, label: `${g.name} · ${g.accountName}` }))}
            data-testid="bulk-task-groups"
          />
        </FormField>
      )}
    </>
  );
}
