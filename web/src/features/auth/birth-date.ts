/**
 * Real mode's date of birth at sign-up (pure, unit-tested): the server's checks mirrored so the form can say what is
 * wrong before it sends. Ages are counted on the calendar day in India (IST), as the server counts them.
 */

/** A calendar date: year, month 1–12, day 1–31. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The date a `<input type="date">` gives ("YYYY-MM-DD"), or null when it is malformed or not a real day. */
export function parseBirthDate(s: string): CalendarDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is this month's last day (UTC: no time zone moves it).
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= last ? { year, month, day } : null;
}

/** Today's date in India (IST) at `now`. */
export function istToday(now: Date): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: n('year'), month: n('month'), day: n('day') };
}

/** Whole years from `birth` to `today` (a birthday counts on its day; 29 February's on 1 March in other years). */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (hadBirthday ? 0 : 1);
}

/** What is wrong with a typed date of birth: missing or not a date, in the future, under `minAge`; null when fine. */
export type BirthDateProblem = 'missing' | 'invalid' | 'future' | 'underage';

export function birthDateProblem(s: string, minAge: number, today: CalendarDate): BirthDateProblem | null {
  if (!s.trim()) return 'missing';
  const birth = parseBirthDate(s);
  if (!birth) return 'invalid';
  if (compare(birth, today) > 0) return 'future';
  return ageOn(birth, today) < minAge ? 'underage' : null;
}

function compare(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}
