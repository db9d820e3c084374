import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaQueryList } from '../test/mediaQuery.ts';
import { AntdFrame } from './AntdFrame.tsx';

/** A matchMedia that answers `reduce` for the reduced-motion query as the system says. */
function systemMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, reduce && query.includes('prefers-reduced-motion: reduce')),
  );
}

function openDialog() {
  render(
    <AntdFrame>
      <Modal open title="对话框" />
    </AntdFrame>,
  );
  return screen.getByRole('dialog').closest('.ant-modal') as HTMLElement;
}

describe('motion', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens a dialog with its zoom by default', async () => {
    systemMotion(false);
    const dialog = openDialog();
    await waitFor(() => expect(dialog.className).toMatch(/ant-zoom-appear-active/));
  });

  it('opens it at once when the system asks for reduced motion', async () => {
    systemMotion(true);
    const dialog = openDialog();
    await waitFor(() => expect(dialog.className).not.toMatch(/ant-zoom/));
  });
});
