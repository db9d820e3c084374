import { describe, expect, it } from 'vitest';
import type { FanTaskItem } from '@cst/shared';
import { progressOf } from './FanTasksPage.tsx';
import { fileRefusal } from './ImportStep.tsx';

describe('file refusal before upload (SPEC §5)', () => {
  it('refuses other types, empty files, xls/xlsx over 5MB and txt over 10MB', () => {
    const MB = 1024 * 1024;
    expect(fileRefusal({ name: 'a.pdf', size: 10 })).toBe('msg.fanImportFileType');
    expect(fileRefusal({ name: 'a.xlsx', size: 0 })).toBe('msg.fanImportEmpty');
    expect(fileRefusal({ name: 'a.XLSX', size: 5 * MB })).toBeNull();
    expect(fileRefusal({ name: 'a.xls', size: 5 * MB + 1 })).toBe('msg.fanImportTooLarge');
    expect(fileRefusal({ name: 'a.txt', size: 10 * MB })).toBeNull();
    expect(fileRefusal({ name: 'a.txt', size: 10 * MB + 1 })).toBe('msg.fanImportTxtTooLarge');
  });
});

describe('task progress', () => {
  it('counts rows no longer waiting or being sent', () => {
    const counts = {
      total: 8,
      waiting: 3,
      sending: 1,
      requested: 1,
      added: 1,
      failed: 0,
      alreadyFriend: 0,
      skipped: 2,
    };
    expect(progressOf({ counts } as FanTaskItem)).toEqual({ done: 4, percent: 50 });
    expect(
      progressOf({ counts: { ...counts, total: 0, waiting: 0, sending: 0 } } as FanTaskItem),
    ).toEqual({ done: 0, percent: 0 });
  });
});
