import { GlobalOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/sessionStore.ts';
import { seesWholeTenantRole } from '../service/roles.ts';
import { statisticsApi, statisticsKeys } from './api.ts';

/** Every IANA zone this browser knows, the current one included. */
function zoneOptions(current: string): { value: string; label: string }[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add(current);
  return [...zones].sort().map((z) => ({ value: z, label: z }));
}

/**
 * The zone the tenant's days are counted in: the manager picks another (after a confirmation,
 * since every report is recounted); nobody else sees the control.
 */
export function TimeZoneControl({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const manager = useSession((s) => seesWholeTenantRole(s.user?.role));
  const qc = useQueryClient();
  const options = useMemo(() => zoneOptions(timeZone), [timeZone]);
  const save = useMutation({
    mutationFn: (zone: string) => statisticsApi.setTimeZone(zone),
    onSuccess: async (r) => {
      await qc.invalidateQueries({ queryKey: statisticsKeys.all });
      void message.success(t('statistics.zoneSaved', { zone: r.timeZone }));
    },
  });
  if (!manager) return null;
  const choose = (zone: string) => {
    if (zone === timeZone) return;
    modal.confirm({
      title: t('statistics.zoneConfirmTitle', { zone }),
      content: t('statistics.zoneConfirm'),
      okButtonProps: { 'data-testid': 'stat-zone-ok' },
      onOk: () => save.mutateAsync(zone),
    });
  };
  return (
    <Select
      value={timeZone}
      options={options}
      showSearch
      loading={save.isPending}
      onChange={choose}
      prefix={<GlobalOutlined />}
      popupMatchSelectWidth={240}
      style={{ width: 210 }}
      aria-label={t('statistics.zoneLabel')}
      title={t('statistics.zoneLabel')}
      data-testid="stat-zone"
    />
  );
}
