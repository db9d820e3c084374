import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTagGroups } from './api.ts';

/** Props of {@link TagSelect}. */
export interface TagSelectProps {
  value?: string[];
  onChange?: (ids: string[]) => void;
  placeholder?: string;
  width?: number | string;
  size?: 'small' | 'middle';
  testId?: string;
  disabled?: boolean;
}

/** A multiple choice of the tenant's tags, grouped by tag group, searchable by name. */
export function TagSelect(props: TagSelectProps) {
  const { t } = useTranslation();
  const { data: groups = [], isLoading } = useTagGroups();
  return (
    <Select
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      maxTagCount="responsive"
      loading={isLoading}
      disabled={props.disabled}
      size={props.size}
      value={props.value ?? []}
      onChange={(ids: string[]) => props.onChange?.(ids)}
      placeholder={props.placeholder ?? t('tags.select')}
      style={{ width: props.width ?? 220 }}
      data-testid={props.testId}
      options={groups
        .filter((g) => g.tags.length > 0)
        .map((g) => ({
          label: g.name,
          title: g.name,
          options: g.tags.map((tag) => ({ value: tag.id, label: tag.name })),
        }))}
      notFoundContent={t('tags.none')}
    />
  );
}
