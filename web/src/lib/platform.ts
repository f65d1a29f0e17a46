/** What the platform plays for (`GET /api/platform`, public): real money, or play points with no cash value. */
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { Schema } from './api-types';

export type Platform = Schema<'PlatformJson'>;
/** Real mode's checks, as the server states them (rupees): the minimum age, the regions, the identity thresholds. */
export type RealMoney = Schema<'RealMoneyJson'>;
/** A region a player may declare at sign-up: an Indian state or union territory (ISO 3166-2:IN) or a country. */
export type Region = Schema<'RegionJson'>;

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
