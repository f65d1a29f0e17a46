import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { SIDEBAR_SPORTS } from '@/config/constants';
import { gamesWith } from '@/games/registry';
import { formatInr } from '@/lib/money';
import { SECTION_GLYPH } from '../brand';

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
  /** Play mode: no Transactions and no Identity (there are no deposits or withdrawals). */
  play?: boolean;
  onLogout: () => void;
}

/** The sports' names by id (`shell:sidebar.sportNames`); an id not listed shows the catalogue's name. */
const SPORT_KEYS: Record<string, string> = {
  '4': 'cricket',
  '1': 'football',
  '2': 'tennis',
  '7522': 'basketball',
  '998917': 'volleyball',
};

/** The Casino section's games (games/registry.ts), by name (a name, never translated), in the sidebar's order. */
const CASINO_GAMES = gamesWith('sidebar', (g) => g.sidebar.order);

/** The Casino section's other links, after the games (`shell:sidebar.casinoLinks.<key>`). */
const CASINO_LINKS = [
  { to: '/fairness', key: 'provablyFair' },
  { to: '/casino', key: 'allCasino' },
  { to: '/casino/slots', key: 'slots' },
  { to: '/casino/live-casino', key: 'liveCasino' },
  { to: '/casino/table-games', key: 'tableGames' },
  { to: '/casino/jackpots', key: 'jackpots' },
];

function Section({ title, children, initiallyOpen }: { title: string; children: ReactNode; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <section className="side-section">
      <button type="button" className="side-section-head" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {title}
        <span aria-hidden>{open ? SECTION_GLYPH.open : SECTION_GLYPH.closed}</span>
      </button>
      {open && <div className="side-links">{children}</div>}
    </section>
  );
}

function LiveCount({ n }: { n: number | undefined }) {
  const { t } = useTranslation('shell');
  if (!n || n <= 0) return null;
  return (
    <span className="side-live" data-testid="sport-live-count">
      {t('sidebar.liveCount', { count: n })}
    </span>
  );
}

export function Sidebar({ open, onClose, username, balance, userNo, operator, liveCounts, play, onLogout }: Props) {
  const { t } = useTranslation('shell');
  const sportName = (id: string, name: string) => (SPORT_KEYS[id] ? t(`sidebar.sportNames.${SPORT_KEYS[id]}`) : name);
  return (
    <>
      {open && <div className="side-backdrop" onClick={onClose} />}
      <aside
        className={`sidebar ${open ? 'open' : ''}`}
        aria-hidden={!open}
        onClick={(e) => (e.target as HTMLElement).closest('a') && onClose()}
      >
        <div className="side-user">
          <div className="side-user-head">
            <span className="side-username">{username}</span>
            <button type="button" className="icon-btn" aria-label={t('sidebar.closeMenu')} onClick={onClose}>
              ×
            </button>
          </div>
          <div>
            {t('sidebar.balance')} <b>{formatInr(balance)}</b>
          </div>
          <div>{t('sidebar.id', { id: userNo || t('common:notAvailable') })}</div>
          {operator && (
            <NavLink to="/admin" className="btn btn-small">
              {t('sidebar.console')}
            </NavLink>
          )}
          <button type="button" className="btn btn-small btn-outline" onClick={onLogout}>
            {t('common:logout')}
          </button>
        </div>
        <Section title={t('sidebar.sports')} initiallyOpen>
          {SIDEBAR_SPORTS.map((s) => (
            <NavLink key={s.id} to={`/sport/${s.id}`}>
              {sportName(s.id, s.name)}
              <LiveCount n={liveCounts?.[s.id]} />
            </NavLink>
          ))}
        </Section>
        <Section title={t('sidebar.casino')} initiallyOpen>
          {CASINO_GAMES.map((g) => (
            <NavLink key={g.path} to={g.path} end>
              {g.tileName ?? g.name}
            </NavLink>
          ))}
          {CASINO_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end>
              {t(`sidebar.casinoLinks.${l.key}`)}
            </NavLink>
          ))}
        </Section>
        <Section title={t('sidebar.myAccount')} initiallyOpen={false}>
          <NavLink to="/account/profile">{t('sidebar.profile')}</NavLink>
          <NavLink to="/history">{t('sidebar.myBets')}</NavLink>
          {!play && <NavLink to="/account/transactions">{t('sidebar.transactions')}</NavLink>}
          {!play && <NavLink to="/account/identity">{t('sidebar.identity')}</NavLink>}
          <NavLink to="/account/settings">{t('sidebar.settings')}</NavLink>
        </Section>
      </aside>
    </>
  );
}
