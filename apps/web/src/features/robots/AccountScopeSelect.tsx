import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRobotAccounts } from './useRobotAccounts.ts';

/** Which settings are edited: the default (empty value) or one work account's. */
export function AccountScopeSelect(props: {
  value: string;
  onChange: (wxid: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const accounts = useRobotAccounts();
  return (
    <Select
      value={props.value}
      onChange={props.onChange}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 360, maxWidth: '100%' }}
      data-testid={props.testId}
      options={[{ value: '', label: t('robots.defaultScope') }, ...accounts]}
    />
  );
}
