/** Mines' settings form (pure): rupees over integer paise, the house edge as a percentage over integer basis points. */
import { formatInr } from '@/lib/money';
import type { MinesSettings } from './api/types';
import { formatFixed, parseFixed } from './settings-round';

export interface MinesField {
  key: keyof MinesSettings;
  label: string;
  /** `rupees`: two decimals over paise; `percent`: two decimals over basis points (3.00 % = 300 bp). */
  unit: 'rupees' | 'percent';
}

export const MINES_FIELDS: MinesField[] = [
  { key: 'minBet', label: 'Min bet', unit: 'rupees' },
  { key: 'maxBet', label: 'Max bet', unit: 'rupees' },
  { key: 'maxPayout', label: 'Max payout per game', unit: 'rupees' },
  { key: 'houseEdgeBp', label: 'House edge', unit: 'percent' },
];

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

const FORMAT: Record<MinesField['unit'], string> = { rupees: 'rupees with at most two decimals', percent: 'a percentage with at most two decimals' };

/**
 * The fields that differ from `current`, as integers (paise, basis points), or the first problem found; the same
 * checks as the server's (`MinesSettings::check`), which checks again.
 */
export function minesSettingsChange(form: MinesForm, current: Partial<MinesSettings> | null | undefined): { change: Partial<MinesSettings> } | { error: string } {
  const change: Partial<MinesSettings> = {};
  const next = {} as MinesSettings;
  for (const f of MINES_FIELDS) {
    const v = parseFixed(form[f.key] ?? '', 2);
    if (v === null) return { error: `${f.label}: ${FORMAT[f.unit]}` };
    next[f.key] = v;
    if (v !== read(current, f.key)) change[f.key] = v;
  }
  if (next.minBet <= 0) return { error: 'Min bet must be above zero' };
  if (next.maxBet < next.minBet) return { error: 'Max bet must be at least the min bet' };
  if (next.maxPayout < next.maxBet) return { error: 'Max payout must be at least the max bet' };
  if (next.houseEdgeBp < 1 || next.houseEdgeBp >= 5000) return { error: 'House edge must be 0.01 % to 49.99 %' };
  return { change };
}
