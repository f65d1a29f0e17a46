import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { isBoard } from '../rules';
import { parchiKeys } from './keys';
import type { ParchiBoard } from './types';

/** A visitor has no socket: the board is asked again this often. */
export const VISITOR_POLL_MS = 2_000;
/** Signed in, the room pushes every change; this slow poll only covers a push lost in a reconnect. */
export const ROOM_FALLBACK_MS = 10_000;

/** `GET /api/cards/{match}` (public); `null` when the server has no such match (404). */
export async function getBoard(match: string): Promise<ParchiBoard | null> {
  try {
    const b = await api.get('/api/cards/{match}', { path: { match } });
    return isBoard(b) ? b : null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The match's three cards: polled every 2 s for a visitor; kept by the socket's room when `live` (signed in). */
export function useBoard(match: string, live: boolean) {
  return useQuery({
    queryKey: parchiKeys.board(match),
    queryFn: () => getBoard(match),
    refetchInterval: live ? ROOM_FALLBACK_MS : VISITOR_POLL_MS,
    staleTime: 0,
    retry: false,
  });
}
