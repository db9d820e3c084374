import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QuickPhrase } from './useQuickPhrase.ts';
import './phrases.css';

/**
 * The quick-search list above the composer's text box: plain rows (no measuring ellipsis), so a
 * key press costs little more than the search itself.
 */
export function QuickPhraseList({ quick }: { quick: QuickPhrase }) {
  const { t } = useTranslation();
  if (!quick.open) return null;
  if (quick.empty) {
    return (
      <div className="quick-phrases" data-testid="quick-phrases-empty">
        <Typography.Text className="quick-phrases-why">{t('phrases.quickEmpty')}</Typography.Text>
        <Typography.Link href="#/settings/phrases" data-testid="quick-phrases-library">
          {t('phrases.openLibrary')}
        </Typography.Link>
      </div>
    );
  }
  return (
    <div className="quick-phrases" role="listbox" data-testid="quick-phrases">
      {quick.results.map((p, i) => (
        <div
          key={p.id}
          role="option"
          aria-selected={i === quick.active}
          className={`quick-phrase${i === quick.active ? ' quick-phrase-active' : ''}`}
          onMouseEnter={() => quick.setActive(i)}
          onMouseDown={(e) => {
            // Keep the focus in the text box.
            e.preventDefault();
            quick.choose(p);
          }}
          data-testid="quick-phrase"
        >
          {p.content}
        </div>
      ))}
      <Typography.Text type="secondary" className="quick-phrases-hint">
        {t('phrases.quickHint')}
      </Typography.Text>
    </div>
  );
}
