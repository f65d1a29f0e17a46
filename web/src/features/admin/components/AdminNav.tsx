import { NavLink, useLocation } from 'react-router';
import { useSocketConnected } from '@/lib/use-socket-status';

const SECTIONS = [
  { to: '/admin', label: 'Live actors', end: true, also: '/admin/actors' },
  { to: '/admin/money', label: 'Money' },
  { to: '/admin/games', label: 'Games' },
  { to: '/admin/matka', label: 'Matka' },
  { to: '/admin/risk', label: 'Risk' },
  { to: '/admin/audit', label: 'Audit' },
  { to: '/admin/cluster', label: 'Cluster' },
];

/** Tabs across the top on a phone, a side column on a wide screen. */
export function AdminNav({ name, onLogout }: { name: string; onLogout: () => void }) {
  const connected = useSocketConnected();
  const { pathname } = useLocation();
  return (
    <header className="admin-nav">
      <div className="admin-brand">
        <span className="brand-mark" aria-hidden>
          ⚙
        </span>
        <span>Console</span>
        <span className={`conn-dot ${connected ? 'on' : 'off'}`} title={connected ? 'Live connection' : 'No live connection'}>
          <span className="sr-only">{connected ? 'Live connection' : 'No live connection'}</span>
        </span>
      </div>
      <nav aria-label="Console sections" className="admin-tabs">
        {SECTIONS.map((s) => (
          <NavLink
            key={s.to}
            to={s.to}
            end={s.end}
            className={({ isActive }) => (isActive || (s.also !== undefined && pathname.startsWith(s.also)) ? 'active' : '')}
          >
            {s.label}
          </NavLink>
        ))}
      </nav>
      <div className="admin-who">
        <span className="muted small">{name}</span>
        <button type="button" className="btn btn-small btn-outline" onClick={onLogout}>
          Logout
        </button>
      </div>
    </header>
  );
}
