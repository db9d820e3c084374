import { App, Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FanImportReport } from '@cst/shared';
import { fanTasksApi } from './api.ts';
import { ImportStep } from './ImportStep.tsx';
import {
  SETTINGS_DEFAULTS,
  TaskSettingsFields,
  type TaskSettingsValues,
} from './TaskSettingsFields.tsx';

/** Props of {@link CreateFanTaskModal}. */
export interface CreateFanTaskModalProps {
  open: boolean;
  /** `true` once a task was created. */
  onClose: (created: boolean) => void;
}

/** A new bulk friend-adding task in two steps: import and check the list, then the settings. */
export function CreateFanTaskModal({ open, onClose }: CreateFanTaskModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TaskSettingsValues>();
  const [step, setStep] = useState(0);
  const [report, setReport] = useState<FanImportReport | null>(null);
  const [includeTried, setIncludeTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const rows = report ? report.valid + (includeTried ? report.tried : 0) : 0;

  const close = (created: boolean) => {
    setStep(0);
    setReport(null);
    setIncludeTried(false);
    onClose(created);
  };

  const submit = async () => {
    let v: TaskSettingsValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (!report) return;
    setSaving(true);
    try {
      await fanTasksApi.create({
        taskName: v.taskName,
        workWxids: v.workWxids,
        greeting: v.greeting,
        intervalSec: v.intervalSec,
        jitterSec: v.jitterSec,
        dailyCap: v.dailyCap,
        rowsPerPull: v.rowsPerPull,
        startType: v.startType,
        startAt: v.startType === 'scheduled' ? v.startAt?.valueOf() : undefined,
        importId: report.importId,
        includeTried,
      });
      void message.success(t('fanTasks.create.created'));
      close(true);
    } catch {
      // The client showed the server's message; the dialog stays for another try.
    } finally {
      setSaving(false);
    }
  };

  const footer =
    step === 0
      ? [
          <Button key="cancel" onClick={() => close(false)}>
            {t('common.cancel')}
          </Button>,
          <Button
            key="next"
            type="primary"
            disabled={rows === 0}
            onClick={() => setStep(1)}
            data-testid="fan-create-next"
          >
            {t('fanTasks.create.next')}
          </Button>,
        ]
      : [
          <Button key="back" onClick={() => setStep(0)}>
            {t('fanTasks.create.back')}
          </Button>,
          <Button
            key="submit"
            type="primary"
            loading={saving}
            onClick={() => void submit()}
            data-testid="fan-create-submit"
          >
            {t('fanTasks.create.submit')}
          </Button>,
        ];

  return (
    <Modal
      open={open}
      title={`${t('fanTasks.create.title')} · ${step + 1}/2 ${t(step === 0 ? 'fanTasks.create.stepList' : 'fanTasks.create.stepSettings')}`}
      width={720}
      centered
      destroyOnHidden
      onCancel={() => close(false)}
      footer={footer}
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', paddingRight: 4 } }}
      modalRender={(node) => <div data-testid="fan-create">{node}</div>}
    >
      <div hidden={step !== 0}>
        <ImportStep
          report={report}
          onReport={setReport}
          includeTried={includeTried}
          onIncludeTried={setIncludeTried}
        />
      </div>
      <Form<TaskSettingsValues>
        form={form}
        layout="vertical"
        initialValues={SETTINGS_DEFAULTS}
        hidden={step !== 1}
        onFinish={() => void submit()}
      >
        <TaskSettingsFields rows={rows} />
      </Form>
    </Modal>
  );
}
