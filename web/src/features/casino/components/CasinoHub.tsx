import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { gamesWith } from '@/games/registry';
import { CasinoTiles } from './CasinoTiles';

/** The hub's own tabs (`casino:tabs.<key>`), before the games'. */
const HUB_TABS = [
  { key: 'allGames', to: '/casino' },
  { key: 'slots', to: '/casino/slots' },
  { key: 'liveCasino', to: '/casino/live' },
];

/** Every tab: the hub's, then each game with a hub block (games/registry.ts), in the tabs' order. */
const TABS = [...HUB_TABS, ...gamesWith('hub', (g) => g.hub.tab).map((g) => ({ key: g.hub.key, to: g.path }))];

interface Info {
  /** Its title is `casino:tabs.<key>`, its text `casino:info.<key>`. */
  key: string;
  to: string;
  colors: readonly [string, string];
  glyph: string;
}

/** The games' info cards, in the cards' order. */
const CARDS: Info[] = gamesWith('hub', (g) => g.hub.card).map((g) => ({
  key: g.hub.key,
  to: g.path,
  colors: g.art.colors,
  glyph: g.art.glyph,
}));

/** A game's card by its path's second segment (`/casino/<segment>`). */
const INFO: Record<string, Info> = Object.fromEntries(CARDS.map((c) => [c.to.split('/')[2] ?? '', c]));

function InfoCard({ info }: { info: Info }) {
  const { t } = useTranslation('casino');
  return (
    <article className="info-card">
      <div
        className="info-art"
        style={{ background: `linear-gradient(135deg, ${info.colors[0]}, ${info.colors[1]})` }}
        aria-hidden
      >
        {info.glyph}
      </div>
      <h3>{t(`tabs.${info.key}`)}</h3>
      <p>{t(`info.${info.key}`)}</p>
      <Link to={info.to} className="btn btn-primary">
        {t('playNow')}
      </Link>
    </article>
  );
}

/** Casino hub: tabs; game-specific tabs show their info card (the built games' tabs open the game), the others the game list. */
export function CasinoHub() {
  const { t } = useTranslation('casino');
  const { pathname } = useLocation();
  const key = pathname.split('/')[2] ?? '';
  const info = INFO[key];
  return (
    <div className="page">
      <nav className="pill-tabs" aria-label={t('navLabel')}>
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end>
            {t(`tabs.${tab.key}`)}
          </NavLink>
        ))}
      </nav>
      {info ? (
        <InfoCard info={info} />
      ) : (
        <>
          <CasinoTiles />
          <Link to="/fairness" className="fair-hub-link" data-testid="hub-fairness">
            {t('fairnessLink')}
          </Link>
          <div className="info-grid">
            {CARDS.map((c) => (
              <InfoCard key={c.key} info={c} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
