import { describe, expect, it } from 'vitest';
import { checkRows } from './fan-import.check.ts';
import {
  checkRow,
  normalisePhone,
  normaliseTarget,
  splitTags,
  type RawRow,
} from './fan-import.rows.ts';

const raw = (line: number, target: string, more: Partial<RawRow> = {}): RawRow => ({
  line,
  target,
  greeting: '',
  remark: '',
  tags: '',
  ...more,
});

async function* rowsOf(list: RawRow[]) {
  yield* list;
}

describe('phone numbers and platform ids', () => {
  it('normalises mainland mobiles to 11 digits and others to + and the country code', () => {
    expect(normalisePhone('138 0013 8000')).toBe('13800138000');
    expect(normalisePhone('+86 138-0013-8000')).toBe('13800138000');
    expect(normalisePhone('0086 13800138000')).toBe('13800138000');
    expect(normalisePhone('8613800138000')).toBe('13800138000');
    expect(normalisePhone('(138) 0013.8000')).toBe('13800138000');
    expect(normalisePhone('+1 (415) 555-0100')).toBe('+14155550100');
    expect(normalisePhone('0044 20 7946 0958')).toBe('+442079460958');
    for (const bad of [
      '12345',
      '4155550100',
      '12800138000',
      '+0123456789',
      '+1234567890123456',
      '1380013800a',
    ]) {
      expect(normalisePhone(bad), bad).toBeNull();
    }
  });

  it('tells phone numbers from platform ids', () => {
    expect(normaliseTarget(' 13800138000 ')).toEqual({ kind: 'phone', target: '13800138000' });
    expect(normaliseTarget('wxid_abc123')).toEqual({ kind: 'wxid', target: 'wxid_abc123' });
    expect(normaliseTarget('')).toEqual({ key: 'fanImportRowTargetRequired' });
    expect(normaliseTarget('12345')).toEqual({ key: 'fanImportRowBadPhone' });
    expect(normaliseTarget('ab')).toEqual({ key: 'fanImportRowBadWxid' });
    expect(normaliseTarget('1abcdefg')).toEqual({ key: 'fanImportRowBadWxid' });
    expect(normaliseTarget('=cmd|calc')).toEqual({ key: 'fanImportRowBadWxid' });
    expect(normaliseTarget(`a${'b'.repeat(64)}`)).toEqual({ key: 'fanImportRowBadWxid' });
  });

  it('splits tags and bounds greeting, remark and tags', () => {
    expect(splitTags('VIP, 意向、VIP；老客户|')).toEqual(['VIP', '意向', '老客户']);
    expect(checkRow(raw(2, '13800138000', { greeting: 'x'.repeat(101) }))).toMatchObject({
      key: 'fanImportRowTooLong',
      params: { field: 'fanImportColumnGreeting', max: 100 },
    });
    expect(checkRow(raw(2, '13800138000', { remark: '备'.repeat(65) }))).toMatchObject({
      key: 'fanImportRowTooLong',
    });
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`).join(',');
    expect(checkRow(raw(2, '13800138000', { tags: many }))).toMatchObject({
      key: 'fanImportRowTooManyTags',
    });
    expect(checkRow(raw(3, '+86 138 0013 8000', { greeting: ' 你好 ', tags: 'A,B' }))).toEqual({
      line: 3,
      kind: 'phone',
      target: '13800138000',
      greeting: '你好',
      tagNames: ['A', 'B'],
    });
  });
});

describe('checking a list', () => {
  it('keeps only storable text: no lone surrogate, NUL or control character, no cut pair', async () => {
    const outcome = await checkRows(
      rowsOf([
        raw(2, `bad\u0000\uD800${'😀'.repeat(70)}`),
        raw(3, '13800138000', { remark: 'a\u0000b\uDC00' }),
      ]),
      () => Promise.resolve(new Set()),
    );
    const shown = outcome.problems[0]!.target;
    expect(shown).toBe(`bad\uFFFD${'😀'.repeat(60)}`);
    const row = checkRow(raw(3, '13800138000', { remark: 'a\u0000b\uDC00', greeting: '\u0007hi' }));
    expect(row).toMatchObject({ remark: 'ab\uFFFD', greeting: 'hi' });
  });

  it('counts valid, invalid, duplicate (same number written two ways) and tried rows', async () => {
    const asked: string[][] = [];
    const outcome = await checkRows(
      rowsOf([
        raw(2, '13800138000'),
        raw(3, '+86 13800138000'),
        raw(4, 'bad!'),
        raw(5, '13900139000'),
        raw(6, 'wxid_person1'),
      ]),
      (targets) => {
        asked.push(targets);
        return Promise.resolve(new Set(['13900139000']));
      },
    );
    expect(outcome).toMatchObject({
      total: 5,
      valid: 2,
      invalid: 1,
      duplicates: 1,
      tried: 1,
      phones: 2,
      wxids: 1,
      problemsTruncated: false,
    });
    expect(asked).toEqual([['13800138000', '13900139000', 'wxid_person1']]);
    expect(outcome.problems).toEqual([
      {
        line: 3,
        target: '13800138000',
        issue: 'duplicate',
        key: 'fanImportRowDuplicate',
        params: { line: 2 },
      },
      { line: 4, target: 'bad!', issue: 'invalid', key: 'fanImportRowBadWxid', params: undefined },
      { line: 5, target: '13900139000', issue: 'tried', key: 'fanImportRowTried' },
    ]);
  });

  it('lists at most 200 problem rows but counts them all', async () => {
    const list = Array.from({ length: 2500 }, (_, i) => raw(i + 2, 'x'));
    const outcome = await checkRows(rowsOf(list), () => Promise.resolve(new Set()));
    expect(outcome.invalid).toBe(2500);
    expect(outcome.problems).toHaveLength(200);
    expect(outcome.problems[199]!.line).toBe(201);
    expect(outcome.problemsTruncated).toBe(true);
  });
});
