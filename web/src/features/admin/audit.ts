/** Pure helpers for the audit log: what changed between `before` and `after`. */
import i18n from '@/i18n';
import { formatInr } from '@/lib/money';
import { tr } from './text';

export interface Change {
  key: string;
  before: string;
  after: string;
}

const MONEY_KEYS = /amount|balance|exposure|deposite|stake|bet$|minbet|maxbet|payout/i;

/** Longer texts (a data: URL, a news list) are cut to this many characters. */
export const MAX_SHOWN = 80;

const cut = (s: string) => (s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN - 1)}…` : s);

/** A JSON value as short text: null as "—", "" as "(empty)", rupee-looking keys as rupees, objects compact. */
export function showValue(v: unknown, key = ''): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'number') return key && MONEY_KEYS.test(key) && !/bp$|ms$/i.test(key) ? formatInr(v) : String(v);
  if (typeof v === 'string') return v === '' ? tr('admin:common.empty') : cut(v);
  if (typeof v === 'boolean') return tr(v ? 'admin:common.yes' : 'admin:common.no');
  return cut(JSON.stringify(v));
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The fields that differ. Two objects: each key whose value changed (in key order: before's, then new ones);
 * anything else: one unnamed change when the values differ.
 */
export function changes(before: unknown, after: unknown): Change[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...Object.keys(before), ...Object.keys(after).filter((k) => !(k in before))];
    return keys
      .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
      .map((k) => ({ key: k, before: showValue(before[k], k), after: showValue(after[k], k) }));
  }
  if (JSON.stringify(before ?? null) === JSON.stringify(after ?? null)) return [];
  if (isObject(after) && (before === null || before === undefined)) {
    return Object.entries(after).map(([k, v]) => ({ key: k, before: '—', after: showValue(v, k) }));
  }
  return [{ key: '', before: showValue(before), after: showValue(after) }];
}

/** "deposit.approve" → "Deposit approve" (in the operator's language); an action this console does not know, as it reads. */
export function actionLabel(action: string): string {
  const key = `admin:audit.actions.${action}`;
  if (/^[a-z_]+\.[a-z_]+$/.test(action) && i18n.exists(key)) return tr(key);
  const text = action.replace(/[._]/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
