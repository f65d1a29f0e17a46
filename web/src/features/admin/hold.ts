/** The hold screen's pure helpers: IST dates for the range, ratios as percentages, each game's verdict. */
import type { HoldGame } from './api/hold';

const IST_OFFSET_MS = 5.5 * 3600 * 1000;
const DAY_MS = 86_400_000;

/** Today's date in India (`2026-03-01`) at `now` (epoch ms). */
export function istDate(now: number): string {
  return new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** `date` (`YYYY-MM-DD`) moved by `days`; unreadable text is returned as it came. */
export function addDays(date: string, days: number): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(at) ? date : new Date(at + days * DAY_MS).toISOString().slice(0, 10);
}

/** The query for IST days `first` to `last`, both included: the server's range ends before the day after `last`. */
export function rangeQuery(first: string, last: string): { from: string; to: string } {
  return { from: first, to: addDays(last, 1) };
}

/** A fraction as a percentage with two decimals ("3.00 %", "−12.50 %"); "—" when unknown. */
export function pct(value: number | null | undefined, locale = 'en-IN'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.abs(value * 100),
  );
  return `${value < 0 && Math.abs(value * 100) >= 0.005 ? '−' : ''}${text} %`;
}

/** A z-score with one decimal and its sign ("+4.4", "−0.3"); "—" when unknown. */
export function signed(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = Math.abs(value).toFixed(1);
  return text === '0.0' ? text : `${value < 0 ? '−' : '+'}${text}`;
}

/** What a game's row says about it: no bets, no theory, too few units for a band, in or out of its band. */
export type Verdict = 'idle' | 'noTheory' | 'fewUnits' | 'inBand' | 'outOfBand';

export function verdict(g: HoldGame): Verdict {
  if (g.bets === 0) return 'idle';
  if (g.theoreticalHold === null) return 'noTheory';
  if (g.outOfBand) return 'outOfBand';
  return g.band === null ? 'fewUnits' : 'inBand';
}
