import { describe, expect, it } from 'vitest';
import { fixEpochTime, messageTime, relativeTime } from './relativeTime.ts';

const texts = {
  justNow: '刚刚',
  minutesAgo: (n: number) => `${n} 分钟前`,
  yesterday: '昨天',
  dayBefore: '前天',
};
// 2026-03-15 14:30 UTC (tests run with TZ=UTC).
const now = Date.UTC(2026, 2, 15, 14, 30);

describe('relativeTime', () => {
  it('says just now, N minutes ago, the time today, yesterday, the day before, then the date', () => {
    expect(relativeTime(now - 20_000, now, texts)).toBe('刚刚');
    expect(relativeTime(now - 5 * 60_000, now, texts)).toBe('5 分钟前');
    expect(relativeTime(now - 59 * 60_000, now, texts)).toBe('59 分钟前');
    expect(relativeTime(Date.UTC(2026, 2, 15, 9, 5), now, texts)).toBe('09:05');
    expect(relativeTime(Date.UTC(2026, 2, 14, 23, 59), now, texts)).toBe('昨天');
    expect(relativeTime(Date.UTC(2026, 2, 13, 0, 0), now, texts)).toBe('前天');
    expect(relativeTime(Date.UTC(2026, 2, 12, 23, 59), now, texts)).toBe('03-12');
    expect(relativeTime(Date.UTC(2025, 11, 31, 12, 0), now, texts)).toBe('2025-12-31');
  });

  it('treats a time slightly in the future (clock skew) as just now, and no time as empty', () => {
    expect(relativeTime(now + 5000, now, texts)).toBe('刚刚');
    expect(relativeTime(0, now, texts)).toBe('');
  });

  it('replaces a 1970 time by the update time', () => {
    expect(fixEpochTime(12345, now)).toBe(now);
    expect(fixEpochTime(now - 1000, now + 1)).toBe(now - 1000);
  });

  it('shows message times as the time today, else date and time', () => {
    expect(messageTime(Date.UTC(2026, 2, 15, 8, 1), now)).toBe('08:01');
    expect(messageTime(Date.UTC(2026, 2, 1, 8, 1), now)).toBe('03-01 08:01');
    expect(messageTime(Date.UTC(2025, 2, 1, 8, 1), now)).toBe('2025-03-01 08:01');
  });
});
