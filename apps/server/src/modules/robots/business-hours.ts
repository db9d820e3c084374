// Business hours in a tenant's time zone (docs/business-hours.md): whether a moment is out of
// hours, and the off period it falls in (its start is the once-per-period key of the reply).

/** One day's opening span, minutes since local midnight. */
export interface Span {
  from: number;
  to: number;
}

/** A schedule: seven days Sunday first, and whole local days closed. */
export interface Schedule {
  week: Span[][];
  holidays: readonly string[];
}

/** An off period: from the end of the last opening (null: none in the last 14 days) to the next. */
export interface OffPeriod {
  start: number | null;
  end: number | null;
}

const DAY_MS = 86_400_000;
const LOOK_DAYS = 14;

/** The local calendar date and minute of a moment in a zone. */
function localParts(ms: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return {
    y: get('year'),
    m: get('month'),
    d: get('day'),
    minute: get('hour') * 60 + get('minute'),
    second: get('second'),
  };
}

/** The zone's offset from UTC at a moment, ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  const asUtc = Date.UTC(p.y, p.m - 1, p.d, 0, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The moment of a local date and minute in a zone (a minute a clock change skips moves on). */
export function zonedTime(
  y: number,
  m: number,
  d: number,
  minute: number,
  timeZone: string,
): number {
  const guess = Date.UTC(y, m - 1, d, 0, minute);
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/** A local date `k` days from y-m-d, with its weekday and `YYYY-MM-DD`. */
function dayFrom(y: number, m: number, d: number, k: number) {
  const t = new Date(Date.UTC(y, m - 1, d) + k * DAY_MS);
  const [yy, mm, dd] = [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
  const iso = `${yy}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
  return { y: yy, m: mm, d: dd, dow: t.getUTCDay(), iso };
}

function spansOf(s: Schedule, day: { dow: number; iso: string }): Span[] {
  if (s.holidays.includes(day.iso)) return [];
  return [...(s.week[day.dow] ?? [])].sort((a, b) => a.from - b.from);
}

/** The off period `now` falls in, or null when the schedule is open then. */
export function offPeriodAt(now: number, timeZone: string, s: Schedule): OffPeriod | null {
  const p = localParts(now, timeZone);
  const today = dayFrom(p.y, p.m, p.d, 0);
  if (spansOf(s, today).some((sp) => sp.from <= p.minute && p.minute < sp.to)) return null;
  let start: number | null = null;
  for (let k = 0; k <= LOOK_DAYS && start === null; k++) {
    const day = dayFrom(p.y, p.m, p.d, -k);
    const ended = spansOf(s, day).filter((sp) => k > 0 || sp.to <= p.minute);
    const last = ended.at(-1);
    if (last) start = zonedTime(day.y, day.m, day.d, last.to, timeZone);
  }
  let end: number | null = null;
  for (let k = 0; k <= LOOK_DAYS && end === null; k++) {
    const day = dayFrom(p.y, p.m, p.d, k);
    const next = spansOf(s, day).find((sp) => k > 0 || sp.from > p.minute);
    if (next) end = zonedTime(day.y, day.m, day.d, next.from, timeZone);
  }
  return { start, end };
}
