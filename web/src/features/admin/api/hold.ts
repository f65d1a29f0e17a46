/**
 * The hold report (`GET /api/admin/hold`, `/api/admin/hold/daily`). Its types are written here until the lead regenerates
 * `api-schema.d.ts` from the server's OpenAPI document (`HoldJson`, `HoldDailyJson`); then they can come from there.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { buildPath, request } from '@/lib/api-client';
import { adminKeys } from './keys';

/** Ratios are fractions of turnover (0.03 = 3 %); money in rupees. */
export interface HoldGame {
  game: string;
  bets: number;
  units: number;
  turnover: number;
  payouts: number;
  ggr: number;
  realisedHold: number | null;
  coveredTurnover: number;
  realisedCoveredHold: number | null;
  theoreticalHold: number | null;
  band: { low: number; high: number } | null;
  z: number | null;
  sigma: number | null;
  effectiveBets: number | null;
  outOfBand: boolean;
}

export interface HoldPlayer {
  userId: number;
  userNo: number;
  name: string;
  bets: number;
  turnover: number;
  payouts: number;
  return: number;
  expectedReturn: number;
  z: number;
}

export interface HoldRules {
  confidence: number;
  bandZ: number;
  minUnits: number;
  playerMinBets: number;
  playerZ: number;
}

export interface HoldReport {
  success: boolean;
  from: string;
  to: string;
  rules: HoldRules;
  games: HoldGame[];
  players: HoldPlayer[];
}

export interface HoldDaily {
  success: boolean;
  from: string;
  to: string;
  rules: HoldRules;
  days: { day: string; games: HoldGame[] }[];
}

/** `from` included, `to` excluded: IST dates or ISO instants. */
export interface HoldRange {
  from: string;
  to: string;
}

/** The longest range the daily breakdown covers (the server refuses more). */
export const DAILY_MAX_DAYS = 92;

const holdKey = (kind: 'total' | 'daily', r: HoldRange) => [...adminKeys.all, 'hold', kind, r.from, r.to] as const;

export function getHold(r: HoldRange): Promise<HoldReport> {
  return request('GET', buildPath('/api/admin/hold', { query: r }));
}

export function getHoldDaily(r: HoldRange): Promise<HoldDaily> {
  return request('GET', buildPath('/api/admin/hold/daily', { query: r }));
}

/** The report for a range, refreshed every minute while the screen is open (the figures move as bets settle). */
export function useHold(r: HoldRange, enabled: boolean) {
  return useQuery({
    queryKey: holdKey('total', r),
    queryFn: () => getHold(r),
    enabled,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useHoldDaily(r: HoldRange, enabled: boolean) {
  return useQuery({
    queryKey: holdKey('daily', r),
    queryFn: () => getHoldDaily(r),
    enabled,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}
