/** The responsible-gaming limits as the Settings screen shows them (pure: labels are keys, translated at render). */
import type { Limit, LimitKind } from './api/types';

export type LimitGroup = 'deposit' | 'loss' | 'stake';
export type LimitPeriod = 'day' | 'week' | 'month';

export function groupOf(kind: LimitKind): LimitGroup {
  return kind === 'max_stake' ? 'stake' : kind.startsWith('deposit') ? 'deposit' : 'loss';
}

export function periodOf(kind: LimitKind): LimitPeriod | null {
  const p = kind.split('_')[1];
  return p === 'day' || p === 'week' || p === 'month' ? p : null;
}

/**
 * An amount typed by the player: rupees above 0 with at most two decimals (`null`: not one). The server checks
 * again (`invalid_amount`).
 */
export function parseLimitAmount(text: string): number | null {
  const s = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** Used so far this period, as shown: a loss period where the player is ahead counts as nothing lost. */
export function usedShown(limit: Pick<Limit, 'used'>): number | null {
  const used = limit.used ?? null;
  return used === null ? null : Math.max(0, used);
}

/** What is left before the limit (`null`: no limit or nothing counted). */
export function leftOf(limit: Pick<Limit, 'amount' | 'used'>): number | null {
  const amount = limit.amount ?? null;
  const used = limit.used ?? null;
  if (amount === null || used === null) return null;
  return Math.max(0, Math.round((amount - Math.max(0, used)) * 100) / 100);
}

/** Would asking for `amount` wait 24 hours (a raise, or a removal) rather than apply at once? */
export function waitsForRaise(limit: Pick<Limit, 'amount'>, amount: number | null): boolean {
  const current = limit.amount ?? null;
  if (current === null) return false;
  return amount === null || amount > current;
}
