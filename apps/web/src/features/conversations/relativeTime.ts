import dayjs from 'dayjs';

/** The words a relative time needs, in the user's language. */
export interface RelativeTimeTexts {
  justNow: string;
  minutesAgo: (n: number) => string;
  yesterday: string;
  dayBefore: string;
}

/**
 * The time of a conversation or message as the list shows it (SPEC §4): 'just now' within a
 * minute, 'N minutes ago' within the hour, the time of day today, 'yesterday', 'the day before
 * yesterday', then the date (the year only when it is not this year). Shown in the browser's zone.
 */
export function relativeTime(ms: number, now: number, texts: RelativeTimeTexts): string {
  if (!ms) return '';
  const diff = now - ms;
  if (diff < 60_000) return texts.justNow;
  if (diff < 3_600_000) return texts.minutesAgo(Math.floor(diff / 60_000));
  const at = dayjs(ms);
  const today = dayjs(now).startOf('day');
  if (!at.isBefore(today)) return at.format('HH:mm');
  if (!at.isBefore(today.subtract(1, 'day'))) return texts.yesterday;
  if (!at.isBefore(today.subtract(2, 'day'))) return texts.dayBefore;
  return at.year() === today.year() ? at.format('MM-DD') : at.format('YYYY-MM-DD');
}

/** 1971-01-01: a conversation time before it is the "1970" of SPEC §4. */
export const EPOCH_GUARD_MS = 31_536_000_000;

/** A conversation time, with a 1970 time replaced by the update time (SPEC §4). */
export function fixEpochTime(ms: number, updateTime: number): number {
  return ms < EPOCH_GUARD_MS ? updateTime : ms;
}

/** The time under a message: the time of day today, else the date and time. */
export function messageTime(ms: number, now: number): string {
  const at = dayjs(ms);
  if (at.isSame(now, 'day')) return at.format('HH:mm');
  return at.format(at.isSame(now, 'year') ? 'MM-DD HH:mm' : 'YYYY-MM-DD HH:mm');
}
