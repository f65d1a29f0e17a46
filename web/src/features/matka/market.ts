/** How a market reads on the list (pure): its badge, its result so far, its times (IST) and what is due next. */
import { formatDate, formatDateTimeSeconds } from '@/i18n/format';
import i18n from '@/i18n';
import type { Market } from './api/types';
import type { CloseStatus } from './wire';

export type Badge = { text: 'OPEN' | 'CLOSE SESSION' | 'CLOSED'; tone: 'open' | 'close' | 'closed' };

/** `Open` → OPEN (open and close bids), `Close` → CLOSE SESSION (close bids only), `Closed` or unknown → CLOSED. */
export function badgeOf(status: CloseStatus | string | undefined): Badge {
  if (status === 'Open') return { text: 'OPEN', tone: 'open' };
  if (status === 'Close') return { text: 'CLOSE SESSION', tone: 'close' };
  return { text: 'CLOSED', tone: 'closed' };
}

/** Play is disabled only when the market takes no bids at all. */
export const isPlayable = (m: Pick<Market, 'closeStatus' | 'active'>) =>
  m.active !== false && (m.closeStatus === 'Open' || m.closeStatus === 'Close');

/** `***-**-***` until the results are out, then `134-80-479`. */
export function resultLine(m: Pick<Market, 'openNumber' | 'jodiDigit' | 'closeNumber'>): string {
  return `${m.openNumber || '***'}-${m.jodiDigit || '**'}-${m.closeNumber || '***'}`;
}

/** A quick market shows its current draw's times with seconds ("HH:MM:SS"). */
export const isQuick = (m: Pick<Market, 'openTime'>) => /^\d\d:\d\d:\d\d$/.test(m.openTime);

/** "15:45" → "03:45 PM", "09:05:30" → "09:05:30 AM" (IST, as the server gives it); anything else as given. */
export function clock12(text: string): string {
  const m = /^(\d\d):(\d\d)(?::(\d\d))?$/.exec(text);
  if (!m) return text || '—';
  const h = Number(m[1]);
  const hh = String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0');
  return `${hh}:${m[2]}${m[3] !== undefined ? `:${m[3]}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
}

/** What the market waits for next at `now` (server time): the open result, then the close; null when closed. `label` in the player's language. */
export function nextDue(
  m: Pick<Market, 'closeStatus' | 'opensAt' | 'closesAt'>,
  now: number,
): { label: string; ms: number } | null {
  if (m.closeStatus === 'Open' && typeof m.opensAt === 'number')
    return { label: i18n.t('matka:due.open'), ms: m.opensAt - now };
  if (m.closeStatus === 'Close' && typeof m.closesAt === 'number')
    return { label: i18n.t('matka:due.close'), ms: m.closesAt - now };
  return null;
}

/** A draw's date in IST ("24 Nov 2026"), with the time for a quick market ("24 Nov, 14:05:00"), in the app's language. */
export function drawDate(ms: number, withTime: boolean): string {
  return (withTime ? formatDateTimeSeconds(ms) : formatDate(ms)) || '—';
}

/** The list with the markets a `matka:status` pushed (by id; markets it does not name stay, new ones are added). */
export function mergeMarkets(current: readonly Market[], pushed: readonly Market[]): Market[] {
  const byId = new Map(pushed.map((m) => [m.id, m]));
  const merged = current.map((m) => byId.get(m.id) ?? m);
  for (const m of pushed) if (!current.some((c) => c.id === m.id)) merged.push(m);
  return merged;
}

/** The market a route names (`gameName`: its name, any case, or its id). */
export function findMarket(markets: readonly Market[] | undefined, name: string | undefined): Market | undefined {
  const t = (name ?? '').trim().toLowerCase();
  if (!t) return undefined;
  return markets?.find((m) => m.marketName.toLowerCase() === t) ?? markets?.find((m) => String(m.id) === t);
}
