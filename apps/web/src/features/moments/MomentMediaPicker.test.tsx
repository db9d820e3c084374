import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { signInForTest } from '../../lib/session/testSession.ts';
import { MomentMediaPicker, type PickedMedia } from './MomentMediaPicker.tsx';

const token = {
  host: '/oss-api',
  dir: 't/1/u/1/',
  accessid: 'cst-local',
  policy: 'p',
  signature: 's',
  expire: Math.floor(Date.now() / 1000) + 3600,
};

/** Uploads answered only when the test opens their gate, so they can finish in any order. */
const gates = new Map<string, () => void>();

function answerUploads() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    if (String(url).includes('/main-api/oss/token')) {
      return Response.json({ code: 0, message: 'ok', data: { token: JSON.stringify(token) } });
    }
    const file = (init?.body as FormData).get('file') as File;
    await new Promise<void>((resolve) => gates.set(file.name, resolve));
    return Response.json({
      code: 0,
      message: 'ok',
      data: {
        key: `t/1/u/1/${file.name}`,
        url: `/oss-api/t/1/u/1/${file.name}`,
        size: file.size,
        mime: 'image/png',
        kind: 'image',
        width: 10,
        height: 10,
        thumbUrl: null,
      },
    });
  });
}

describe('the pictures of a moment', () => {
  beforeEach(() => {
    gates.clear();
    signInForTest(['moments.manage']);
    answerUploads();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('keeps the order they were picked in, whichever upload finishes first', async () => {
    const changes: PickedMedia[][] = [];
    render(
      <AppProviders>
        <MomentMediaPicker kind="image" value={[]} onChange={(v) => changes.push(v)} />
      </AppProviders>,
    );
    const input = screen
      .getByTestId('moment-media-image')
      .querySelector('input[type=file]') as HTMLInputElement;
    const files = ['1.png', '2.png', '3.png'].map(
      (name) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' }),
    );
    await act(async () => {
      Object.defineProperty(input, 'files', { value: files, configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect(gates.size).toBe(3));
    // The last picture finishes first, the first one last.
    for (const name of ['3.png', '2.png', '1.png']) {
      await act(async () => gates.get(name)!());
    }
    await waitFor(() => expect(changes.at(-1)?.length).toBe(3));
    expect(changes.at(-1)!.map((m) => m.name)).toEqual(['1.png', '2.png', '3.png']);
  });
});
