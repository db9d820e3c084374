import { describe, expect, it } from 'vitest';
import type { FanTaskItem } from '@cst/shared';
import { progressOf } from './FanTasksPage.tsx';
import { keepingIdle } from './TaskSettingsFields.tsx';
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
    // Skipped rows (duplicates, already tried) are not to add: 6 to add, as the check said.
    expect(progressOf({ counts } as FanTaskItem)).toEqual({ done: 2, toAdd: 6, percent: 33 });
    expect(
      progressOf({
        counts: { ...counts, total: 2, waiting: 0, sending: 0, requested: 0, added: 0 },
      } as FanTaskItem),
    ).toEqual({ done: 0, toAdd: 0, percent: 100 });
    expect(
      progressOf({
        counts: { ...counts, total: 0, waiting: 0, sending: 0, skipped: 0 },
      } as FanTaskItem),
    ).toEqual({ done: 0, toAdd: 0, percent: 0 });
  });
});

describe('accounts in their keep-idle period', () => {
  it('names the chosen accounts that first logged in less than 8 hours ago', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    const account = (wxid: string, firstLoginAt: number | null, remark = '') => ({
      id: `id-${wxid}`,
      wxid,
      nickname: `nick-${wxid}`,
      remark,
      avatar: '',
      status: 'online' as const,
      groupId: null,
      firstLoginAt,
    });
    const accounts = [
      account('new', now - 3600_000, '新号'),
      account('old', now - 9 * 3600_000),
      account('never', null),
      account('new2', now - 60_000),
    ];
    expect(keepingIdle(accounts, ['new', 'old', 'never'], now)).toEqual([
      { name: '新号', until: now + 7 * 3600_000 },
    ]);
    expect(keepingIdle(accounts, undefined, now)).toEqual([]);
  });
});
