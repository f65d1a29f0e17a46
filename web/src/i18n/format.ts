/** Dates and times as players in India read them: Indian Standard Time, in the app's language. */
import { currentLanguage } from './index';

const IST = 'Asia/Kolkata';

function locale(): string {
  return currentLanguage() === 'hi' ? 'hi-IN' : 'en-IN';
}

type When = number | string | Date | null | undefined;

/** `v` in IST as `options` say, in the app's language; empty for a missing or invalid time. */
function format(v: When, options: Intl.DateTimeFormatOptions): string {
  const d = v === null || v === undefined ? null : new Date(v);
  return d && !Number.isNaN(d.getTime())
    ? d.toLocaleString(locale(), { timeZone: IST, hourCycle: 'h23', ...options })
    : '';
}

/** "24 Nov 2026, 21:05" (IST). Empty for a missing or invalid time. */
export function formatDateTime(v: When): string {
  return format(v, { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** "24 Nov, 21:05:09" (IST): for draws and rounds, where seconds matter. */
export function formatDateTimeSeconds(v: When): string {
  return format(v, { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** "21:05" (IST). */
export function formatTime(v: When): string {
  return format(v, { hour: '2-digit', minute: '2-digit' });
}

/** "24 Nov 2026" (IST). */
export function formatDate(v: When): string {
  return format(v, { day: '2-digit', month: 'short', year: 'numeric' });
}
