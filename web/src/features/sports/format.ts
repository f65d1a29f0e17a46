/** How the sports screens write numbers: odds with 2 decimals, sizes abbreviated (K/M), rates ×100 as decimals. */
import { formatDateTime } from '@/i18n/format';

export const formatPrice = (p: number | undefined): string =>
  p === undefined || !Number.isFinite(p) || p <= 0 ? '-' : p.toFixed(2);

/** 950 → "950", 12_500 → "12.5K", 2_300_000 → "2.3M". */
export function formatSize(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n) || n <= 0) return '';
  const trim = (x: number) => (Math.round(x * 10) / 10).toString();
  if (n >= 1_000_000) return `${trim(n / 1_000_000)}M`;
  if (n >= 1_000) return `${trim(n / 1_000)}K`;
  return String(Math.round(n));
}

/** A bookmaker or fancy rate as sent (×100, the lagai/khai way: 60 wins 0.60 a rupee; 100 is even money). */
export const formatRate = (r: number | undefined): string =>
  r === undefined || !Number.isFinite(r) || r <= 0 ? '-' : String(r);

/** A match's start, "15 Jan 2027, 19:30" (IST, in the app's language). */
export function formatMatchDate(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '';
  return formatDateTime(ms);
}
