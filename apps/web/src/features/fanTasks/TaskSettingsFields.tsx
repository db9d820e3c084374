import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Flex, Form, Input, InputNumber, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  FAN_TASK_DEFAULT_DAILY_CAP,
  FAN_TASK_DEFAULT_INTERVAL_SEC,
  FAN_TASK_DEFAULT_JITTER_SEC,
  FAN_TASK_DEFAULT_ROWS_PER_PULL,
  fanTaskCreateBody,
  keepIdleUntil,
  type SwitcherAccount,
} from '@cst/shared';
import { FormField } from '../../components/listPage/index.ts';
import { accountsApi, accountsKeys } from '../accounts/api.ts';

/** The values of the settings step. */
export interface TaskSettingsValues {
  taskName: string;
  workWxids: string[];
  greeting: string;
  intervalSec: number;
  jitterSec: number;
  dailyCap: number;
  rowsPerPull: number;
  startType: 'now' | 'scheduled';
  startAt?: Dayjs;
}

/** Defaults of a new task (SPEC §9: 5 rows per pull, about ±5 s of jitter). */
export const SETTINGS_DEFAULTS: Partial<TaskSettingsValues> = {
  intervalSec: FAN_TASK_DEFAULT_INTERVAL_SEC,
  jitterSec: FAN_TASK_DEFAULT_JITTER_SEC,
  dailyCap: FAN_TASK_DEFAULT_DAILY_CAP,
  rowsPerPull: FAN_TASK_DEFAULT_ROWS_PER_PULL,
  startType: 'now',
};

const shape = fanTaskCreateBody.shape;

/** An account's name as the pickers show it. */
export const accountName = (a: Pick<SwitcherAccount, 'wxid' | 'remark' | 'nickname'>) =>
  a.remark || a.nickname || a.wxid;

/**
 * The chosen accounts still in their keep-idle period after their first login (SPEC §9: 8 hours),
 * with when it ends: adding friends from them early risks the account.
 */
export function keepingIdle(
  accounts: readonly SwitcherAccount[],
  chosen: readonly string[] | undefined,
  now: number,
): { name: string; until: number }[] {
  const picked = new Set(chosen ?? []);
  return accounts.flatMap((a) => {
    const until = picked.has(a.wxid) ? keepIdleUntil(a.firstLoginAt ?? null, now) : null;
    return until === null ? [] : [{ name: accountName(a), until }];
  });
}
const GROW = { flex: 1, minWidth: 0 };

/**
 * The settings of a new task, checked with the server's own schema: name, accounts (no more than
 * the rows: 'too many accounts for data'), greeting, pacing, caps and the start.
 */
export function TaskSettingsFields({ rows }: { rows: number }) {
  const { t } = useTranslation();
  const { data: switcher } = useQuery({
    queryKey: accountsKeys.switcher,
    queryFn: accountsApi.switcher,
  });
  const accounts = switcher?.wxAccount ?? [];
  const startType = Form.useWatch<TaskSettingsValues['startType']>('startType');
  const chosen = Form.useWatch<string[] | undefined>('workWxids');
  const idle = keepingIdle(accounts, chosen, Date.now());
  const seconds = (name: keyof TaskSettingsValues, label: string, max: number) => (
    <FormField name={name} label={label} schema={shape[name as 'intervalSec']} style={GROW}>
      <InputNumber min={0} max={max} precision={0} style={{ width: '100%' }} />
    </FormField>
  );
  return (
    <>
      <FormField name="taskName" label={t('fanTasks.name')} schema={shape.taskName}>
        <Input maxLength={64} data-testid="fan-task-name" />
      </FormField>
      <FormField
        name="workWxids"
        label={t('fanTasks.create.workWxids')}
        schema={shape.workWxids}
        rules={[
          {
            validator: (_, v: string[] | undefined) =>
              v && v.length > rows
                ? Promise.reject(new Error(t('msg.tooManyAccountsForData')))
                : Promise.resolve(),
          },
        ]}
      >
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('fanTasks.create.workWxidsPlaceholder')}
          options={accounts.map((a) => ({
            value: a.wxid,
            label: `${accountName(a)} (${a.wxid})`,
          }))}
          data-testid="fan-task-accounts"
        />
      </FormField>
      {idle.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="fan-task-keep-idle"
          title={t('fanTasks.create.keepIdle', {
            names: idle
              .map((a) =>
                t('fanTasks.create.keepIdleUntil', {
                  name: a.name,
                  until: dayjs(a.until).format('MM-DD HH:mm'),
                }),
              )
              .join(t('fanTasks.create.listJoin')),
          })}
        />
      )}
      <FormField
        name="greeting"
        label={t('fanTasks.create.greeting')}
        schema={shape.greeting}
        extra={t('fanTasks.create.greetingHint')}
      >
        <Input.TextArea rows={2} maxLength={100} showCount data-testid="fan-task-greeting" />
      </FormField>
      <Flex gap={12}>
        {seconds('intervalSec', t('fanTasks.create.intervalSec'), 86_400)}
        {seconds('jitterSec', t('fanTasks.create.jitterSec'), 3_600)}
      </Flex>
      <Flex gap={12}>
        <FormField
          name="dailyCap"
          label={t('fanTasks.create.dailyCap')}
          schema={shape.dailyCap}
          style={GROW}
        >
          <InputNumber min={1} max={10_000} precision={0} style={{ width: '100%' }} />
        </FormField>
        <FormField
          name="rowsPerPull"
          label={t('fanTasks.create.rowsPerPull')}
          schema={shape.rowsPerPull}
          style={GROW}
        >
          <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
        </FormField>
      </Flex>
      <FormField name="startType" label={t('fanTasks.create.startType')}>
        <Radio.Group
          options={[
            { value: 'now', label: t('fanTasks.create.startNow') },
            { value: 'scheduled', label: t('fanTasks.create.startScheduled') },
          ]}
        />
      </FormField>
      {startType === 'scheduled' && (
        <FormField
          name="startAt"
          label={t('fanTasks.create.startAt')}
          required
          rules={[{ required: true, message: t('msg.startAtRequired') }]}
        >
          <DatePicker showTime format="YYYY-MM-DD HH:mm" />
        </FormField>
      )}
    </>
  );
}
