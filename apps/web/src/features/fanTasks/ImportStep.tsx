import InboxOutlined from '@ant-design/icons/es/icons/InboxOutlined';
import { Alert, Button, Checkbox, Flex, Input, Space, Table, Tabs, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FAN_IMPORT_TXT_MAX_BYTES,
  FAN_IMPORT_XLSX_MAX_BYTES,
  type FanImportProblem,
  type FanImportReport,
  type Language,
} from '@cst/shared';
import { cutColumn } from '../../components/listPage/index.ts';
import { uploadChatFile, UploadError } from '../media/upload.ts';
import { tagsApi } from '../tags/api.ts';
import { downloadWithSession } from '../../lib/http/download.ts';
import { HttpError } from '../../lib/http/errors.ts';
import { useCan } from '../../lib/session/sessionStore.ts';
import { fanTasksApi, templateHref } from './api.ts';

const ISSUE_COLOR = { invalid: 'red', duplicate: 'orange', tried: 'default' } as const;

/** The SPEC §5 refusal of a file before it is sent, or null when it may go. */
export function fileRefusal(file: { name: string; size: number }): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!['xls', 'xlsx', 'txt'].includes(ext)) return 'msg.fanImportFileType';
  if (file.size === 0) return 'msg.fanImportEmpty';
  if (ext === 'txt')
    return file.size > FAN_IMPORT_TXT_MAX_BYTES ? 'msg.fanImportTxtTooLarge' : null;
  return file.size > FAN_IMPORT_XLSX_MAX_BYTES ? 'msg.fanImportTooLarge' : null;
}

/** Props of {@link ImportStep}. */
export interface ImportStepProps {
  report: FanImportReport | null;
  onReport: (report: FanImportReport | null) => void;
  includeTried: boolean;
  onIncludeTried: (v: boolean) => void;
}

/**
 * The first step of a new task: a file (or pasted numbers, sent as a txt file) goes up through
 * the upload path and is checked by the server; the report shows what will be sent and every row
 * with a problem.
 */
export function ImportStep({ report, onReport, includeTried, onIncludeTried }: ImportStepProps) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  /** The file the report is of, checked again once missing tags are created. */
  const [checked, setChecked] = useState<{ fileUrl: string; fileName: string } | null>(null);

  const checkFile = async (file: File) => {
    const refusal = fileRefusal(file);
    if (refusal) {
      setError(t(refusal));
      onReport(null);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const up = await uploadChatFile(file, 'fans', 'import');
      const target = { fileUrl: up.url, fileName: file.name };
      setChecked(target);
      onReport(await fanTasksApi.check(target));
    } catch (err) {
      onReport(null);
      if (err instanceof UploadError) setError(err.detail || t(`media.${err.reason}`));
      else setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const lang = i18n.language as Language;
  const templates = (
    <Space size={4} wrap>
      {t('fanTasks.create.template')}:
      <Button
        type="link"
        size="small"
        onClick={() => void downloadWithSession(templateHref('xlsx', lang), 'template.xlsx')}
        data-testid="fan-template-xlsx"
      >
        {t('fanTasks.create.templateXlsx')}
      </Button>
      <Button
        type="link"
        size="small"
        onClick={() => void downloadWithSession(templateHref('txt', lang), 'template.txt')}
        data-testid="fan-template-txt"
      >
        {t('fanTasks.create.templateTxt')}
      </Button>
    </Space>
  );

  return (
    <Flex vertical gap={12}>
      <Tabs
        size="small"
        tabBarExtraContent={templates}
        items={[
          {
            key: 'file',
            label: t('fanTasks.create.upload'),
            children: (
              <Upload.Dragger
                accept=".xls,.xlsx,.txt"
                showUploadList={false}
                disabled={busy}
                beforeUpload={(file) => {
                  void checkFile(file);
                  return false;
                }}
                data-testid="fan-import-upload"
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">{t('fanTasks.create.uploadHint')}</p>
                <p className="ant-upload-hint">{t('fanTasks.create.uploadLimits')}</p>
              </Upload.Dragger>
            ),
          },
          {
            key: 'paste',
            label: t('fanTasks.create.paste'),
            children: (
              <Flex vertical gap={8}>
                <Input.TextArea
                  rows={6}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  placeholder={t('fanTasks.create.pastePlaceholder')}
                  data-testid="fan-import-paste"
                />
                <Button
                  type="primary"
                  disabled={busy || text.trim() === ''}
                  onClick={() =>
                    void checkFile(new File([text], 'paste.txt', { type: 'text/plain' }))
                  }
                  data-testid="fan-import-check"
                >
                  {t('fanTasks.create.check')}
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      {busy && <Alert type="info" showIcon title={t('fanTasks.create.checking')} />}
      {error && <Alert type="error" showIcon title={error} data-testid="fan-import-error" />}
      {report && !busy && (
        <ImportReportView
          report={report}
          includeTried={includeTried}
          onIncludeTried={onIncludeTried}
          onTagsCreated={
            checked ? async () => onReport(await fanTasksApi.check(checked)) : undefined
          }
        />
      )}
    </Flex>
  );
}

/**
 * A checked list's report: what the task will add, tags of the file that do not exist (with a
 * button that creates them, for whoever manages tags, then checks the file again), the tried rows
 * and every row with a problem.
 */
export function ImportReportView({
  report,
  includeTried,
  onIncludeTried,
  onTagsCreated,
}: {
  report: FanImportReport;
  includeTried: boolean;
  onIncludeTried: (v: boolean) => void;
  /** Called once the missing tags exist (the file is then checked again). */
  onTagsCreated?: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const canCreateTags = useCan('customer.manage') && onTagsCreated !== undefined;
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const createTags = async (names: string[]) => {
    setCreating(true);
    setCreateError(null);
    try {
      // In the default group, one by one. A name someone created meanwhile (409) is there already;
      // any other refusal stops here and is shown.
      for (const name of names) {
        await tagsApi.add({ name }).catch((err: unknown) => {
          if (!(err instanceof HttpError && (err.status === 409 || err.code === 409))) throw err;
        });
      }
      await onTagsCreated?.();
    } catch (err) {
      setCreateError(err instanceof Error ? err.message : String(err));
    } finally {
      setCreating(false);
    }
  };
  // What the task will add, as its progress will count it: the tried rows too when asked.
  const addable = report.valid + (includeTried ? report.tried : 0);
  const unknownTags = report.unknownTags ?? [];
  return (
    <Flex vertical gap={8} data-testid="fan-import-report">
      <Alert
        type={addable > 0 ? 'success' : 'warning'}
        showIcon
        title={t('fanTasks.create.report', { ...report, valid: addable })}
        description={`${report.fileName} · ${t('fanTasks.create.reportKinds', report)}`}
      />
      {unknownTags.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="fan-import-unknown-tags"
          title={t('fanTasks.create.unknownTags', {
            count: unknownTags.length,
            names: unknownTags.join(t('fanTasks.create.listJoin')),
          })}
          description={createError ?? undefined}
          action={
            canCreateTags ? (
              <Button
                size="small"
                loading={creating}
                onClick={() => void createTags(unknownTags)}
                data-testid="fan-import-create-tags"
              >
                {t('fanTasks.create.createTags')}
              </Button>
            ) : undefined
          }
        />
      )}
      {report.tried > 0 && (
        <Checkbox
          checked={includeTried}
          onChange={(e) => onIncludeTried(e.target.checked)}
          data-testid="fan-import-include-tried"
        >
          {t('fanTasks.create.includeTried')}
        </Checkbox>
      )}
      {report.problems.length > 0 && (
        <Table<FanImportProblem>
          size="small"
          rowKey={(p) => `${p.line}-${p.issue}`}
          dataSource={report.problems}
          pagination={{ pageSize: 5, size: 'small', showSizeChanger: false }}
          title={() =>
            report.problemsTruncated
              ? `${t('fanTasks.create.problems')} (${t('fanTasks.create.problemsMore', { count: report.problems.length })})`
              : t('fanTasks.create.problems')
          }
          data-testid="fan-import-problems"
          columns={[
            { title: t('fanTasks.create.line'), dataIndex: 'line', key: 'line', width: 70 },
            {
              title: t('fanTasks.target'),
              key: 'target',
              width: 150,
              ...cutColumn<FanImportProblem>((p) => p.target),
            },
            {
              title: t('fanTasks.create.issue'),
              key: 'issue',
              render: (_: unknown, p) => (
                <Space size={4} wrap>
                  <Tag color={ISSUE_COLOR[p.issue]}>{t(`fanTasks.create.issues.${p.issue}`)}</Tag>
                  {p.message}
                </Space>
              ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
