import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n/index.ts';
import { RichText } from './RichText.tsx';

describe('RichText', () => {
  afterEach(cleanup);

  it('renders links that open safely in a new window, and emoji', () => {
    const { container } = render(<RichText text="看 https://example.com/x?a=1 [强]" />);
    const a = container.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://example.com/x?a=1');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.textContent).toBe('看 https://example.com/x?a=1 👍');
  });

  it('shows markup as text, never as elements', () => {
    const text = '<img src=x onerror="alert(1)"><script>alert(2)</script> javascript:alert(3)';
    const { container } = render(<RichText text={text} />);
    expect(container.querySelector('img, script, a')).toBeNull();
    expect(container.textContent).toBe(text);
  });
});
