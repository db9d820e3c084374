import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SensitiveText } from './SensitiveTextBubble.tsx';

afterEach(cleanup);

describe('SensitiveText', () => {
  it('marks the first sensitive word in red as text, the rest stays text', () => {
    const { container } = render(
      <SensitiveText text="<b>加我微信</b> 转账 微信" words={['转账', '微信']} />,
    );
    const marked = screen.getByTestId('sensitive-word');
    expect(marked.textContent).toBe('微信');
    expect(container.querySelectorAll('[data-testid="sensitive-word"]')).toHaveLength(1);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<b>加我微信</b> 转账 微信');
  });

  it('shows plain text without words', () => {
    const { container } = render(<SensitiveText text="你好" words={[]} />);
    expect(container.textContent).toBe('你好');
    expect(screen.queryByTestId('sensitive-word')).toBeNull();
  });
});
