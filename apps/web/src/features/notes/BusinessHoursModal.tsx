import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Checkbox, Flex, Input, Modal, Select, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BusinessHoursItem, BusinessHoursSaveBody } from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

/** One day of the form: open or not, and its one span as `HH:mm`. */
interface DayRow {
  open: boolean;
  from: string;
  to: string;
}

const hhmm = (min: number) =>
  `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
const minutes = (v: string) => {
  const [h, m] = v.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

function rowsOf(item: BusinessHoursItem): DayRow[] {
  return item.week.map((spans) => {
    const first = spans[0];
    const last = spans.at(-1);
    return first && last
      ? { open: true, from: hhmm(first.from), to: last.to === 1440 ? '24:00' : hhmm(last.to) }
      : { open: false, from: '09:00', to: '18:00' };
  });
}

/** Props of {@link BusinessHoursModal}: the group (null: the default); undefined closes it. */
export interface BusinessHoursModalProps {
  groupId: string | null | undefined;
  groupName: string;
  onClose: () => void;
}

/**
 * Business hours of an account group: the week (one span a day), holidays and the out-of-hours
 * reply, in the tenant's time zone.
 */
export function BusinessHoursModal({ groupId, groupName, onClose }: BusinessHoursModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = groupId !== undefined;
  const { data, isFetching } = useQuery({
    queryKey: ['business-hours', groupId ?? ''],
    queryFn: () =>
      mainApi.post<BusinessHoursItem>('/task-api/business-hours/get', { accountGroupId: groupId }),
    enabled: open,
  });
  const [enabled, setEnabled] = useState(false);
  const [days, setDays] = useState<DayRow[]>([]);
  const [holidays, setHolidays] = useState<string[]>([]);
  const [reply, setReply] = useState('');
  useEffect(() => {
    if (!data) return;
    setEnabled(data.enabled);
    setDays(rowsOf(data));
    setHolidays(data.holidays);
    setReply(data.reply);
  }, [data]);
  const save = useMutation({
    mutationFn: (body: BusinessHoursSaveBody) =>
      mainApi.post<BusinessHoursItem>('/task-api/business-hours/save', body),
    onSuccess: () => {
      void message.success(t('businessHours.saved'));
      onClose();
    },
  });
  const names = t('businessHours.days').split(',');
  const setDay = (i: number, patch: Partial<DayRow>) =>
    setDays((ds) => ds.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const submit = () =>
    save.mutate({
      accountGroupId: groupId ?? null,
      enabled,
      week: days.map((d) => (d.open ? [{ from: minutes(d.from), to: minutes(d.to) }] : [])),
      holidays,
      reply: reply.trim(),
    });
  return (
    <Modal
      open={open}
      title={`${t('businessHours.title')} · ${groupName}`}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'business-hours-save' }}
      destroyOnHidden
      width={560}
    >
      <Spin spinning={isFetching && !data}>
        <Flex vertical gap={12} data-testid="business-hours-form">
          {data && !data.own && (
            <Typography.Text type="warning">{t('businessHours.inherited')}</Typography.Text>
          )}
          <Flex gap={8} align="center">
            <Switch checked={enabled} onChange={setEnabled} data-testid="business-hours-enabled" />
            <span>{t('businessHours.enabled')}</span>
          </Flex>
          <Typography.Text strong>{t('businessHours.week')}</Typography.Text>
          {days.map((d, i) => (
            <Flex key={i} gap={8} align="center" data-testid="business-hours-day">
              <Checkbox checked={d.open} onChange={(e) => setDay(i, { open: e.target.checked })}>
                {names[i]}
              </Checkbox>
              {d.open ? (
                <>
                  <Input
                    type="time"
                    value={d.from}
                    onChange={(e) => setDay(i, { from: e.target.value })}
                    style={{ width: 120 }}
                    aria-label={`${names[i]} from`}
                  />
                  –
                  <Input
                    type="time"
                    value={d.to === '24:00' ? '23:59' : d.to}
                    onChange={(e) => setDay(i, { to: e.target.value })}
                    style={{ width: 120 }}
                    aria-label={`${names[i]} to`}
                  />
                </>
              ) : (
                <Typography.Text type="secondary">{t('businessHours.closed')}</Typography.Text>
              )}
            </Flex>
          ))}
          <Typography.Text strong>{t('businessHours.holidays')}</Typography.Text>
          <Select
            mode="tags"
            value={holidays}
            onChange={setHolidays}
            placeholder="2026-10-01"
            tokenSeparators={[',', ' ']}
            data-testid="business-hours-holidays"
          />
          <Typography.Text strong>{t('businessHours.reply')}</Typography.Text>
          <Input.TextArea
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            maxLength={1000}
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder={t('businessHours.replyPlaceholder')}
            data-testid="business-hours-reply"
          />
          {data && (
            <Typography.Text type="secondary">
              {t('businessHours.timeZone', { zone: data.timeZone })}
            </Typography.Text>
          )}
        </Flex>
      </Spin>
    </Modal>
  );
}
