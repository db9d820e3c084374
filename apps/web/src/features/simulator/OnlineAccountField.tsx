import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SimAccount } from './api.ts';

/** The form's required `workWxid`: one of the simulator's online accounts, searchable by name. */
export function OnlineAccountField({ accounts }: { accounts: readonly SimAccount[] }) {
  const { t } = useTranslation();
  const online = accounts.filter((a) => a.status === 'online');
  return (
    <Form.Item
      name="workWxid"
      label={t('simulator.account')}
      rules={[{ required: true, message: t('msg.workAccountRequired') }]}
    >
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        options={online.map((a) => ({ value: a.wxid, label: a.nickname || a.wxid }))}
      />
    </Form.Item>
  );
}
