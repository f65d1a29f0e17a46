/** Authenticated shell: checks the server session (GET /api/me), then header, bars, sidebar and modals. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { Loading } from '@/components/Loading';
import { Toaster } from '@/components/Toaster';
import { Header } from '@/features/shell/components/Header';
import { Sidebar } from '@/features/shell/components/Sidebar';
import { TopBar } from '@/features/shell/components/TopBar';
import { DepositModal } from '@/features/wallet/components/DepositModal';
import { WithdrawModal } from '@/features/wallet/components/WithdrawModal';
import { ApiError } from '@/lib/api-client';
import { getMe, logout, meQueryKey, useMe } from '@/lib/auth';
import { disconnectSocket, getSocket } from '@/lib/socket';
import { clearSession, userIdOf } from '@/lib/storage';
import { useWallet } from '@/lib/wallet';
import type { SessionContext } from '../session-context';
import { useBalanceSync } from './use-balance-sync';

export default function AppLayout() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = me.data ?? null;
  const userId = userIdOf(user);
  const wallet = useWallet(userId);
  const [menu, setMenu] = useState(false);
  const [modal, setModal] = useState<'deposit' | 'withdraw' | null>(null);
  useBalanceSync(userId);

  // Open the socket once the server has accepted the session (the cookie authenticates it too). When the server
  // ends the session it disconnects the socket: if the session is really gone, forget the user (→ /login),
  // otherwise connect again.
  useEffect(() => {
    if (!user) return;
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
  }, [user, queryClient]);

  const onLogout = useCallback(async () => {
    await logout();
    disconnectSocket();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);

  if (me.isPending) return <Loading />;
  if (!user) {
    clearSession();
    disconnectSocket();
    return <Navigate to="/login" replace />;
  }

  const ctx: SessionContext = { user, userId, logout: () => void onLogout() };
  const balance = wallet.data?.balance ?? user.walletBalance;
  const exposure = wallet.data?.exposureBalance ?? user.exposureBalance;
  const name = user.username || user.name || 'User';
  return (
    <div className="app">
      <Header
        username={name}
        balance={balance}
        onMenu={() => setMenu((m) => !m)}
        onDeposit={() => setModal('deposit')}
        onWithdraw={() => setModal('withdraw')}
        onLogout={ctx.logout}
      />
      <TopBar balance={balance} exposure={exposure} />
      <Sidebar open={menu} onClose={() => setMenu(false)} username={name} balance={balance} userNo={user.userNo?.toString()} operator={user.role === 'operator'} onLogout={ctx.logout} />
      <main className="content">
        <Outlet context={ctx} />
      </main>
      {modal === 'deposit' && <DepositModal userId={userId} defaultName={user.name ?? name} onClose={() => setModal(null)} />}
      {modal === 'withdraw' && <WithdrawModal userId={userId} balance={balance} defaultName={user.name ?? name} onClose={() => setModal(null)} />}
      <Toaster />
    </div>
  );
}
