/** The console's Matka market forms (pure): schedules as operators write them, the server's checks, pannas to declare. */
import type { Market } from '../matka/api/types';
import type { Mode } from '../matka/wire';
import type { MarketChange, NewMarket, ScheduleBody } from './api/matka';
import { tr } from './text';

/** 0 = Monday … 6 = Sunday, as the server numbers them; the names are keys (`adminGames:matka.schedule.day.Mon`). */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const ALL_WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];
export const MIN_SECONDS = 20;
export const MAX_SECONDS = 86_400;

export interface ScheduleForm {
  kind: 'daily' | 'every';
  openTime: string;
  closeTime: string;
  weekdays: number[];
  seconds: string;
}

export interface MarketForm {
  name: string;
  mode: Mode;
  schedule: ScheduleForm;
}

export const EMPTY_SCHEDULE: ScheduleForm = {
  kind: 'daily',
  openTime: '15:45',
  closeTime: '17:45',
  weekdays: ALL_WEEKDAYS,
  seconds: '300',
};

const minutes = (t: string): number | null => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(t.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const mm = Number(m[2]);
  return h < 24 && mm < 60 ? h * 60 + mm : null;
};

const hhmm = (t: string) => {
  const n = minutes(t) as number;
  return `${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;
};

/** The schedule to send, or the first problem (the server's `Schedule::check`, which checks again). */
export function scheduleBody(f: ScheduleForm): { schedule: ScheduleBody } | { error: string } {
  if (f.kind === 'every') {
    const t = f.seconds.trim();
    const s = /^\d+$/.test(t) ? Number(t) : NaN;
    if (!Number.isInteger(s) || s < MIN_SECONDS || s > MAX_SECONDS)
      return { error: tr('adminGames:matka.schedule.quickRange', { min: MIN_SECONDS, max: MAX_SECONDS }) };
    return { schedule: { kind: 'every', seconds: s } };
  }
  const open = minutes(f.openTime);
  const close = minutes(f.closeTime);
  if (open === null || close === null) return { error: tr('adminGames:matka.schedule.timesFormat') };
  if (open >= close) return { error: tr('adminGames:matka.schedule.openBeforeClose') };
  const days = [...new Set(f.weekdays)].filter((d) => Number.isInteger(d) && d >= 0 && d <= 6).sort((a, b) => a - b);
  if (days.length === 0) return { error: tr('adminGames:matka.schedule.oneWeekday') };
  return { schedule: { kind: 'daily', openTime: hhmm(f.openTime), closeTime: hhmm(f.closeTime), weekdays: days } };
}

/** A new market's request, or the first problem. */
export function newMarketBody(f: MarketForm): { body: NewMarket } | { error: string } {
  const name = f.name.trim();
  if (!name) return { error: tr('adminGames:matka.form.needsName') };
  const s = scheduleBody(f.schedule);
  if ('error' in s) return s;
  return { body: { name, mode: f.mode, schedule: s.schedule } };
}

/** Only what changed: the name, the schedule (when asked to change it), whether it runs. */
export function marketChange(
  current: Pick<Market, 'marketName' | 'active'>,
  name: string,
  active: boolean,
  schedule: ScheduleForm | null,
): { change: MarketChange } | { error: string } {
  const change: MarketChange = {};
  const n = name.trim();
  if (!n) return { error: tr('adminGames:matka.form.needsName') };
  if (n !== current.marketName) change.name = n;
  if (active !== current.active) change.active = active;
  if (schedule) {
    const s = scheduleBody(schedule);
    if ('error' in s) return s;
    change.schedule = s.schedule;
  }
  return { change };
}

/**
 * A market's schedule as far as the list tells it: a daily market's times ("HH:MM"); a quick market's cycle from its
 * draw (the open result at half time: cycle = 2 × (closesAt − opensAt)). The list does not tell the weekdays.
 */
export function scheduleOf(m: Pick<Market, 'openTime' | 'closeTime' | 'opensAt' | 'closesAt'>): ScheduleForm {
  if (/^\d\d:\d\d$/.test(m.openTime) && /^\d\d:\d\d$/.test(m.closeTime))
    return { ...EMPTY_SCHEDULE, kind: 'daily', openTime: m.openTime, closeTime: m.closeTime };
  const cycle =
    typeof m.opensAt === 'number' && typeof m.closesAt === 'number'
      ? Math.round((2 * (m.closesAt - m.opensAt)) / 1000)
      : 300;
  return { ...EMPTY_SCHEDULE, kind: 'every', seconds: String(cycle) };
}

const rank = (d: number) => (d === 0 ? 10 : d);

/** Whether `t` is a panna as the game writes it: three digits ascending, 0 after 9 (`128`, `190`, `550`; not `143`). */
export function isPanna(t: string): boolean {
  if (!/^\d{3}$/.test(t)) return false;
  const [a, b, c] = Array.from(t, Number) as [number, number, number];
  return rank(a) <= rank(b) && rank(b) <= rank(c);
}

/** The panna's digit, for the jodi (`134` → 8). */
export const pannaDigit = (p: string) => Array.from(p, Number).reduce((s, d) => s + d, 0) % 10;
