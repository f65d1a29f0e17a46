/**
 * A bet slip's arithmetic, pure and shared by every screen that takes an exchange bet (the exchange screen, the
 * match page): the quick stakes, the stake checks against a market's limits, and what a bet would win and lose (the
 * server's rules: winnings rounded down to the paisa, losses up). The server decides: every figure is for display.
 */
import i18n from '@/i18n';
import type { BetKind, FancyBetRequest, RunnerBetRequest } from './wire';

/** The exchange screen's limits (spec §2 screen 17 "Min: 100 Max: 25000"): the server's defaults too. */
export const MIN_STAKE = 100;
export const MAX_STAKE = 25_000;
export const QUICK_STAKES = [100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 20_000, 25_000] as const;

/** A market's stake limits in rupees. */
export interface StakeLimits {
  min: number;
  max: number;
}
export const SCREEN_LIMITS: StakeLimits = { min: MIN_STAKE, max: MAX_STAKE };

/** "Min: 100 Max: 25000", in the player's language. */
export const limitsText = (l: StakeLimits = SCREEN_LIMITS): string =>
  i18n.t('betslip:limits', { min: l.min, max: l.max });

/** The spec's messages, as keys of the `betslip` namespace (shown with `t` / `i18n.t`). */
export const MSG_INVALID_STAKE = 'betslip:msg.invalidStake';
export const MSG_PLACED = 'betslip:msg.placed';
export const MSG_FAILED = 'betslip:msg.failed';

/**
 * Lgaai and YES back (win `stake·rate/100`, lose the stake); khaai and NO lay (win the stake, lose `stake·rate/100`).
 * A Match Odds bet is a Lgaai (back) or khaai (lay) at decimal odds, whose rate is `(odds − 1)·100`.
 */
export const backs = (kind: BetKind): boolean => kind === 'Lgaai' || kind === 'yes';

/** Decimal odds as the rate ×100 a bet at them wins: 1.85 → 85 (what the server computes, `price×100 − 100`). */
export const oddsRate = (odds: number): number => Math.max(0, Math.round(odds * 100) - 100);

export type StakeCheck = { ok: true; stake: number } | { ok: false; message: string };

/** The spec's checks: a positive number of rupees (at most 2 decimals), then the market's limits (messages in the player's language). */
export function checkStake(text: string, limits: StakeLimits = SCREEN_LIMITS): StakeCheck {
  const t = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return { ok: false, message: i18n.t(MSG_INVALID_STAKE) };
  const stake = Number(t);
  if (!(stake > 0)) return { ok: false, message: i18n.t(MSG_INVALID_STAKE) };
  if (stake < limits.min || stake > limits.max) return { ok: false, message: limitsText(limits) };
  return { ok: true, stake };
}

/** `stake·rate/100` in paise, rounded down (what a player wins) or up (what they lose). */
const scaled = (stakePaise: number, rate: number, up: boolean): number =>
  (up ? Math.ceil : Math.floor)((stakePaise * rate) / 100);

/** What the bet wins if it wins and loses if it loses, in rupees; zeros for a stake that is not a number. */
export function betMoney(kind: BetKind, stake: number, rate: number): { profit: number; loss: number } {
  if (!Number.isFinite(stake) || stake <= 0 || !Number.isFinite(rate) || rate <= 0) return { profit: 0, loss: 0 };
  const paise = Math.round(stake * 100);
  const [profit, loss] = backs(kind) ? [scaled(paise, rate, false), paise] : [paise, scaled(paise, rate, true)];
  return { profit: profit / 100, loss: loss / 100 };
}

/** A bet as sent: a runner-market bet (`POST /api/laggai_khai_bets`) or a fancy one (`POST /api/cricket-market/bets`). */
export type BetRequest = { market: 'runner'; body: RunnerBetRequest } | { market: 'fancy'; body: FancyBetRequest };
