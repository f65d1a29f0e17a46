import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { SIDEBAR_SPORTS } from '@/config/constants';
import { CASINO_SIDEBAR } from '@/config/games';
import { formatInr } from '@/lib/money';

interface Props {
  open: boolean;
  onClose: () => void;
  username: string;
  balance: number | undefined;
  userNo: string | undefined;
  /** Operators see a link to their console. */
  operator?: boolean;
  /** Matches in play by sport id; a sport missing or at 0 shows no badge. */
  liveCounts?: Record<string, number>;
  onLogout: () => void;
}

function Section({ title, children, initiallyOpen }: { title: string; children: ReactNode; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <section className="side-section">
      <button type="button" className="side-section-head" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {title}
        <span aria-hidden>{open ? '−' : '+'}</span>
      </button>
      {open && <div className="side-links">{children}</div>}
    </section>
  );
}

function LiveCount({ n }: { n: number | undefined }) {
  if (!n || n <= 0) return null;
  return (
    <span className="side-live" data-testid="sport-live-count">
      {n} live
    </span>
  );
}

export function Sidebar({ open, onClose, username, balance, userNo, operator, liveCounts, onLogout }: Props) {
  return (
    <>
      {open && <div className="side-backdrop" onClick={onClose} />}
      <aside className={`sidebar ${open ? 'open' : ''}`} aria-hidden={!open} onClick={(e) => (e.target as HTMLElement).closest('a') && onClose()}>
        <div className="side-user">
          <div className="side-user-head">
            <span className="side-username">{username}</span>
            <button type="button" className="icon-btn" aria-label="Close menu" onClick={onClose}>
              ×
            </button>
          </div>
          <div>
            Balance <b>{formatInr(balance)}</b>
          </div>
          <div>ID: {userNo || 'N/A'}</div>
          {operator && (
            <NavLink to="/admin" className="btn btn-small">
              Operators&apos; console
            </NavLink>
          )}
          <button type="button" className="btn btn-small btn-outline" onClick={onLogout}>
            Logout
          </button>
        </div>
        <Section title="Sports" initiallyOpen>
          {SIDEBAR_SPORTS.map((s) => (
            <NavLink key={s.id} to={`/sport/${s.id}`}>
              {s.name}
              <LiveCount n={liveCounts?.[s.id]} />
            </NavLink>
          ))}
        </Section>
        <Section title="Casino" initiallyOpen>
          {CASINO_SIDEBAR.map((g) =>
            g.ready ? (
              <NavLink key={g.to} to={g.to} end>
                {g.title}
              </NavLink>
            ) : (
              <span key={g.to} className="disabled-link" aria-disabled="true">
                {g.title} <em>Coming soon</em>
              </span>
            ),
          )}
        </Section>
        <Section title="My Account" initiallyOpen={false}>
          <NavLink to="/account/profile">Profile</NavLink>
          <NavLink to="/history">My Bets</NavLink>
          <NavLink to="/account/transactions">Transactions</NavLink>
          <NavLink to="/account/settings">Settings</NavLink>
        </Section>
      </aside>
    </>
  );
}
