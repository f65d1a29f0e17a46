/** The game settings form (pure): text fields ↔ settings, validation, and only the changed fields sent. */
import { formatInr } from '@/lib/money';
import type { AviatorSettings } from './api/types';

export const SETTING_FIELDS: { key: keyof AviatorSettings; label: string; unit: 'rupees' | 'ms' | 'bp' }[] = [
  { key: 'minBet', label: 'Min stake', unit: 'rupees' },
  { key: 'maxBet', label: 'Max stake', unit: 'rupees' },
  { key: 'countdownMs', label: 'Countdown', unit: 'ms' },
  { key: 'pauseMs', label: 'Pause after crash', unit: 'ms' },
  { key: 'maxPayoutPerRound', label: 'Payout cap per round', unit: 'rupees' },
  { key: 'houseEdgeBp', label: 'House edge', unit: 'bp' },
];

export type SettingsForm = Record<keyof AviatorSettings, string>;

export function toForm(s: AviatorSettings): SettingsForm {
  const f = {} as SettingsForm;
  for (const { key } of SETTING_FIELDS) f[key] = s[key] === undefined || s[key] === null ? '' : String(s[key]);
  return f;
}

const RUPEES = /^\d+(\.\d{1,2})?$/;
const INTEGER = /^\d+$/;

/** The changed fields, or the first problem found (the server checks again and says why it refuses). */
export function settingsChange(form: SettingsForm, current: AviatorSettings): { change: Partial<AviatorSettings> } | { error: string } {
  const change: Partial<AviatorSettings> = {};
  const next = { ...current };
  for (const { key, label, unit } of SETTING_FIELDS) {
    const text = form[key].trim();
    if (!(unit === 'rupees' ? RUPEES : INTEGER).test(text)) {
      return { error: unit === 'rupees' ? `${label}: rupees with at most two decimals` : `${label}: a whole number` };
    }
    const v = Number(text);
    next[key] = v;
    if (v !== current[key]) change[key] = v;
  }
  if (next.minBet <= 0) return { error: 'Min stake must be above zero' };
  if (next.maxBet < next.minBet) return { error: 'Max stake must be at least the min stake' };
  if (next.houseEdgeBp >= 10_000) return { error: 'House edge must be under 10000 bp (100 %)' };
  return { change };
}

/** How a setting reads: "₹10.00", "4,000 ms", "100 bp (1.00 %)". */
export function showSetting(key: keyof AviatorSettings, v: number | undefined): string {
  if (typeof v !== 'number') return '—';
  const unit = SETTING_FIELDS.find((f) => f.key === key)?.unit;
  if (unit === 'rupees') return formatInr(v);
  if (unit === 'bp') return `${v} bp (${(v / 100).toFixed(2)} %)`;
  return `${new Intl.NumberFormat('en-IN').format(v)} ms`;
}

/** The pending fields that differ from the settings in force, as "Min stake ₹20.00". */
export function pendingSummary(pending: Partial<AviatorSettings> | null | undefined, current: AviatorSettings): string[] {
  if (!pending) return [];
  return SETTING_FIELDS.filter((f) => pending[f.key] !== undefined && pending[f.key] !== current[f.key]).map(
    (f) => `${f.label} ${showSetting(f.key, pending[f.key])}`,
  );
}
