/**
 * A My Bets list read a page at a time. The servers' history routes take only `limit` (newest first, no cursor), so
 * the next page is the same list asked again with a longer `limit`; the rows on screen stay while it comes.
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';

/** Rows a page adds. */
export const PAGE = 20;

export interface PagedList<T> {
  rows: T[];
  isLoading: boolean;
  isError: boolean;
  /** A full page came back and the route allows a longer one (there may be more), or the next page is coming. */
  hasMore: boolean;
  /** The next page is on its way. */
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * `fetchRows(limit)` for `limit` = one page, two pages… up to `max` (the route's own clamp, so asking for more than
 * it gives never looks like "more"). `key` names the list; the limit is added to it.
 */
export function usePagedList<T>(key: QueryKey, fetchRows: (limit: number) => Promise<T[]>, max: number): PagedList<T> {
  const [limit, setLimit] = useState(Math.min(PAGE, max));
  const q = useQuery({
    queryKey: [...key, limit],
    queryFn: () => fetchRows(limit),
    placeholderData: keepPreviousData,
  });
  const rows = Array.isArray(q.data) ? q.data : [];
  return {
    rows,
    isLoading: q.isLoading,
    isError: q.isError,
    hasMore: q.isPlaceholderData || (rows.length >= limit && limit < max),
    loadingMore: q.isPlaceholderData && q.isFetching,
    loadMore: () => setLimit((l) => Math.min(l + PAGE, max)),
  };
}
