import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n/index.ts';
import { BoxedText } from './BoxedText.tsx';
import { textBox } from './textBox.ts';

describe('long and code-like texts (SPEC §9: boxed at six lines)', () => {
  afterEach(cleanup);

  it('boxes more than six lines, a long paragraph and code; leaves short prose alone', () => {
    expect(textBox('你好')).toBe('none');
    expect(textBox(['1', '2', '3', '4', '5', '6'].join('\n'))).toBe('none');
    expect(textBox(['1', '2', '3', '4', '5', '6', '7'].join('\n'))).toBe('long');
    expect(textBox('长'.repeat(240))).toBe('none');
    expect(textBox('长'.repeat(241))).toBe('long');
    expect(textBox('看这个：```npm install```')).toBe('code');
    const code = ['function f(a) {', '  return a + 1;', '}'].join('\n');
    expect(textBox(code)).toBe('code');
    // Two code-looking lines in prose do not make code.
    expect(textBox('价格 {含税}\n明天发货；')).toBe('none');
  });

  it('shows 「展开」 under a boxed text and 「收起」 once opened', () => {
    const text = Array.from({ length: 10 }, (_, i) => `第${i + 1}行`).join('\n');
    render(<BoxedText text={text} />);
    const box = screen.getByTestId('msg-boxed');
    expect(box.className).toContain('msg-boxed-long');
    expect(box.className).not.toContain('is-open');
    expect(box.textContent).toBe(text);
    const toggle = screen.getByTestId('msg-expand');
    expect(toggle.textContent).toBe('展开');
    fireEvent.click(toggle);
    expect(box.className).toContain('is-open');
    expect(toggle.textContent).toBe('收起');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('draws a short text as before, without a box', () => {
    render(<BoxedText text="你好 [强]" />);
    expect(screen.queryByTestId('msg-boxed')).toBeNull();
    expect(screen.queryByTestId('msg-expand')).toBeNull();
  });
});
