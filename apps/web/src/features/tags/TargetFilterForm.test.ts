import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { filterOf } from './TargetFilterForm.tsx';

describe('filterOf', () => {
  it('sends only the filters given, the dates as whole days', () => {
    const from = dayjs('2026-01-02T10:00:00');
    const to = dayjs('2026-01-05T08:00:00');
    expect(
      filterOf({
        mode: 'filter',
        workWxids: ['wxid_a'],
        keyword: '  王 ',
        added: [from, to],
        hasTagIds: [],
        lacksTagIds: ['t1'],
      }),
    ).toEqual({
      workWxids: ['wxid_a'],
      keyword: '王',
      addedFrom: from.startOf('day').valueOf(),
      addedTo: to.endOf('day').valueOf(),
      source: undefined,
      hasTagIds: undefined,
      lacksTagIds: ['t1'],
      groupIds: undefined,
    });
  });

  it('sends only the list address in list mode, whatever the filters say', () => {
    expect(
      filterOf({ mode: 'list', keyword: 'x', list: { url: '/oss-api/t/a.txt', name: 'a.txt' } }),
    ).toEqual({ listUrl: '/oss-api/t/a.txt' });
  });
});
