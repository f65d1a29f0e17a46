/**
 * The exchange stream's markets mapped to matches of ours (docs/OPERATORS.md "Real prices from an exchange stream"):
 * every mapping with what the stream says of its market now, and a new one.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { adminKeys } from './keys';

/** A mapping, and what the stream's cache says of its market now. */
export type FeedMarket = Schema<'FeedMarketJson'>;
/** A new mapping: the feed's market id, our sport, the match's name, teams and start, the runners with their feed ids. */
export type FeedMarketBody = Schema<'FeedMarketBody'>;
export type FeedMarketMapped = Schema<'FeedMarketMapped'>;

/** How often the list is asked again while the screen is open: the stream's health moves by the second. */
export const FEED_POLL_MS = 3000;

/** `GET /api/admin/sports/feed-markets`: every mapping, newest first. */
export function useFeedMarkets() {
  return useQuery({
    queryKey: adminKeys.feedMarkets(),
    queryFn: () => api.get('/api/admin/sports/feed-markets'),
    refetchInterval: FEED_POLL_MS,
    staleTime: 0,
  });
}

/** Maps a feed market to a new match (201 `{matchId, feedMarketId}`). */
export function mapFeedMarket(body: FeedMarketBody): Promise<FeedMarketMapped> {
  return api.post('/api/admin/sports/feed-markets', { body });
}
