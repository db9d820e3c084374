import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SENSITIVE_MODES, type SensitiveMode, type SensitiveSendRules } from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';
import { useCan } from '../../lib/session/sessionStore.ts';
import { notesApi, notesKeys } from './api.ts';

/** What a seat's send with a sensitive word does in the tenant: 记录, 提醒 or 拦截. */
export function SensitiveModeSetting() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canManage = useCan('sensitive.manage');
  const { data } = useQuery({ queryKey: notesKeys.sendRules, queryFn: notesApi.sendRules });
  const save = useMutation({
    mutationFn: (mode: SensitiveMode) =>
      mainApi.post<SensitiveSendRules>('/main-api/sensitive/mode/set', { mode }),
    onSuccess: (rules) => {
      qc.setQueryData(notesKeys.sendRules, rules);
      void message.success(t('sensitiveMode.saved'));
    },
  });
  return (
    <Space direction="vertical" size={4} style={{ marginBottom: 16 }}>
      <Space wrap>
        <Typography.Text strong>{t('sensitiveMode.title')}</Typography.Text>
        <Radio.Group
          value={data?.mode}
          disabled={!canManage || save.isPending}
          onChange={(e) => save.mutate(e.target.value as SensitiveMode)}
          optionType="button"
          data-testid="sensitive-mode"
          options={SENSITIVE_MODES.map((m) => ({ value: m, label: t(`sensitiveMode.${m}`) }))}
        />
      </Space>
      {data && (
        <Typography.Text type="secondary">{t(`sensitiveMode.${data.mode}Hint`)}</Typography.Text>
      )}
    </Space>
  );
}
