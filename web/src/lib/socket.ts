/**
 * One Socket.IO connection per session, same origin, with the client's default transports: HTTP long-polling first,
 * then the upgrade to a websocket, so a network or proxy that blocks websockets still plays (on polling). The
 * handshake carries the HttpOnly session cookie, which is how the server knows the player; no token is sent from
 * script. When the server ends
 * the session (logout elsewhere, password reset, block, expiry) it disconnects the socket and the client does not
 * reconnect on its own.
 *
 * The socket is typed by the server's AsyncAPI document (`socket-types`): `on` takes only events the server emits,
 * with their payloads; `emit` only events it hears, with their payloads and acks.
 */
import { io } from 'socket.io-client';
import type { AppSocket } from './socket-types';

let socket: AppSocket | null = null;

export function getSocket(): AppSocket {
  if (!socket) {
    socket = io(window.location.origin, {
      path: '/socket.io/',
      reconnectionDelayMax: 5000,
    });
  }
  return socket;
}

export function disconnectSocket(): void {
  if (socket) {
    socket.disconnect();
    socket = null;
  }
}
