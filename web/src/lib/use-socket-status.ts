import { useSyncExternalStore } from 'react';
import { getSocket } from './socket';
import type { AppSocket } from './socket-types';

/** The socket last subscribed to: reading the status must not open a new one (e.g. while logging out). */
let watched: AppSocket | null = null;

function subscribe(onChange: () => void): () => void {
  const s = getSocket();
  watched = s;
  s.on('connect', onChange);
  s.on('disconnect', onChange);
  s.on('connect_error', onChange);
  return () => {
    s.off('connect', onChange);
    s.off('disconnect', onChange);
    s.off('connect_error', onChange);
  };
}

const isConnected = () => (watched ?? getSocket()).connected;

/**
 * Whether the shared socket is connected; re-renders on connect/disconnect. useSyncExternalStore reads it again
 * once subscribed, so a connect between the first render and the subscription is not missed.
 */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(subscribe, isConnected);
}
