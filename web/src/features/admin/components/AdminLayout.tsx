/**
 * The console's shell: asks the server who is signed in (GET /api/me). Anonymous → /login; a player sees
 * "operators only"; an operator gets the navigation and the screens.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Link, Navigate, Outlet, useNavigate } from 'react-router';
import { Loading } from '@/components/Loading';
import { Toaster } from '@/components/Toaster';
import { ApiError } from '@/lib/api-client';
import { getMe, logout, meQueryKey, useMe } from '@/lib/auth';
import { disconnectSocket, getSocket } from '@/lib/socket';
import { clearSession } from '@/lib/storage';
import '../admin.css';
import { AdminNav } from './AdminNav';

export default function AdminLayout() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = me.data ?? null;
  const operator = user?.role === 'operator';

  // When the server ends the session it disconnects the socket: forget the user if the session is gone,
  // otherwise connect again (the live table falls back to polling meanwhile).
  useEffect(() => {
    if (!operator) return;
    const socket = getSocket();
    const onDisconnect = (reason: string) => {
      if (reason !== 'io server disconnect') return;
      getMe()
        .then((fresh) => {
          queryClient.setQueryData(meQueryKey, fresh);
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
  }, [operator, queryClient]);

  const onLogout = useCallback(async () => {
    await logout();
    disconnectSocket();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);

  if (me.isPending) return <Loading />;
  if (!user) {
    clearSession();
    return <Navigate to="/login" replace />;
  }
  if (!operator) {
    return (
      <div className="admin-denied" role="alert" data-testid="admin-denied">
        <h1>Operators only</h1>
        <p className="muted">The console is for the casino's operators. You are signed in as a player.</p>
        <Link className="btn btn-primary" to="/">
          Back to the casino
        </Link>
      </div>
    );
  }
  return (
    <div className="admin-shell">
      <AdminNav name={user.username || user.name || 'Operator'} onLogout={() => void onLogout()} />
      <main className="admin-main">
        <Outlet />
      </main>
      <Toaster />
    </div>
  );
}
