import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { tokenize } from './richText.ts';

/**
 * A text message: emoji codes of the table become emoji, http(s) addresses become links opening
 * in a new window; everything else stays text (React text nodes, never HTML).
 */
export const RichText = memo(function RichText({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <span className="rich-text">
      {tokenize(text).map((tok, i) => {
        if (tok.kind === 'text') return tok.text;
        if (tok.kind === 'emoji') {
          return (
            <span key={i} className="emoji" title={tok.code} role="img" aria-label={tok.code}>
              {tok.emoji}
            </span>
          );
        }
        return (
          <a
            key={i}
            href={tok.href}
            target="_blank"
            rel="noopener noreferrer"
            title={t('inbox.link')}
          >
            {tok.text}
          </a>
        );
      })}
    </span>
  );
});
