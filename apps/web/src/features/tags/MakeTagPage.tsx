import { Alert, Button, Card, Flex, Form, Progress, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagOp, TagTargetFilter } from '@cst/shared';
import { tagsApi } from './api.ts';
import { TagSelect } from './TagSelect.tsx';
import { filterOf, TargetFilterForm, type TargetFields } from './TargetFilterForm.tsx';
import { useBulkTagRun } from './useBulkTagRun.ts';
import './tags.css';

/** The count of a filter, kept with the filter it was taken for. */
interface Counted {
  key: string;
  matched: number;
}

/**
 * Bulk tagging (/customerCenter/makeTag): choose contacts by filter or by an uploaded list, see
 * how many match, then add or remove tags for all of them with a progress bar and a result.
 */
export function MakeTagPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<TargetFields>();
  const values = Form.useWatch([], form) as TargetFields | undefined;
  const filter: TagTargetFilter = filterOf(values ?? { mode: 'filter' });
  const key = JSON.stringify(filter);
  const [counted, setCounted] = useState<Counted | null>(null);
  const [counting, setCounting] = useState(false);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [op, setOp] = useState<TagOp>('add');
  const bulk = useBulkTagRun();
  const running = bulk.state.phase === 'running';
  const fresh = counted?.key === key;
  const listMissing = values?.mode === 'list' && !values.list;

  const count = async () => {
    setCounting(true);
    try {
      const r = await tagsApi.bulkCount(filter);
      setCounted({ key, matched: r.matched });
      bulk.reset();
    } catch {
      // The client showed the server's message.
    } finally {
      setCounting(false);
    }
  };
  const s = bulk.state;
  const percent =
    s.phase === 'idle' ? 0 : s.total ? Math.round((s.processed / s.total) * 100) : 100;

  return (
    <Flex vertical gap={12} className="page make-tag-page" data-testid="make-tag-page">
      <Card title={t('makeTag.step1')} size="small">
        <Form
          form={form}
          layout="vertical"
          initialValues={{ mode: 'filter' }}
          disabled={running}
          className="make-tag-form"
        >
          <TargetFilterForm />
        </Form>
        <Flex align="center" gap={12} wrap>
          <Button
            onClick={() => void count()}
            loading={counting}
            disabled={running || listMissing}
            data-testid="make-tag-count"
          >
            {t('makeTag.count')}
          </Button>
          {counted && (
            <Typography.Text
              type={fresh ? undefined : 'warning'}
              strong={fresh}
              data-testid="make-tag-matched"
            >
              {fresh ? t('makeTag.matched', { count: counted.matched }) : t('makeTag.recount')}
            </Typography.Text>
          )}
        </Flex>
      </Card>
      <Card title={t('makeTag.step2')} size="small">
        <Flex vertical gap={12}>
          <Flex gap={12} wrap align="center">
            <Radio.Group
              optionType="button"
              value={op}
              onChange={(e) => setOp(e.target.value as TagOp)}
              disabled={running}
              options={[
                { value: 'add', label: t('makeTag.add') },
                { value: 'remove', label: t('makeTag.remove') },
              ]}
              data-testid="make-tag-op"
            />
            <TagSelect
              value={tagIds}
              onChange={setTagIds}
              width={320}
              testId="make-tag-tags"
              disabled={running}
            />
            <Button
              type="primary"
              disabled={!fresh || !counted?.matched || tagIds.length === 0}
              loading={running}
              onClick={() => void bulk.run(filter, tagIds, op, counted?.matched ?? 0)}
              data-testid="make-tag-start"
            >
              {t('makeTag.start')}
            </Button>
          </Flex>
          {fresh && counted?.matched === 0 && (
            <Typography.Text type="secondary">{t('makeTag.nothing')}</Typography.Text>
          )}
          {s.phase !== 'idle' && (
            <Progress
              percent={percent}
              status={
                s.phase === 'failed' ? 'exception' : s.phase === 'done' ? 'success' : 'active'
              }
              data-testid="make-tag-progress"
            />
          )}
          {s.phase === 'running' && (
            <Typography.Text type="secondary">
              {t('makeTag.running', { done: s.processed, total: s.total })}
            </Typography.Text>
          )}
          {s.phase === 'done' && (
            <Alert
              type="success"
              showIcon
              data-testid="make-tag-result"
              title={t('makeTag.result', {
                processed: s.processed,
                changed: s.changed,
                op: s.op === 'add' ? t('makeTag.resultAdd') : t('makeTag.resultRemove'),
              })}
            />
          )}
          {s.phase === 'failed' && (
            <Alert type="error" showIcon title={t('makeTag.failed', { processed: s.processed })} />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
