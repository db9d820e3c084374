import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from './RichText.tsx';
import { textBox } from './textBox.ts';

/**
 * A text that may be boxed: {@link textBox} decides from `text`, 「展开」/「收起」 toggles. The box
 * holds `children` when given (the text as another bubble marks it up: a sensitive word in red),
 * else the text itself.
 */
export function BoxedText({ text, children }: { text: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const kind = textBox(text);
  const content = children ?? <RichText text={text} />;
  if (kind === 'none') return content;
  return (
    <>
      <span
        className={`msg-boxed msg-boxed-${kind}${open ? ' is-open' : ''}`}
        data-testid="msg-boxed"
        data-kind={kind}
      >
        {content}
      </span>
      <button
        type="button"
        className="msg-boxed-toggle"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="msg-expand"
      >
        {open ? t('inbox.collapse') : t('inbox.expand')}
      </button>
    </>
  );
}
