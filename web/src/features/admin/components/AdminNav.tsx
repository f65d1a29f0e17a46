import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { usePlatform } from '@/lib/platform';
import { useSocketConnected } from '@/lib/use-socket-status';

/** The brand's icon (a symbol, not a word). */
const GEAR = '⚙';

/** `label`: the key under `admin:nav`. */
const SECTIONS = [
  { to: '/admin', label: 'actors', end: true, also: '/admin/actors' },
  { to: '/admin/money', label: 'money' },
  { to: '/admin/kyc', label: 'kyc' },
  { to: '/admin/games', label: 'games' },
  { to: '/admin/matka', label: 'matka' },
  { to: '/admin/risk', label: 'risk' },
  { to: '/admin/hold', label: 'hold' },
  { to: '/admin/accounting', label: 'accounting' },
  { to: '/admin/exchange-risk', label: 'exchange' },
  { to: '/admin/feed-markets', label: 'feed' },
  { to: '/admin/audit', label: 'audit' },
  { to: '/admin/cluster', label: 'cluster' },
] as const;

/** Tabs across the top on a phone, a side column on a wide screen. */
export function AdminNav({ name, onLogout }: { name: string; onLogout: () => void }) {
  const { t } = useTranslation('admin');
  const connected = useSocketConnected();
  const conn = connected ? t('nav.live') : t('nav.notLive');
  const { pathname } = useLocation();
  const mode = usePlatform().data?.moneyMode;
  return (
    <header className="app-header admin-nav">
      <div className="admin-brand">
        <span className="brand-mark" aria-hidden>
          {GEAR}
        </span>
        <span>{t('nav.brand')}</span>
        <span className={`conn-dot ${connected ? 'on' : 'off'}`} title={conn}>
          <span className="sr-only">{conn}</span>
        </span>
        {mode && (
          <span className={`status status-${mode === 'play' ? 'pending' : 'approved'}`} data-testid="money-mode">
            {t(`nav.mode.${mode}`)}
          </span>
        )}
      </div>
      <nav aria-label={t('nav.sections')} className="pill-tabs admin-tabs">
        {SECTIONS.map((s) => (
          <NavLink
            key={s.to}
            to={s.to}
            end={'end' in s ? s.end : undefined}
            className={({ isActive }) => (isActive || ('also' in s && pathname.startsWith(s.also)) ? 'active' : '')}
          >
            {t(`nav.${s.label}`)}
          </NavLink>
        ))}
      </nav>
      <div className="admin-who">
        <span className="muted small">{name}</span>
        <button type="button" className="btn btn-small btn-outline" onClick={onLogout}>
          {t('nav.logout')}
        </button>
      </div>
    </header>
  );
}
