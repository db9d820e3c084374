import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MentionPicker } from './useMentionPicker.ts';
import './notes.css';

/** The `@` picker's list above the composer's text box. */
export function MentionList({ picker }: { picker: MentionPicker }) {
  const { t } = useTranslation();
  if (!picker.open) return null;
  return (
    <div className="mention-list" role="listbox" data-testid="mention-list">
      {picker.results.map((m, i) => (
        <div
          key={m.id}
          role="option"
          aria-selected={i === picker.active}
          className={`mention-option${i === picker.active ? ' mention-option-active' : ''}`}
          onMouseEnter={() => picker.setActive(i)}
          onMouseDown={(e) => {
            // Keep the focus in the text box.
            e.preventDefault();
            picker.choose(m);
          }}
          data-testid="mention-option"
        >
          @{m.name}
        </div>
      ))}
      <Typography.Text type="secondary" className="mention-hint">
        {t('notes.pickerHint')}
      </Typography.Text>
    </div>
  );
}
