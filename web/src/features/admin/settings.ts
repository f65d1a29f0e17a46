/**
 * Aviator's settings form (pure): text fields ↔ settings, validation, and only the changed fields sent. The caps taken
 * from the bankroll are shares in basis points with at most two decimals (`share`: 112.5 = 1.125 %, 0 = not set).
 */
import { formatInr } from '@/lib/money';
import type { AviatorCaps, AviatorSettings } from './api/types';
import { tr } from './text';

export type SettingUnit = 'rupees' | 'ms' | 'bp' | 'share';

export const SETTING_FIELDS: { key: keyof AviatorSettings; unit: SettingUnit }[] = [
  { key: 'minBet', unit: 'rupees' },
  { key: 'maxBet', unit: 'rupees' },
  { key: 'countdownMs', unit: 'ms' },
  { key: 'pauseMs', unit: 'ms' },
  { key: 'maxPayoutPerRound', unit: 'rupees' },
  { key: 'houseEdgeBp', unit: 'bp' },
  { key: 'maxPayoutBankrollBp', unit: 'share' },
  { key: 'maxPlayerPayoutBankrollBp', unit: 'share' },
  { key: 'bankrollCapital', unit: 'rupees' },
];

/** The unit beside a field's label: ₹, ms or bp. */
export const unitLabel = (unit: SettingUnit): string => (unit === 'rupees' ? '₹' : unit === 'share' ? 'bp' : unit);

/** A share of the bankroll may be at most all of it: 10 000 basis points. */
export const MAX_SHARE_BP = 10_000;

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

/** A field's text in the right form, or the words saying what it should be. */
function formProblem(unit: SettingUnit, text: string, label: string): string | null {
  if (unit === 'rupees') return RUPEES.test(text) ? null : tr('adminGames:games.aviator.rupees', { label });
  if (unit === 'share') {
    return RUPEES.test(text) && Number(text) <= MAX_SHARE_BP
      ? null
      : tr('adminGames:games.aviator.share', { label, max: MAX_SHARE_BP });
  }
  return INTEGER.test(text) ? null : tr('adminGames:games.aviator.wholeNumber', { label });
}

/** The changed fields, or the first problem found (the server checks again and says why it refuses). */
export function settingsChange(
  form: SettingsForm,
  current: AviatorSettings,
): { change: Partial<AviatorSettings> } | { error: string } {
  const change: Partial<AviatorSettings> = {};
  const next = { ...current };
  for (const { key, unit } of SETTING_FIELDS) {
    const text = form[key].trim();
    const problem = formProblem(unit, text, settingLabel(key));
    if (problem) return { error: problem };
    const v = Number(text);
    next[key] = v;
    if (v !== current[key]) change[key] = v;
  }
  if (next.minBet <= 0) return { error: tr('adminGames:games.aviator.minAboveZero') };
  if (next.maxBet < next.minBet) return { error: tr('adminGames:games.aviator.maxAtLeastMin') };
  if (next.houseEdgeBp >= 10_000) return { error: tr('adminGames:games.aviator.edgeUnder') };
  return { change };
}

/** A share of the bankroll as a percentage: 112.5 bp → "1.125". */
const percentOfBp = (bp: number): string =>
  new Intl.NumberFormat('en-IN', { maximumFractionDigits: 4 }).format(bp / 100);

/** How a setting reads: "₹10.00", "4,000 ms", "100 bp (1.00 %)", "112.5 bp (1.125 % of the bankroll)", "not set". */
export function showSetting(key: keyof AviatorSettings, v: number | undefined): string {
  if (typeof v !== 'number') return '—';
  const unit = SETTING_FIELDS.find((f) => f.key === key)?.unit;
  if (unit === 'rupees') return formatInr(v);
  if (unit === 'bp') return `${v} bp (${(v / 100).toFixed(2)} %)`;
  if (unit === 'share')
    return v === 0
      ? tr('adminGames:games.aviator.notSet')
      : tr('adminGames:games.aviator.shareOf', { bp: v, percent: percentOfBp(v) });
  return tr('admin:units.ms', { n: new Intl.NumberFormat('en-IN').format(v) });
}

/** The round in play's caps as "label: value" rows: the bankroll, the round's cap and the cap per player (or none). */
export function capsRows(caps: AviatorCaps): { key: 'bankroll' | 'maxPayout' | 'maxPlayerPayout'; value: string }[] {
  const rupees = (v: number | null | undefined) =>
    typeof v === 'number' ? formatInr(v) : tr('adminGames:games.aviator.caps.none');
  return [
    { key: 'bankroll', value: rupees(caps.bankroll) },
    { key: 'maxPayout', value: rupees(caps.maxPayout) },
    { key: 'maxPlayerPayout', value: rupees(caps.maxPlayerPayout) },
  ];
}

/** The pending fields that differ from the settings in force, as "Min stake ₹20.00". */
export function pendingSummary(
  pending: Partial<AviatorSettings> | null | undefined,
  current: AviatorSettings,
): string[] {
  if (!pending) return [];
  return SETTING_FIELDS.filter((f) => pending[f.key] !== undefined && pending[f.key] !== current[f.key]).map(
    (f) => `${settingLabel(f.key)} ${showSetting(f.key, pending[f.key])}`,
  );
}
