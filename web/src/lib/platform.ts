/** What the platform plays for (`GET /api/platform`, public): real money, or play points with no cash value. */
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { Schema } from './api-types';

/** A region a player may declare at sign-up: an Indian state or union territory (ISO 3166-2:IN) or a country. */
export interface Region {
  code: string;
  name: string;
  /** False: the operator does not allow it (sign-up there is refused). */
  allowed: boolean;
}

/** Real mode's checks, as the server states them (rupees). */
export interface RealMoney {
  minAge: number;
  regions: Region[];
  /** Withdrawals above either need a verified identity: one request, or the last 30 days together. */
  kycThresholds: { single: number; rolling30Days: number };
}

export type Platform = Schema<'PlatformJson'> & { realMoney?: RealMoney | null };

export const platformQueryKey = ['platform'] as const;

export function getPlatform(): Promise<Platform> {
  return api.get('/api/platform');
}

/**
 * The platform's money mode, asked once (it changes only with a restart). `play`: points with no cash value, so no
 * deposits or withdrawals; false while unknown and when the server cannot say (the app as it always was).
 * `realMoney`: real mode's age, regions and identity thresholds (absent in play mode).
 */
export function usePlatform() {
  const { data, isPending } = useQuery({ queryKey: platformQueryKey, queryFn: getPlatform, staleTime: Infinity });
  return { data, isPending, play: data?.moneyMode === 'play', realMoney: data?.realMoney ?? undefined };
}
