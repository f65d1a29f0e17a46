/**
 * The live list's room on the shared socket, shared by every screen that needs it (the matches lists, the Live
 * Cricket Market card, the sidebar's counts): the first user sends `getMatches` (again after a reconnect), the last
 * one sends `leaveMatches`. Each list (the ack and every `updateMatches` push) becomes the `sportsKeys.live()` query's
 * data; when the set of matches in play changes, the matches lists and the sports counts are asked again.
 */
import { skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSocket } from '@/lib/socket';
import { enterRoom } from '@/lib/socket-room';
import { sportsKeys } from '../api/keys';
import { liveItems } from '../feed';
import type { LiveItem } from '../wire';

const ACK_TIMEOUT_MS = 8000;

const idsOf = (list: LiveItem[]): string =>
  list
    .map((m) => m.eventId)
    .sort((a, b) => a - b)
    .join(',');

/** Joins the room; returns how to leave it. */
function join(qc: QueryClient): () => void {
  const s = getSocket();
  const onList = (v: unknown) => {
    const list = liveItems(v);
    if (list === null) return;
    const held = qc.getQueryData<LiveItem[]>(sportsKeys.live());
    qc.setQueryData<LiveItem[]>(sportsKeys.live(), list);
    if (held && idsOf(held) !== idsOf(list)) {
      void qc.invalidateQueries({ queryKey: sportsKeys.lists() });
      void qc.invalidateQueries({ queryKey: sportsKeys.counts() });
    }
  };
  const ask = () => {
    s.timeout(ACK_TIMEOUT_MS).emit('getMatches', {}, (err: Error | null, v: unknown) => {
      if (!err) onList(v);
    });
  };
  return enterRoom({
    events: { updateMatches: onList },
    join: ask,
    leave: () => s.emit('leaveMatches', {}, () => undefined),
  });
}

/** Users of the room, per query client (one in the app; one per test). */
const rooms = new WeakMap<QueryClient, { users: number; leave: () => void }>();

/** Keeps this screen in the live list's room while `active`. */
export function useLiveRoom(active = true): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const room = rooms.get(qc) ?? { users: 0, leave: join(qc) };
    rooms.set(qc, room);
    room.users += 1;
    return () => {
      room.users -= 1;
      if (room.users > 0) return;
      rooms.delete(qc);
      room.leave();
    };
  }, [qc, active]);
}

/** The matches in play (cricket), as the socket last said; pending until its first list. */
export function useLiveMatches() {
  useLiveRoom();
  return useQuery<LiveItem[]>({ queryKey: sportsKeys.live(), queryFn: skipToken, staleTime: Infinity });
}
