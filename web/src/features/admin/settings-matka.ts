/** Matka's settings form (pure): rates as multipliers over integer hundredths, points per number in ₹ over paise. */
import type { MatkaRates, MatkaSettings, MatkaSettingsChange } from './api/types';
import { formatFixed, parseFixed } from './settings-round';
import { tr } from './text';

export interface RateField {
  key: keyof MatkaRates;
  /** The chance of the type's likeliest number: a rate × chance must stay under 1 (the house keeps an edge). */
  chance: number;
}

/** In the spec's order; chances as the server prices them (`Rates::worst_rtp`; sangams on single pannas). */
export const RATE_FIELDS: RateField[] = [
  { key: 'singleDigit', chance: 1 / 10 },
  { key: 'jodi', chance: 1 / 100 },
  { key: 'singlePanna', chance: 6 / 1000 },
  { key: 'doublePanna', chance: 3 / 1000 },
  { key: 'triplePanna', chance: 1 / 1000 },
  { key: 'halfSangam', chance: 600 / 1_000_000 },
  { key: 'fullSangam', chance: 36 / 1_000_000 },
];

/** A rate's label, "Single digit", in the operator's language. */
export const rateLabel = (key: keyof MatkaRates): string => tr(`adminGames:games.matka.field.${key}`);

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
  return tr('adminGames:games.matka.rate', {
    rate: formatFixed(hundredths, 2),
    ten: formatFixed(hundredths * 10, 2, true),
    rtp,
  });
}

/**
 * The fields that differ from `current` (rates in hundredths, points in paise), or the first problem; the same checks
 * as the server's (`MatkaSettings::check`), which checks again.
 */
export function matkaSettingsChange(
  form: MatkaForm,
  current: Partial<MatkaSettings> | null | undefined,
): { change: MatkaSettingsChange } | { error: string } {
  const rates: Partial<MatkaRates> = {};
  for (const f of RATE_FIELDS) {
    const v = parseFixed(form[f.key] ?? '', 2);
    const label = rateLabel(f.key);
    if (v === null) return { error: tr('adminGames:games.matka.multiplier', { label }) };
    if (v < 100) return { error: tr('adminGames:games.matka.atLeastOne', { label }) };
    // rate × chance < 1, in integers: hundredths × chance < 100.
    if ((v * f.chance) / 100 >= 1 - 1e-12)
      return { error: tr('adminGames:games.matka.noEdge', { label, rate: formatFixed(v, 2) }) };
    if (v !== num(current?.rates?.[f.key])) rates[f.key] = v;
  }
  const points = {} as Record<'minPoints' | 'maxPoints', number>;
  for (const key of ['minPoints', 'maxPoints'] as const) {
    const v = parseFixed(form[key] ?? '', 0);
    if (v === null)
      return {
        error: tr(
          key === 'minPoints' ? 'adminGames:games.matka.minPointsWhole' : 'adminGames:games.matka.maxPointsWhole',
        ),
      };
    points[key] = v * 100;
  }
  if (points.minPoints <= 0) return { error: tr('adminGames:games.matka.minPointsAboveZero') };
  if (points.maxPoints < points.minPoints) return { error: tr('adminGames:games.matka.maxAtLeastMin') };
  const change: MatkaSettingsChange = {};
  if (Object.keys(rates).length > 0) change.rates = rates;
  if (points.minPoints !== num(current?.minPoints)) change.minPoints = points.minPoints;
  if (points.maxPoints !== num(current?.maxPoints)) change.maxPoints = points.maxPoints;
  return { change };
}
