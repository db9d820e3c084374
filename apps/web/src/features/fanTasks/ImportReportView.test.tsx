import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FanImportReport } from '@cst/shared';
import { signInForTest } from '../../lib/session/testSession.ts';
import { ImportReportView } from './ImportStep.tsx';

const report: FanImportReport = {
  importId: 'i1',
  fileName: 'list.xlsx',
  format: 'xlsx',
  total: 2,
  valid: 2,
  invalid: 0,
  duplicates: 0,
  tried: 0,
  phones: 2,
  wxids: 0,
  problems: [],
  problemsTruncated: false,
  createdAt: Date.UTC(2026, 11, 5),
  unknownTags: ['新客', '老客'],
};

function show(onTagsCreated?: () => Promise<void>) {
  render(
    <ImportReportView
      report={report}
      includeTried={false}
      onIncludeTried={() => undefined}
      onTagsCreated={onTagsCreated}
    />,
  );
}

describe('tags of an imported list that do not exist', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('are created in the default group, then the file is checked again', async () => {
    signInForTest(['customer.manage'], { role: 'manager' });
    const added: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      added.push(JSON.parse(String(init?.body)));
      return Response.json({ code: 0, message: 'ok', data: { id: 'x' } });
    });
    const recheck = vi.fn(async () => undefined);
    show(recheck);
    expect(screen.getByTestId('fan-import-unknown-tags').textContent).toContain('新客、老客');
    fireEvent.click(screen.getByTestId('fan-import-create-tags'));
    await waitFor(() => expect(recheck).toHaveBeenCalledTimes(1));
    expect(added).toEqual([{ name: '新客' }, { name: '老客' }]);
  });

  it('offer no button to whoever may not manage tags', () => {
    signInForTest([]);
    show(async () => undefined);
    expect(screen.getByTestId('fan-import-unknown-tags')).toBeTruthy();
    expect(screen.queryByTestId('fan-import-create-tags')).toBeNull();
  });
});
