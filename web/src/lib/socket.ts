/** One Socket.IO connection per session: websocket only, session token in the CONNECT auth payload. */
import { io, type Socket } from 'socket.io-client';
import { getToken } from './storage';

let socket: Socket | null = null;

export function getSocket(): Socket {
  if (!socket) {
    socket = io(window.location.origin, {
      path: '/socket.io/',
      transports: ['websocket'],
      // A function so every (re)connect sends the current token.
      auth: (cb) => cb({ token: getToken() ?? '' }),
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
