import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG_TYPE } from '@cst/shared';
import { bubbleFor } from '../conversations/chat/bubbles.tsx';
import type { ChatMessage } from '../conversations/store/inboxStore.ts';
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

describe('the inbox text bubble', () => {
  it('boxes a long received text at six lines, its sensitive word still in red', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json({ code: 0, message: 'ok', data: { enabled: true, words: ['转账'] } }),
    );
    const Bubble = bubbleFor(MSG_TYPE.text);
    const long = `请帮我转账，${'这是一条很长的消息。'.repeat(30)}`;
    const message = { content: long, msgType: MSG_TYPE.text, sendSide: 2 } as ChatMessage;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Bubble message={message} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('msg-boxed').getAttribute('data-kind')).toBe('long');
    expect(screen.getByTestId('msg-expand')).toBeTruthy();
    expect((await screen.findByTestId('sensitive-word')).textContent).toBe('转账');
    vi.restoreAllMocks();
  });
});
