import { describe, expect, it } from 'vitest';
import { offPeriodAt, zonedTime, type Schedule } from './business-hours.ts';

const nineToSix = { from: 9 * 60, to: 18 * 60 };
// Monday to Friday 09:00–18:00.
const weekdays: Schedule = {
  week: [[], [nineToSix], [nineToSix], [nineToSix], [nineToSix], [nineToSix], []],
  holidays: [],
};
const sh = 'Asia/Shanghai';

describe('business hours', () => {
  it('converts local times of a zone', () => {
    expect(zonedTime(2026, 12, 7, 9 * 60, sh)).toBe(Date.UTC(2026, 11, 7, 1));
    expect(zonedTime(2026, 7, 1, 0, 'Europe/Berlin')).toBe(Date.UTC(2026, 5, 30, 22));
  });

  it('is open inside a span, in the tenant zone', () => {
    // Monday 2026-12-07 10:00 in Shanghai is 02:00 UTC.
    expect(offPeriodAt(Date.UTC(2026, 11, 7, 2), sh, weekdays)).toBeNull();
    // The same instant is Sunday 21:00 in New York: closed.
    expect(offPeriodAt(Date.UTC(2026, 11, 7, 2), 'America/New_York', weekdays)).not.toBeNull();
  });

  it('names the off period from the last closing to the next opening', () => {
    // Saturday 2026-12-05 12:00 Shanghai: off since Friday 18:00, until Monday 09:00.
    const off = offPeriodAt(Date.UTC(2026, 11, 5, 4), sh, weekdays);
    expect(off).toEqual({
      start: zonedTime(2026, 12, 4, 18 * 60, sh),
      end: zonedTime(2026, 12, 7, 9 * 60, sh),
    });
    // Monday 07:00, before opening: the same period.
    expect(offPeriodAt(Date.UTC(2026, 11, 6, 23), sh, weekdays)).toEqual(off);
    // Monday 19:00: a new period.
    expect(offPeriodAt(Date.UTC(2026, 11, 7, 11), sh, weekdays)?.start).toBe(
      zonedTime(2026, 12, 7, 18 * 60, sh),
    );
  });

  it('closes holidays all day', () => {
    const s = { ...weekdays, holidays: ['2026-12-07'] };
    // Monday 10:00 on a holiday: off since Friday 18:00, until Tuesday 09:00.
    expect(offPeriodAt(Date.UTC(2026, 11, 7, 2), sh, s)).toEqual({
      start: zonedTime(2026, 12, 4, 18 * 60, sh),
      end: zonedTime(2026, 12, 8, 9 * 60, sh),
    });
  });

  it('has no opening at all with an empty week', () => {
    expect(
      offPeriodAt(Date.UTC(2026, 11, 7, 2), sh, {
        week: [[], [], [], [], [], [], []],
        holidays: [],
      }),
    ).toEqual({ start: null, end: null });
  });
});
