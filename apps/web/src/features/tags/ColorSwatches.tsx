import { CheckOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAG_COLORS } from '@cst/shared';

/** Props of {@link ColorSwatches} (a form control: `value` / `onChange`). */
export interface ColorSwatchesProps {
  value?: string;
  onChange?: (color: string) => void;
}

/** The tag colours as swatches to click, and the system colour chooser for any other. */
export function ColorSwatches({ value = '', onChange }: ColorSwatchesProps) {
  const { t } = useTranslation();
  const custom = value !== '' && !(TAG_COLORS as readonly string[]).includes(value);
  return (
    <Flex gap={8} wrap align="center" role="radiogroup" aria-label={t('tags.color')}>
      {TAG_COLORS.map((c) => (
        <button
          key={c}
          type="button"
          role="radio"
          aria-checked={value === c}
          aria-label={c}
          className="tag-swatch"
          style={{ background: c }}
          onClick={() => onChange?.(c)}
          data-testid="tag-swatch"
        >
          {value === c && <CheckOutlined />}
        </button>
      ))}
      <label className="tag-swatch tag-swatch-custom" title={t('tags.customColor')}>
        <input
          type="color"
          value={custom ? value : '#1677ff'}
          onChange={(e) => onChange?.(e.target.value)}
          aria-label={t('tags.customColor')}
        />
        {custom && <CheckOutlined />}
      </label>
    </Flex>
  );
}
