import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Radio, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_SOURCES, type ContactSource, type TagTargetFilter } from '@cst/shared';
import { accountsApi, accountsKeys } from '../accounts/api.ts';
import { friendsApi } from '../friends/api.ts';
import { UploadError, uploadChatFile } from '../media/upload.ts';
import { TagSelect } from './TagSelect.tsx';

/** The form's fields (the filter before it is put on the wire). */
export interface TargetFields {
  mode: 'filter' | 'list';
  workWxids?: string[];
  keyword?: string;
  added?: [Dayjs | null, Dayjs | null] | null;
  source?: ContactSource;
  hasTagIds?: string[];
  lacksTagIds?: string[];
  groupIds?: string[];
  list?: { url: string; name: string };
}

/** The wire filter of the form's fields. */
export function filterOf(v: TargetFields): TagTargetFilter {
  if (v.mode === 'list') return { listUrl: v.list?.url };
  const [from, to] = v.added ?? [];
  const some = <T,>(a?: T[]) => (a?.length ? a : undefined);
  return {
    workWxids: some(v.workWxids),
    keyword: v.keyword?.trim() || undefined,
    addedFrom: from ? from.startOf('day').valueOf() : undefined,
    addedTo: to ? to.endOf('day').valueOf() : undefined,
    source: v.source,
    hasTagIds: some(v.hasTagIds),
    lacksTagIds: some(v.lacksTagIds),
    groupIds: some(v.groupIds),
  };
}

/** The uploaded list: a txt, xls or xlsx sent through the upload path, kept as its address. */
function ListUpload(props: {
  value?: TargetFields['list'];
  onChange?: (v: TargetFields['list']) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        icon={<UploadOutlined />}
        loading={busy}
        onClick={() => input.current?.click()}
        data-testid="make-tag-upload"
      >
        {t('makeTag.upload')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".txt,.xls,.xlsx"
        // antd's form styles show file inputs as blocks, which beats the hidden attribute.
        style={{ display: 'none' }}
        data-testid="make-tag-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setBusy(true);
          setError('');
          uploadChatFile(file, 'tags', 'list')
            .then((r) => props.onChange?.({ url: r.url, name: file.name }))
            .catch((err: unknown) =>
              setError(
                t('makeTag.uploadFailed', {
                  reason:
                    err instanceof UploadError
                      ? err.detail || t(`media.${err.reason}`)
                      : t('media.uploadFailed'),
                }),
              ),
            )
            .finally(() => setBusy(false));
        }}
      />
      {props.value && (
        <Typography.Text className="make-tag-file" data-testid="make-tag-file">
          {t('makeTag.uploaded', { name: props.value.name })}
        </Typography.Text>
      )}
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </>
  );
}

/** The contacts of a bulk tagging: by filter (accounts, keyword, time, source, tags, groups) or a list. */
export function TargetFilterForm() {
  const { t } = useTranslation();
  const mode = Form.useWatch<TargetFields['mode']>('mode');
  const workWxids = Form.useWatch<string[] | undefined>('workWxids');
  const { data: switcher } = useQuery({
    queryKey: accountsKeys.switcher,
    queryFn: accountsApi.switcher,
  });
  const accounts = switcher?.wxAccount ?? [];
  const accountName = new Map(accounts.map((a) => [a.wxid, a.remark || a.nickname || a.wxid]));
  const { data: groups } = useQuery({
    queryKey: ['tags', 'groupChats', workWxids ?? []],
    queryFn: () =>
      friendsApi.contacts({ cvType: 2, wxids: workWxids?.length ? workWxids : undefined }),
    enabled: mode === 'filter' && accounts.length > 0,
  });
  return (
    <>
      <Form.Item name="mode">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'filter', label: t('makeTag.byFilter') },
            { value: 'list', label: t('makeTag.byList') },
          ]}
          data-testid="make-tag-mode"
        />
      </Form.Item>
      {mode === 'list' ? (
        <Form.Item name="list" label={t('makeTag.list')} extra={t('makeTag.listHint')}>
          <ListUpload />
        </Form.Item>
      ) : (
        <div className="make-tag-filters">
          <Form.Item name="workWxids" label={t('makeTag.accounts')}>
            <Select
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              placeholder={t('makeTag.allAccounts')}
              showSearch={{ optionFilterProp: 'label' }}
              options={accounts.map((a) => ({ value: a.wxid, label: accountName.get(a.wxid)! }))}
              data-testid="make-tag-accounts"
            />
          </Form.Item>
          <Form.Item name="keyword" label={t('makeTag.keyword')}>
            <Input
              allowClear
              placeholder={t('makeTag.keywordHint')}
              maxLength={64}
              data-testid="make-tag-keyword"
            />
          </Form.Item>
          <Form.Item name="added" label={t('makeTag.added')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} maxDate={dayjs().endOf('day')} />
          </Form.Item>
          <Form.Item name="source" label={t('makeTag.source')}>
            <Select
              allowClear
              placeholder={t('makeTag.anySource')}
              options={CONTACT_SOURCES.map((s) => ({ value: s, label: t(`friends.sources.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="hasTagIds" label={t('makeTag.hasTags')}>
            <TagSelect width="100%" testId="make-tag-has" />
          </Form.Item>
          <Form.Item name="lacksTagIds" label={t('makeTag.lacksTags')}>
            <TagSelect width="100%" testId="make-tag-lacks" />
          </Form.Item>
          <Form.Item name="groupIds" label={t('makeTag.groups')} extra={t('makeTag.groupsHint')}>
            <Select
              placeholder={t('makeTag.anyGroup')}
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              showSearch={{ optionFilterProp: 'label' }}
              options={[...new Map((groups?.list ?? []).map((g) => [g.id, g])).values()].map(
                (g) => ({
                  value: g.id,
                  label: `${g.nickname || g.id} · ${accountName.get(g.wxid) ?? g.wxid}`,
                }),
              )}
            />
          </Form.Item>
        </div>
      )}
    </>
  );
}
