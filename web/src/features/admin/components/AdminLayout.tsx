/**
 * The console's shell: asks the server who is signed in (GET /api/me). Anonymous → /login; a player sees
 * "operators only"; an operator gets the navigation and the screens.
 */
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet } from 'react-router';
import { Loading } from '@/components/Loading';
import { Toaster } from '@/components/Toaster';
import { useMe } from '@/lib/auth';
import { usePlatform } from '@/lib/platform';
import { useLogout, useSessionSocket } from '@/lib/use-session-socket';
import { clearSession } from '@/lib/storage';
import '../admin.css';
import { AdminNav } from './AdminNav';

export default function AdminLayout() {
  const { t } = useTranslation('admin');
  const me = useMe();
  const user = me.data ?? null;
  const operator = user?.role === 'operator';
  const platform = usePlatform();

  useSessionSocket(operator);
  const onLogout = useLogout();

  // The money screens differ in play mode: nothing is shown before the mode is known.
  if (me.isPending || platform.isPending) return <Loading />;
  if (!user) {
    clearSession();
    return <Navigate to="/login" replace />;
  }
  if (!operator) {
    return (
      <div className="admin-denied" role="alert" data-testid="admin-denied">
        <h1>{t('shell.deniedTitle')}</h1>
        <p className="muted">{t('shell.deniedText')}</p>
        <Link className="btn btn-primary" to="/">
          {t('shell.backToCasino')}
        </Link>
      </div>
    );
  }
  return (
    <div className="admin-shell">
      <AdminNav name={user.username || user.name || t('shell.operatorFallback')} onLogout={() => void onLogout()} />
      <main className="admin-main">
        <Outlet />
      </main>
      <Toaster />
    </div>
  );
}
