/** Dates for the console: Indian Standard Time in the app's language, "—" when missing, the raw value when unreadable. */
import { formatDateTime, formatDateTimeSeconds } from '@/i18n/format';

const missing = (v: unknown) => v === null || v === undefined || v === '';

/** "24 Nov 2026, 21:05" (IST). */
export function dateTime(iso: string | number | null | undefined): string {
  if (missing(iso)) return '—';
  return formatDateTime(iso) || String(iso);
}

/** "24 Nov, 21:05:09" (IST): a live view's time, where the seconds show it moving. */
export function timeOnly(iso: string | number | null | undefined): string {
  if (missing(iso)) return '—';
  return formatDateTimeSeconds(iso) || String(iso);
}
