/** Matka's settings form (pure): rates as multipliers over integer hundredths, points per number in ₹ over paise. */
import type { MatkaRates, MatkaSettings, MatkaSettingsChange } from './api/types';
import { formatFixed, parseFixed } from './settings-round';

export interface RateField {
  key: keyof MatkaRates;
  label: string;
  /** The chance of the type's likeliest number: a rate × chance must stay under 1 (the house keeps an edge). */
  chance: number;
}

/** In the spec's order; chances as the server prices them (`Rates::worst_rtp`; sangams on single pannas). */
export const RATE_FIELDS: RateField[] = [
  { key: 'singleDigit', label: 'Single digit', chance: 1 / 10 },
  { key: 'jodi', label: 'Jodi', chance: 1 / 100 },
  { key: 'singlePanna', label: 'Single panna', chance: 6 / 1000 },
  { key: 'doublePanna', label: 'Double panna', chance: 3 / 1000 },
  { key: 'triplePanna', label: 'Triple panna', chance: 1 / 1000 },
  { key: 'halfSangam', label: 'Half sangam', chance: 600 / 1_000_000 },
  { key: 'fullSangam', label: 'Full sangam', chance: 36 / 1_000_000 },
];

export type MatkaForm = Record<keyof MatkaRates | 'minPoints' | 'maxPoints', string>;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The form's texts: rates "9.50" (×), points "10" (₹); empty where a value is missing. */
export function toMatkaForm(s: Partial<MatkaSettings> | null | undefined): MatkaForm {
  const f = {} as MatkaForm;
  for (const { key } of RATE_FIELDS) {
    const v = num(s?.rates?.[key]);
    f[key] = v === undefined ? '' : formatFixed(v, 2);
  }
  for (const key of ['minPoints', 'maxPoints'] as const) {
    const v = num(s?.[key]);
    f[key] = v === undefined ? '' : formatFixed(v, 2, true);
  }
  return f;
}

/** "9.50× · 10 Ka 95 · RTP 95.00 %" for a rate in hundredths. */
export function showRate(field: RateField, hundredths: number | undefined): string {
  if (hundredths === undefined) return '—';
  const rtp = ((hundredths / 100) * field.chance * 100).toFixed(2);
  return `${formatFixed(hundredths, 2)}× · 10 Ka ${formatFixed(hundredths * 10, 2, true)} · RTP ${rtp} %`;
}

/**
 * The fields that differ from `current` (rates in hundredths, points in paise), or the first problem; the same checks
 * as the server's (`MatkaSettings::check`), which checks again.
 */
export function matkaSettingsChange(form: MatkaForm, current: Partial<MatkaSettings> | null | undefined): { change: MatkaSettingsChange } | { error: string } {
  const rates: Partial<MatkaRates> = {};
  for (const f of RATE_FIELDS) {
    const v = parseFixed(form[f.key] ?? '', 2);
    if (v === null) return { error: `${f.label}: a multiplier with at most two decimals` };
    if (v < 100) return { error: `${f.label} must pay at least 1×` };
    // rate × chance < 1, in integers: hundredths × chance < 100.
    if ((v * f.chance) / 100 >= 1 - 1e-12) return { error: `${f.label} at ${formatFixed(v, 2)}× leaves the house no edge` };
    if (v !== num(current?.rates?.[f.key])) rates[f.key] = v;
  }
  const points = {} as Record<'minPoints' | 'maxPoints', number>;
  for (const key of ['minPoints', 'maxPoints'] as const) {
    const v = parseFixed(form[key] ?? '', 0);
    if (v === null) return { error: `${key === 'minPoints' ? 'Min' : 'Max'} points: whole rupees` };
    points[key] = v * 100;
  }
  if (points.minPoints <= 0) return { error: 'Min points must be above zero' };
  if (points.maxPoints < points.minPoints) return { error: 'Max points must be at least the min points' };
  const change: MatkaSettingsChange = {};
  if (Object.keys(rates).length > 0) change.rates = rates;
  if (points.minPoints !== num(current?.minPoints)) change.minPoints = points.minPoints;
  if (points.maxPoints !== num(current?.maxPoints)) change.maxPoints = points.maxPoints;
  return { change };
}
