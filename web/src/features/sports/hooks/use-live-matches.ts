/**
 * The live list's room while a matches list is open: `getMatches` on open (and after a reconnect); its ack and each
 * `updateMatches` push name the matches in play, and when that set changes the lists are asked again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSocket } from '@/lib/socket';
import { sportsKeys } from '../api/keys';
import type { LiveItem } from '../wire';

const ACK_TIMEOUT_MS = 8000;

const liveIds = (v: unknown): string | null =>
  Array.isArray(v)
    ? (v as LiveItem[])
        .map((m) => m?.eventId)
        .filter((id) => typeof id === 'number')
        .sort((a, b) => a - b)
        .join(',')
    : null;

export function useLiveMatches(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const s = getSocket();
    let seen: string | null = null;
    const onList = (v: unknown) => {
      const ids = liveIds(v);
      if (ids === null) return;
      if (seen !== null && ids !== seen) void qc.invalidateQueries({ queryKey: sportsKeys.lists() });
      seen = ids;
    };
    const join = () => {
      s.timeout(ACK_TIMEOUT_MS).emit('getMatches', {}, (err: Error | null, v: unknown) => {
        if (!err) onList(v);
      });
    };
    s.on('updateMatches', onList);
    s.on('connect', join);
    if (s.connected) join();
    return () => {
      s.off('updateMatches', onList);
      s.off('connect', join);
      if (s.connected) s.emit('leaveMatches', {});
    };
  }, [qc]);
}
