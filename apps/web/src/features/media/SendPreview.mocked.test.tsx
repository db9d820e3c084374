import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { signInForTest } from '../../lib/session/testSession.ts';
import { Composer } from '../conversations/composer/Composer.tsx';
import { setChatPage, setListPage } from '../conversations/store/inboxChanges.ts';
import { resetInbox, useInbox } from '../conversations/store/inboxStore.ts';
import { buildConv, buildMessage } from '../conversations/store/testFactories.ts';

/** What went out, in order: file sends (kind and names) and text sends (content). */
const log: string[] = [];

vi.mock('./sendMedia.ts', async (importActual) => {
  const actual: object = await importActual();
  return {
    ...actual,
    sendFiles: vi.fn(async (_conv: unknown, kind: string, files: File[]) => {
      log.push(`${kind}:${files.map((f) => f.name).join(',')}`);
      return true;
    }),
  };
});

const conv = { ...buildConv('wxid_a'), name: '客户甲' };
const png = (name: string) => new File(['x'], name, { type: 'image/png' });

function show() {
  return render(
    <AppProviders>
      <App>
        <Composer conv={conv} />
      </App>
    </AppProviders>,
  );
}

const preview = () => screen.findByTestId('send-preview-body');
/** Whether the preview is gone or leaving (jsdom runs no end of antd's closing motion). */
const closed = () => {
  const body = screen.queryByTestId('send-preview-body');
  return !body || Boolean(body.closest('.ant-modal')?.className.includes('-leave'));
};

describe('sending pictures and files through a preview', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetInbox();
    log.length = 0;
    signInForTest(['conversation.read', 'conversation.send']);
    useInbox.getState().mutate((d) => {
      setListPage(d, { mode: 'account', workWxid: 'wx_acc' }, 1, [conv], 1, 50, Date.now());
      setChatPage(d, conv.index_name, [buildMessage(conv, 1)], false, false);
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (String(url).includes('send-text')) {
        const body = JSON.parse(String(init?.body)) as { content: string };
        log.push(`text:${body.content}`);
      }
      return Response.json({ code: 0, message: 'ok', data: { messageId: '50', requestId: 'r' } });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows a picked picture with the chat it goes to and sends nothing until Send', async () => {
    show();
    fireEvent.change(screen.getByTestId('composer-image-input'), {
      target: { files: [png('截图.png')] },
    });
    const body = await preview();
    expect(within(body).getByTestId('send-preview-picture').textContent).toContain('截图.png');
    expect(screen.getByText('发送给 客户甲')).toBeTruthy();
    expect(log).toEqual([]);

    fireEvent.click(screen.getByTestId('send-preview-cancel'));
    await vi.waitFor(() => expect(closed()).toBe(true));
    expect(log).toEqual([]);
  });

  it('sends a pasted picture, then its caption as a text, when Send is pressed', async () => {
    show();
    fireEvent.paste(screen.getByTestId('composer-input'), {
      clipboardData: { files: [png('paste.png')] },
    });
    await preview();
    expect(log).toEqual([]);
    fireEvent.change(screen.getByTestId('send-preview-caption'), {
      target: { value: '这是报价单' },
    });
    fireEvent.click(screen.getByTestId('send-preview-send'));
    await vi.waitFor(() => expect(log).toEqual(['image:paste.png', 'text:这是报价单']));
  });

  it('previews dropped files too, pictures first, and refuses too many pictures', async () => {
    show();
    const doc = new File(['d'], '说明.txt', { type: 'text/plain' });
    fireEvent.drop(screen.getByTestId('composer-input'), {
      dataTransfer: { files: [doc, png('a.png')], types: ['Files'] },
    });
    const body = await preview();
    expect(within(body).getByTestId('send-preview-file').textContent).toContain('说明.txt');
    fireEvent.click(screen.getByTestId('send-preview-send'));
    await vi.waitFor(() => expect(log).toEqual(['image:a.png', 'document:说明.txt']));

    log.length = 0;
    fireEvent.drop(screen.getByTestId('composer-input'), {
      dataTransfer: { files: Array.from({ length: 10 }, (_, i) => png(`${i}.png`)), types: [] },
    });
    await preview();
    expect(screen.getByTestId('send-preview-send')).toHaveProperty('disabled', true);
  });
});
