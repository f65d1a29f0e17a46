/** What every signed-in shell (the player's app and the operators' console) does with its session and socket. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from './api-client';
import { getMe, logout, meQueryKey } from './auth';
import { disconnectSocket, getSocket } from './socket';

/**
 * While `active`, keeps the socket open: when the server ends the session it disconnects the socket; if the
 * session is really gone the user is forgotten (→ /login), otherwise the socket connects again.
 */
export function useSessionSocket(active: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const socket = getSocket();
    const onDisconnect = (reason: string) => {
      if (reason !== 'io server disconnect') return;
      getMe()
        .then((me) => {
          queryClient.setQueryData(meQueryKey, me);
          socket.connect();
        })
        .catch((err: unknown) => {
          if (err instanceof ApiError && err.status === 401) queryClient.setQueryData(meQueryKey, null);
          else socket.connect();
        });
    };
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off('disconnect', onDisconnect);
    };
  }, [active, queryClient]);
}

/** Logs out on the server, closes the socket, forgets every cached answer and goes to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await logout();
    disconnectSocket();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
