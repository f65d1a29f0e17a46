/**
 * The shell of the public screens (`/cricket2`, `/cricket2/games/{Livematch}`): a visitor is never sent to /login.
 * A compact header: signed in, the username, the balance and a way home; a visitor, a Login button that brings them
 * back here after logging in. Signed in, it keeps the session's socket and the wallet as the app's shell does (the
 * `balance_update` pushes, the 5 s poll); a visitor gets no socket at all.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Loading } from '@/components/Loading';
import { Toaster } from '@/components/Toaster';
import { NoCashValue } from '@/features/play-points/components/NoCashValue';
import { BRAND, BRAND_MARK } from '@/features/shell/brand';
import { useMe } from '@/lib/auth';
import { formatInr } from '@/lib/money';
import { disconnectSocket } from '@/lib/socket';
import { userIdOf } from '@/lib/storage';
import { useSessionSocket } from '@/lib/use-session-socket';
import { loginState } from '@/features/auth/return-to';
import { useWallet } from '@/lib/wallet';
import type { PublicSession } from './public-session';
import { useBalanceSync } from './use-balance-sync';

export default function PublicLayout() {
  const { t } = useTranslation();
  const me = useMe();
  const user = me.data ?? null;
  const userId = userIdOf(user);
  const wallet = useWallet(userId);
  const location = useLocation();
  const navigate = useNavigate();
  useBalanceSync(userId);
  useSessionSocket(!!user);
  const visitor = !me.isPending && !user;
  // A session that ended (elsewhere, or expired) leaves no socket behind.
  useEffect(() => {
    if (visitor) disconnectSocket();
  }, [visitor]);

  if (me.isPending) return <Loading />;

  const ctx: PublicSession = { user, userId };
  const login = () => navigate('/login', { state: loginState(location) });
  return (
    <div className="app">
      <header className="app-header">
        <div className="header-row">
          <Link to={user ? '/' : '/cricket2'} className="brand">
            <span className="brand-mark" aria-hidden>
              {BRAND_MARK}
            </span>
            {BRAND}
          </Link>
          {user ? (
            <>
              <div className="header-user">
                <span className="header-username" data-testid="header-username">
                  {user.username || user.name || t('user')}
                </span>
                <span className="header-balance" data-testid="header-balance">
                  {formatInr(wallet.data?.balance ?? user.walletBalance)}
                </span>
              </div>
              <Link to="/" className="btn btn-small btn-outline" data-testid="public-home">
                {t('home')}
              </Link>
            </>
          ) : (
            <button type="button" className="btn btn-small btn-primary" onClick={login} data-testid="public-login">
              {t('login')}
            </button>
          )}
        </div>
        <NoCashValue />
      </header>
      <main className="content">
        <Outlet context={ctx} />
      </main>
      <Toaster />
    </div>
  );
}
