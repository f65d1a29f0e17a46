/** Mines' settings form (pure): rupees over integer paise, the house edge as a percentage over integer basis points. */
import { formatInr } from '@/lib/money';
import type { MinesSettings } from './api/types';
import { tr } from './text';
import { formatFixed, parseFixed } from './settings-round';

export interface MinesField {
  key: keyof MinesSettings;
  /** `rupees`: two decimals over paise; `percent`: two decimals over basis points (3.00 % = 300 bp). */
  unit: 'rupees' | 'percent';
}

export const MINES_FIELDS: MinesField[] = [
  { key: 'minBet', unit: 'rupees' },
  { key: 'maxBet', unit: 'rupees' },
  { key: 'maxPayout', unit: 'rupees' },
  { key: 'houseEdgeBp', unit: 'percent' },
];

/** A field's label, "Min bet", in the operator's language. */
export const minesLabel = (key: keyof MinesSettings): string => tr(`adminGames:games.mines.field.${key}`);

export type MinesForm = Record<keyof MinesSettings, string>;

const read = (s: Partial<MinesSettings> | null | undefined, k: keyof MinesSettings): number | undefined => {
  const v = s?.[k];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
};

/** The form's texts ("10.00", "3.00"); an empty text where a value is missing. */
export function toMinesForm(s: Partial<MinesSettings> | null | undefined): MinesForm {
  const f = {} as MinesForm;
  for (const { key } of MINES_FIELDS) {
    const v = read(s, key);
    f[key] = v === undefined ? '' : formatFixed(v, 2);
  }
  return f;
}

/** How a setting reads: "₹10.00", "3.00 % (300 bp)", "—" when missing. */
export function showMines(key: keyof MinesSettings, s: Partial<MinesSettings> | null | undefined): string {
  const v = read(s, key);
  if (v === undefined) return '—';
  return key === 'houseEdgeBp' ? `${formatFixed(v, 2)} % (${v} bp)` : formatInr(v / 100);
}

/**
 * The fields that differ from `current`, as integers (paise, basis points), or the first problem found; the same
 * checks as the server's (`MinesSettings::check`), which checks again.
 */
export function minesSettingsChange(
  form: MinesForm,
  current: Partial<MinesSettings> | null | undefined,
): { change: Partial<MinesSettings> } | { error: string } {
  const change: Partial<MinesSettings> = {};
  const next = {} as MinesSettings;
  for (const f of MINES_FIELDS) {
    const v = parseFixed(form[f.key] ?? '', 2);
    if (v === null) return { error: tr(`adminGames:games.mines.${f.unit}`, { label: minesLabel(f.key) }) };
    next[f.key] = v;
    if (v !== read(current, f.key)) change[f.key] = v;
  }
  if (next.minBet <= 0) return { error: tr('adminGames:games.mines.minAboveZero') };
  if (next.maxBet < next.minBet) return { error: tr('adminGames:games.mines.maxAtLeastMin') };
  if (next.maxPayout < next.maxBet) return { error: tr('adminGames:games.mines.payoutAtLeastMax') };
  if (next.houseEdgeBp < 1 || next.houseEdgeBp >= 5000) return { error: tr('adminGames:games.mines.edgeRange') };
  return { change };
}
