/**
 * The match's room on the shared socket while its detail is open: `subscribe {eventId}` on open (and after a
 * reconnect; the ack is the detail), each `match:delta` applied to the held detail in order (a repeat skipped, a gap
 * → the detail asked again), `leave {eventId}` when the screen closes or switches to another match.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSocket } from '@/lib/socket';
import { enterRoom } from '@/lib/socket-room';
import { getMatch } from '../api/get-match';
import { sportsKeys } from '../api/keys';
import { applyDelta, isDelta, isDetail } from '../feed';
import type { MatchDetailJson } from '../api/types';

const ACK_TIMEOUT_MS = 8000;

/** `active`: false leaves the room alone (e.g. a visitor, who has no socket). */
export function useMatchRoom(matchId: string, active = true): void {
  const qc = useQueryClient();
  useEffect(() => {
    const eventId = Number(matchId);
    if (!active || !Number.isSafeInteger(eventId)) return;
    const key = sportsKeys.match(matchId);
    const s = getSocket();
    // Keeps whichever detail is further on: the ack, the REST answer or the deltas applied since.
    const offer = (d: MatchDetailJson) => {
      const held = qc.getQueryData<MatchDetailJson | null>(key);
      if (held && held.seq >= d.seq) return;
      void qc.cancelQueries({ queryKey: key });
      qc.setQueryData<MatchDetailJson | null>(key, d);
    };
    let refetching = false;
    const refetch = () => {
      if (refetching) return;
      refetching = true;
      getMatch(matchId)
        .then((d) => d && offer(d))
        .catch(() => undefined)
        .finally(() => (refetching = false));
    };
    const subscribe = () => {
      s.timeout(ACK_TIMEOUT_MS).emit('subscribe', { eventId }, (err: Error | null, detail: unknown) => {
        if (!err && isDetail(detail)) offer(detail);
      });
    };
    const onDelta = (msg: unknown) => {
      if (!isDelta(msg) || msg.matchId !== eventId) return;
      const held = qc.getQueryData<MatchDetailJson | null>(key);
      if (!held) return; // not loaded yet: the detail on its way is at least as new
      const r = applyDelta(held, msg);
      if (r.kind === 'applied') qc.setQueryData<MatchDetailJson | null>(key, r.detail);
      else if (r.kind === 'gap') refetch();
    };
    return enterRoom({
      events: { 'match:delta': onDelta },
      join: subscribe,
      leave: () => s.emit('leave', { eventId }, () => undefined),
    });
  }, [qc, matchId, active]);
}
