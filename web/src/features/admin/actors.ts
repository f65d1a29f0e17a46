/** Pure helpers for the live actors table: status, sorting, number and figure formatting. */
import { formatInr } from '@/lib/money';
import type { ActorView } from './api/types';
import { tr } from './text';

/** Over this, a p99 (handler, queue or tick lag) makes an actor slow (the server's own rule). */
export const SLOW_MS = 50;

export type Health = 'ok' | 'slow' | 'stuck' | 'unknown';

/**
 * The server's status when it gives one; otherwise derived from the timings with the same rule. `status` is read
 * loosely: the rows also come from the `ops_actors` push, which the OpenAPI document does not type.
 */
export function healthOf(
  a: Pick<ActorView, 'handlerP99Ms' | 'queueP99Ms' | 'tickLagP99Ms'> & { status?: string | null },
): Health {
  const s = typeof a.status === 'string' ? a.status.toLowerCase() : '';
  if (s === 'ok' || s === 'slow' || s === 'stuck') return s;
  const worst = Math.max(a.handlerP99Ms ?? 0, a.queueP99Ms ?? 0, a.tickLagP99Ms ?? 0);
  if (s === '' && worst > SLOW_MS) return 'slow';
  return s === '' ? 'ok' : 'unknown';
}

const SEVERITY: Record<Health, number> = { stuck: 3, slow: 2, unknown: 1, ok: 0 };
export const severity = (h: Health): number => SEVERITY[h];

export type SortKey =
  | 'name'
  | 'family'
  | 'status'
  | 'mailbox'
  | 'rate'
  | 'queueP50Ms'
  | 'queueP99Ms'
  | 'handlerP50Ms'
  | 'handlerP99Ms'
  | 'tickLagP99Ms'
  | 'idleMs';
export type SortDir = 'asc' | 'desc';
export interface Sort {
  key: SortKey;
  dir: SortDir;
}

/** Worst first, then by family and name: what an operator wants to see first. */
export const DEFAULT_SORT: Sort = { key: 'status', dir: 'desc' };

function sortValue(a: ActorView, key: SortKey): number | string | null {
  switch (key) {
    case 'name':
      return (a.name ?? String(a.id)).toLowerCase();
    case 'family':
      return (a.family ?? '').toLowerCase();
    case 'status':
      return severity(healthOf(a));
    default: {
      const v = a[key];
      return typeof v === 'number' && Number.isFinite(v) ? v : null;
    }
  }
}

function compareValues(x: number | string, y: number | string): number {
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x).localeCompare(String(y));
}

/** A sorted copy. Missing values (`null`: nothing timed) go last in either direction; ties by family, then name. */
export function sortActors(list: readonly ActorView[], sort: Sort): ActorView[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const tie = (a: ActorView, b: ActorView) =>
    compareValues(sortValue(a, 'family') ?? '', sortValue(b, 'family') ?? '') ||
    compareValues(sortValue(a, 'name') ?? '', sortValue(b, 'name') ?? '');
  return [...list].sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    if (x === null && y === null) return tie(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * compareValues(x, y) || tie(a, b);
  });
}

/** Clicking a header: the same column flips direction; a new column starts descending for numbers, ascending for text. */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: key === 'name' || key === 'family' ? 'asc' : 'desc' };
}

const SORT_KEYS: SortKey[] = [
  'name',
  'family',
  'status',
  'mailbox',
  'rate',
  'queueP50Ms',
  'queueP99Ms',
  'handlerP50Ms',
  'handlerP99Ms',
  'tickLagP99Ms',
  'idleMs',
];

/** "handlerP99Ms:desc" → a sort; anything unknown → the default. */
export function parseSort(v: string): Sort {
  const [key, dir] = v.split(':');
  if (!SORT_KEYS.includes(key as SortKey) || (dir !== 'asc' && dir !== 'desc')) return DEFAULT_SORT;
  return { key: key as SortKey, dir };
}

const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Milliseconds for a table cell: "—" when nothing was timed, two decimals under 1 ms, one under 10. */
export function formatMs(v: number | null | undefined): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  if (v < 1) return v.toFixed(2);
  if (v < 10) return v.toFixed(1);
  return grouped.format(Math.round(v));
}

/** Messages per second. */
export function formatRate(v: number | null | undefined): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  return v < 10 && !Number.isInteger(v) ? v.toFixed(1) : grouped.format(Math.round(v));
}

export function formatCount(v: number | null | undefined): string {
  return typeof v === 'number' && Number.isFinite(v) ? grouped.format(v) : '—';
}

/** Idle time: "12 ms", "3.4 s", "5 min", "2 h". */
export function formatIdle(ms: number | null | undefined): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return tr('admin:units.ms', { n: Math.round(ms) });
  if (ms < 60_000) return tr('admin:units.s', { n: (ms / 1000).toFixed(1) });
  if (ms < 3_600_000) return tr('admin:units.min', { n: Math.floor(ms / 60_000) });
  return tr('admin:units.h', { n: Math.floor(ms / 3_600_000) });
}

/** Figures that are rupees. */
const MONEY_FIGURES = new Set(['stakes', 'houseToday', 'exposure']);

/** One figure as text: money keys as rupees, numbers grouped, nested objects flattened by the caller. */
export function formatFigure(key: string, v: unknown): string {
  if (typeof v === 'number') {
    if (MONEY_FIGURES.has(key)) return formatInr(v);
    return Number.isInteger(v) ? grouped.format(v) : String(Math.round(v * 100) / 100);
  }
  if (v === null) return '—';
  if (typeof v === 'string' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** The figures as [label, text] pairs in the server's order; a nested object (the gateway's connections by transport) becomes "websocket.polling". */
export function figureEntries(figures: Record<string, unknown> | undefined | null): [string, string][] {
  const out: [string, string][] = [];
  const walk = (prefix: string, value: unknown, key: string) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(`${prefix}${k}.`, v, k);
    } else {
      out.push([prefix.slice(0, -1), formatFigure(key, value)]);
    }
  };
  for (const [k, v] of Object.entries(figures ?? {})) walk(`${k}.`, v, k);
  return out;
}

/** A stable test id per row: "actor-row-aviator" for the Aviator table, else the slug of the name. */
export function actorTestId(a: Pick<ActorView, 'id' | 'name' | 'family'>): string {
  const slug = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const name = slug(a.name || String(a.id));
  if (a.family === 'table' && name.includes('aviator')) return 'actor-row-aviator';
  return `actor-row-${name || slug(String(a.id))}`;
}
