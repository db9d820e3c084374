import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/listPage/index.ts';
import { seatName, serviceApi, serviceKeys } from './api.ts';

/** What is handed over: one conversation, or every conversation of a work account. */
export type TransferTarget =
  | { kind: 'conversation'; indexName: string; name: string }
  | { kind: 'account'; workWxid: string; name: string };

interface Values {
  toUserId: string;
  note?: string;
}

/** The transfer dialog: a receiving seat and a note; the seat gets it live and accepts. */
export function TransferModal({
  target,
  onClose,
}: {
  target: TransferTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: serviceKeys.seats,
    queryFn: serviceApi.seats,
    enabled: target !== null,
    staleTime: 60_000,
  });
  const submit = async (v: Values) => {
    if (!target) return;
    await serviceApi.create({
      toUserId: v.toUserId,
      note: v.note ?? '',
      ...(target.kind === 'conversation'
        ? { index_name: target.indexName }
        : { workWxid: target.workWxid }),
    });
    void message.success(t('service.sent'));
    void qc.invalidateQueries({ queryKey: serviceKeys.transfers });
  };
  return (
    <FormModal<Values>
      open={target !== null}
      title={
        target?.kind === 'account'
          ? t('service.transferAccountTitle', { name: target.name })
          : t('service.transferTitle', { name: target?.name ?? '' })
      }
      onSubmit={submit}
      onClose={onClose}
      okText={t('service.transfer')}
      okTestId="transfer-ok"
    >
      <Form.Item
        name="toUserId"
        label={t('service.seat')}
        rules={[{ required: true, message: t('service.seatRequired') }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          data-testid="transfer-seat"
          options={(data?.list ?? []).map((s) => ({
            value: s.uid,
            label: `${seatName(s)} (${s.username})`,
          }))}
        />
      </Form.Item>
      <Form.Item name="note" label={t('service.note')}>
        <Input.TextArea
          rows={3}
          maxLength={500}
          showCount
          placeholder={t('service.notePlaceholder')}
          data-testid="transfer-note"
        />
      </Form.Item>
    </FormModal>
  );
}
