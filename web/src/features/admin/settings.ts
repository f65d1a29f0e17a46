/** The game settings form (pure): text fields ↔ settings, validation, and only the changed fields sent. */
import { formatInr } from '@/lib/money';
import type { AviatorSettings } from './api/types';
import { tr } from './text';

export const SETTING_FIELDS: { key: keyof AviatorSettings; unit: 'rupees' | 'ms' | 'bp' }[] = [
  { key: 'minBet', unit: 'rupees' },
  { key: 'maxBet', unit: 'rupees' },
  { key: 'countdownMs', unit: 'ms' },
  { key: 'pauseMs', unit: 'ms' },
  { key: 'maxPayoutPerRound', unit: 'rupees' },
  { key: 'houseEdgeBp', unit: 'bp' },
];

/** A field's label, "Min stake", in the operator's language. */
export const settingLabel = (key: keyof AviatorSettings): string => tr(`adminGames:games.aviator.field.${key}`);

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
  for (const { key, unit } of SETTING_FIELDS) {
    const text = form[key].trim();
    if (!(unit === 'rupees' ? RUPEES : INTEGER).test(text)) {
      return { error: tr(unit === 'rupees' ? 'adminGames:games.aviator.rupees' : 'adminGames:games.aviator.wholeNumber', { label: settingLabel(key) }) };
    }
    const v = Number(text);
    next[key] = v;
    if (v !== current[key]) change[key] = v;
  }
  if (next.minBet <= 0) return { error: tr('adminGames:games.aviator.minAboveZero') };
  if (next.maxBet < next.minBet) return { error: tr('adminGames:games.aviator.maxAtLeastMin') };
  if (next.houseEdgeBp >= 10_000) return { error: tr('adminGames:games.aviator.edgeUnder') };
  return { change };
}

/** How a setting reads: "₹10.00", "4,000 ms", "100 bp (1.00 %)". */
export function showSetting(key: keyof AviatorSettings, v: number | undefined): string {
  if (typeof v !== 'number') return '—';
  const unit = SETTING_FIELDS.find((f) => f.key === key)?.unit;
  if (unit === 'rupees') return formatInr(v);
  if (unit === 'bp') return `${v} bp (${(v / 100).toFixed(2)} %)`;
  return tr('admin:units.ms', { n: new Intl.NumberFormat('en-IN').format(v) });
}

/** The pending fields that differ from the settings in force, as "Min stake ₹20.00". */
export function pendingSummary(pending: Partial<AviatorSettings> | null | undefined, current: AviatorSettings): string[] {
  if (!pending) return [];
  return SETTING_FIELDS.filter((f) => pending[f.key] !== undefined && pending[f.key] !== current[f.key]).map(
    (f) => `${settingLabel(f.key)} ${showSetting(f.key, pending[f.key])}`,
  );
}
