/**
 * A screen's room on the shared socket. Rooms do not survive a reconnect, so the join is sent now (if connected) and
 * again on every `connect`; the room's pushes are listened to until the screen leaves, and the leave is sent only
 * while connected (a dead socket has already left every room).
 */
import { getSocket } from './socket';

/** A handler takes the payload type its event carries (`never` here accepts any); the socket itself is untyped. */
type Handler = (payload: never) => void;
type AnyHandler = (...args: unknown[]) => void;

export interface Room {
  /** Pushes listened to while in the room, by event name. */
  events: Record<string, Handler>;
  /** Joins the room (or asks for its state). */
  join: () => void;
  /** Leaves it. */
  leave?: () => void;
}

/** Enters `room`; returns how to leave it (for an effect's cleanup). */
export function enterRoom(room: Room): () => void {
  const s = getSocket();
  for (const [name, h] of Object.entries(room.events)) s.on(name, h as AnyHandler);
  s.on('connect', room.join);
  if (s.connected) room.join();
  return () => {
    for (const [name, h] of Object.entries(room.events)) s.off(name, h as AnyHandler);
    s.off('connect', room.join);
    if (s.connected) room.leave?.();
  };
}
