/** The console's texts outside components: `i18n.t` at call time, so a helper called at render reads the current language. */
import i18n, { currentLanguage } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api-client';

/** A text by its full key (`admin:units.s`), in the current language. */
export const tr = (key: string, values?: Record<string, unknown>): string => String(i18n.t(key, values));

/**
 * A refusal as the console shows it. In English the server's own message, as the console always showed it: it names
 * the field and the limit ("the payout must be at least 1× and under 12×"), where the app-wide text for the error code
 * is written for players ("These settings are not valid."). In another language the text for the code
 * (`errorMessage`), with the server's detail after it for a refused input (400), so the operator still learns which
 * field and limit.
 */
export function adminErrorMessage(err: unknown, fallback: string): string {
  const server = err instanceof ApiError ? err.message : '';
  if (server && currentLanguage() === 'en') return server;
  const text = errorMessage(err, fallback);
  if (!server || server === text || !(err instanceof ApiError) || err.status !== 400) return text;
  return tr('admin:common.errorDetail', { text, detail: server });
}
