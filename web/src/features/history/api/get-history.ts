import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type HistoryRow = Schema<'AviatorHistoryRow'>;

/** The most `GET /api/history/{userId}` gives in one answer (its `limit` is clamped to 1–5,000). */
export const AVIATOR_HISTORY_MAX = 5_000;

/** The player's Aviator bets, newest first: the round in play, then the `limit` latest settled ones. */
export function getHistory(userId: string, limit?: number): Promise<HistoryRow[]> {
  return api.get('/api/history/{userId}', { path: { userId }, query: { limit } });
}
