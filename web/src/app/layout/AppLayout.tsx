/** Authenticated shell: checks the server session (GET /api/me), then header, bars, sidebar and modals. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { Loading } from '@/components/Loading';
import { SessionReminder } from '@/features/account/components/SessionReminder';
import { Toaster } from '@/components/Toaster';
import { Header } from '@/features/shell/components/Header';
import { Sidebar } from '@/features/shell/components/Sidebar';
import { TopBar } from '@/features/shell/components/TopBar';
import { useSportCounts } from '@/features/sports/api/get-sport-counts';
import { DepositModal } from '@/features/wallet/components/DepositModal';
import { WithdrawModal } from '@/features/wallet/components/WithdrawModal';
import { useMe } from '@/lib/auth';
import { usePlatform } from '@/lib/platform';
import { disconnectSocket } from '@/lib/socket';
import { useLogout, useSessionSocket } from '@/lib/use-session-socket';
import { clearSession, userIdOf } from '@/lib/storage';
import { useWallet } from '@/lib/wallet';
import type { SessionContext } from '../session-context';
import { useBalanceSync } from './use-balance-sync';

export default function AppLayout() {
  const { t } = useTranslation();
  const me = useMe();
  const user = me.data ?? null;
  const userId = userIdOf(user);
  const wallet = useWallet(userId);
  const { play, isPending: platformPending } = usePlatform();
  const [menu, setMenu] = useState(false);
  const [modal, setModal] = useState<'deposit' | 'withdraw' | null>(null);
  useBalanceSync(userId);
  const liveCounts = useSportCounts(!!user);

  useSessionSocket(!!user);
  const onLogout = useLogout();

  // The money mode decides what the shell offers: nothing is shown before it is known.
  if (me.isPending || platformPending) return <Loading />;
  if (!user) {
    clearSession();
    disconnectSocket();
    return <Navigate to="/login" replace />;
  }

  const ctx: SessionContext = { user, userId, logout: () => void onLogout() };
  const balance = wallet.data?.balance ?? user.walletBalance;
  const exposure = wallet.data?.exposureBalance ?? user.exposureBalance;
  const name = user.username || user.name || t('user');
  return (
    <div className="app">
      <Header
        username={name}
        balance={balance}
        onMenu={() => setMenu((m) => !m)}
        userId={userId}
        onDeposit={() => setModal('deposit')}
        onWithdraw={() => setModal('withdraw')}
        onLogout={ctx.logout}
      />
      <TopBar balance={balance} exposure={exposure} />
      <Sidebar
        open={menu}
        onClose={() => setMenu(false)}
        username={name}
        balance={balance}
        userNo={user.userNo?.toString()}
        operator={user.role === 'operator'}
        play={play}
        liveCounts={liveCounts.data}
        onLogout={ctx.logout}
      />
      <main className="content">
        <Outlet context={ctx} />
      </main>
      {modal === 'deposit' && (
        <DepositModal
          userId={userId}
          userNo={user.userNo?.toString()}
          defaultName={user.name ?? name}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'withdraw' && (
        <WithdrawModal
          userId={userId}
          balance={balance}
          defaultName={user.name ?? name}
          onClose={() => setModal(null)}
        />
      )}
      <SessionReminder />
      <Toaster />
    </div>
  );
}
