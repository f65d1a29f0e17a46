/**
 * Live actors: over the app's Socket.IO connection (`ops_watch` with an ack, then `ops_actors` about four times
 * a second), else `GET /api/admin/actors` every 2 s while the socket is down or the watch was refused. Socket
 * snapshots are written into the same query cache entry, so the screen reads one place.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getSocket } from '@/lib/socket';
import { enterRoom } from '@/lib/socket-room';
import type { PushOf } from '@/lib/socket-types';
import { useActorsQuery } from '../api/actors';
import { adminKeys } from '../api/keys';

const ACK_TIMEOUT_MS = 5000;
/** A watch that has gone quiet this long is treated as down (polling takes over until the next connect). */
const QUIET_MS = 3000;

export type LiveSource = 'socket' | 'polling';

export function useLiveActors() {
  const queryClient = useQueryClient();
  const [watching, setWatching] = useState(false);
  const query = useActorsQuery(!watching);

  useEffect(() => {
    const s = getSocket();
    if (!s.connected && !s.active) s.connect();
    let live = true;
    let lastAt = Date.now();
    const watch = () => {
      lastAt = Date.now();
      s.timeout(ACK_TIMEOUT_MS).emit('ops_watch', {}, (err: Error | null, ack: { success?: boolean } | undefined) => {
        if (live) setWatching(!err && ack?.success === true);
      });
    };
    const onActors = (snap: PushOf<'ops_actors'>) => {
      if (!live || !snap || !Array.isArray(snap.actors)) return;
      lastAt = Date.now();
      setWatching(true);
      queryClient.setQueryData(adminKeys.actors(), snap);
    };
    const quiet = window.setInterval(() => {
      if (Date.now() - lastAt <= QUIET_MS) return;
      setWatching(false);
      if (s.connected) watch();
    }, 1000);
    const onDown = () => setWatching(false);
    const leave = enterRoom({
      events: { ops_actors: onActors, disconnect: onDown },
      join: watch,
      leave: () => s.emit('ops_unwatch', {}, () => undefined),
    });
    return () => {
      live = false;
      window.clearInterval(quiet);
      leave();
    };
  }, [queryClient]);

  const source: LiveSource = watching ? 'socket' : 'polling';
  return { snapshot: query.data, source, error: query.error, isPending: query.isPending && !query.data };
}
