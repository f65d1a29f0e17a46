/** Dates and times as players in India read them: Indian Standard Time, in the app's language. */
import { currentLanguage } from './index';

const IST = 'Asia/Kolkata';

function locale(): string {
  return currentLanguage() === 'hi' ? 'hi-IN' : 'en-IN';
}

function toDate(v: number | string | Date): Date | null {
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "24 Nov 2026, 21:05" (IST). Empty for a missing or invalid time. */
export function formatDateTime(v: number | string | Date | null | undefined): string {
  const d = v === null || v === undefined ? null : toDate(v);
  return d
    ? d.toLocaleString(locale(), {
        timeZone: IST,
        day: '2-digit',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      })
    : '';
}

/** "24 Nov, 21:05:09" (IST): for draws and rounds, where seconds matter. */
export function formatDateTimeSeconds(v: number | string | Date | null | undefined): string {
  const d = v === null || v === undefined ? null : toDate(v);
  return d
    ? d.toLocaleString(locale(), {
        timeZone: IST,
        day: '2-digit',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hour12: false,
      })
    : '';
}

/** "21:05" (IST). */
export function formatTime(v: number | string | Date | null | undefined): string {
  const d = v === null || v === undefined ? null : toDate(v);
  return d ? d.toLocaleTimeString(locale(), { timeZone: IST, hour: '2-digit', minute: '2-digit', hour12: false }) : '';
}

/** "24 Nov 2026" (IST). */
export function formatDate(v: number | string | Date | null | undefined): string {
  const d = v === null || v === undefined ? null : toDate(v);
  return d ? d.toLocaleDateString(locale(), { timeZone: IST, day: '2-digit', month: 'short', year: 'numeric' }) : '';
}
