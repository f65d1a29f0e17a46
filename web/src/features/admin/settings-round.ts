/** The round games' settings form (pure): text ↔ settings with exact integer conversions, validation, the change. */
import { gamesWith } from '@/games/registry';
import { formatInr } from '@/lib/money';
import type { RoundGame, RoundSettings, RoundSettingsChange } from './api/types';
import { tr } from './text';

/** `x`: a multiplier over integer hundredths; `s`: seconds over integer ms; `rupees`: over integer paise. */
export type RoundUnit = 'x' | 's' | 'rupees' | 'count';

export interface RoundField {
  /** Unique within a game: "payout", "timings.bettingMs", "limits.min". */
  id: string;
  group: 'timings' | 'limits' | null;
  /** Unique across the games too: the label's key. */
  name: string;
  unit: RoundUnit;
}

const field = (group: RoundField['group'], name: string, unit: RoundUnit): RoundField => ({
  id: group ? `${group}.${name}` : name,
  group,
  name,
  unit,
});

const COMMON: RoundField[] = [
  field('timings', 'bettingMs', 's'),
  field('timings', 'closedMs', 's'),
  field('timings', 'stepMs', 's'),
  field('timings', 'resultMs', 's'),
  field('limits', 'min', 'rupees'),
  field('limits', 'max', 'rupees'),
  field('limits', 'maxLines', 'count'),
];

/** Each round game's payout fields (× fields, first in its form), from the games registry's `admin` blocks. */
const PAYOUTS = new Map<string, RoundField[]>(
  gamesWith('admin').flatMap((g) =>
    g.admin.settings === 'round' ? [[g.key, g.admin.payouts.map((p) => field(null, p, 'x'))]] : [],
  ),
);

/** A field's label, "Min stake per pick", in the operator's language. */
export const roundLabel = (f: Pick<RoundField, 'name'>): string => tr(`adminGames:games.round.field.${f.name}`);

/** Whether `g` is a round game, checked at run time (the console's list may hold a game newer than this client). */
export function isRoundGame(g: { game: string }): g is RoundGame {
  return PAYOUTS.has(g.game);
}

/** A round game's fields (an unknown game: the common ones only). */
export function roundFields(game: string): RoundField[] {
  return [...(PAYOUTS.get(game) ?? []), ...COMMON];
}

const DECIMALS: Record<RoundUnit, number> = { x: 2, s: 3, rupees: 2, count: 0 };

/** "10.50" with 2 decimals → 1050, exactly (no float arithmetic); null when not a plain decimal or too precise. */
export function parseFixed(text: string, decimals: number): number | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m || (m[2] ?? '').length > decimals) return null;
  const n = Number(m[1] + (m[2] ?? '').padEnd(decimals, '0'));
  return Number.isSafeInteger(n) ? n : null;
}

/** 1050 with 2 decimals → "10.50"; `trim` drops trailing zeros ("0.400" → "0.4", "15.000" → "15"). */
export function formatFixed(n: number, decimals: number, trim = false): string {
  const digits = String(Math.abs(Math.trunc(n))).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let frac = decimals > 0 ? digits.slice(digits.length - decimals) : '';
  if (trim) frac = frac.replace(/0+$/, '');
  return `${n < 0 ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** A field's value in some settings, or undefined when missing or not a finite number. */
export function readField(s: RoundSettings | null | undefined, f: RoundField): number | undefined {
  const holder: unknown = f.group ? (s as Record<string, unknown> | null | undefined)?.[f.group] : s;
  const v = (holder as Record<string, unknown> | null | undefined)?.[f.name];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** How a value reads: "10.00×", "15 s", "₹10.50", "3". */
export function showRoundValue(f: RoundField, v: number | undefined): string {
  if (v === undefined) return '—';
  if (f.unit === 'x') return `${formatFixed(v, 2)}×`;
  if (f.unit === 's') return tr('admin:units.s', { n: formatFixed(v, 3, true) });
  if (f.unit === 'rupees') return formatInr(v / 100);
  return String(v);
}

/** The unit as the label shows it. */
export function unitLabel(u: RoundUnit): string {
  return u === 'x' ? '×' : u === 's' ? tr('admin:units.seconds') : u === 'rupees' ? '₹' : tr('admin:units.count');
}

export type RoundForm = Record<string, string>;

/** The form's texts for `s` (an empty text where a value is missing). */
export function toRoundForm(fields: RoundField[], s: RoundSettings | null | undefined): RoundForm {
  const form: RoundForm = {};
  for (const f of fields) {
    const v = readField(s, f);
    form[f.id] = v === undefined ? '' : formatFixed(v, DECIMALS[f.unit], f.unit === 's');
  }
  return form;
}

/**
 * The fields that differ from `base` (what the next round would use: the server merges a change onto it), nested
 * objects partial, or the first problem found (the server checks again, the house edge included).
 */
export function roundSettingsChange(
  fields: RoundField[],
  form: RoundForm,
  base: RoundSettings | null | undefined,
): { change: RoundSettingsChange } | { error: string } {
  const change: Record<string, unknown> = {};
  const next: Record<string, number> = {};
  for (const f of fields) {
    const v = parseFixed(form[f.id] ?? '', DECIMALS[f.unit]);
    if (v === null) return { error: tr(`adminGames:games.round.format.${f.unit}`, { label: roundLabel(f) }) };
    next[f.id] = v;
    if (v === readField(base, f)) continue;
    if (f.group) change[f.group] = { ...(change[f.group] as object | undefined), [f.name]: v };
    else change[f.name] = v;
  }
  const at = (id: string) => next[id] ?? Number.NaN;
  for (const f of fields) {
    if (f.unit === 'x' && at(f.id) < 100)
      return { error: tr('adminGames:games.round.payoutAtLeastOne', { label: roundLabel(f) }) };
  }
  if (at('timings.bettingMs') < 1000) return { error: tr('adminGames:games.round.bettingAtLeast') };
  if (at('limits.min') <= 0) return { error: tr('adminGames:games.round.minAboveZero') };
  if (at('limits.max') < at('limits.min')) return { error: tr('adminGames:games.round.maxAtLeastMin') };
  if (at('limits.maxLines') < 1) return { error: tr('adminGames:games.round.picksAtLeast') };
  return { change: change as RoundSettingsChange };
}

/** The pending fields that differ from the settings in force, as "Payout 2.80×", "Min stake per pick ₹20.00". */
export function roundPendingSummary(
  fields: RoundField[],
  pending: RoundSettings | null | undefined,
  current: RoundSettings,
): string[] {
  if (!pending) return [];
  return fields
    .filter((f) => readField(pending, f) !== undefined && readField(pending, f) !== readField(current, f))
    .map((f) => `${roundLabel(f)} ${showRoundValue(f, readField(pending, f))}`);
}
