/**
 * A screen's room on the shared socket. Rooms do not survive a reconnect, so the join is sent now (if connected) and
 * again on every `connect`; the room's pushes are listened to until the screen leaves, and the leave is sent only
 * while connected (a dead socket has already left every room).
 */
import type { SocketReservedEvents } from 'socket.io-client';
import { getSocket } from './socket';
import type { PushName, ServerToClientEvents } from './socket-types';

/** Listeners by event: each takes its event's payload as the document types it (a `disconnect` may be heard too). */
export type RoomEvents = { [E in PushName]?: ServerToClientEvents[E] } & {
  disconnect?: SocketReservedEvents['disconnect'];
};

export interface Room {
  /** Pushes listened to while in the room, by event name. */
  events: RoomEvents;
  /** Joins the room (or asks for its state). */
  join: () => void;
  /** Leaves it. */
  leave?: () => void;
}

type Entry = { [E in keyof RoomEvents]-?: [E, NonNullable<RoomEvents[E]>] }[keyof RoomEvents];

/** Enters `room`; returns how to leave it (for an effect's cleanup). */
export function enterRoom(room: Room): () => void {
  const s = getSocket();
  // `RoomEvents` pairs each name with its listener; `Object.entries` only forgets the pairing.
  const entries = Object.entries(room.events).filter(([, h]) => h) as Entry[];
  for (const [name, h] of entries) s.on(name, h);
  s.on('connect', room.join);
  if (s.connected) room.join();
  return () => {
    for (const [name, h] of entries) s.off(name, h);
    s.off('connect', room.join);
    if (s.connected) room.leave?.();
  };
}
