import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { CasinoTiles } from './CasinoTiles';

/** The hub's tabs: `casino:tabs.<key>`. */
const TABS = [
  { key: 'allGames', to: '/casino' },
  { key: 'slots', to: '/casino/slots' },
  { key: 'liveCasino', to: '/casino/live' },
  { key: 'aviator', to: '/casino/aviator' },
  { key: 'titliPar', to: '/casino/fun-games' },
  { key: 'andarBahar', to: '/casino/andar-bahar' },
  { key: 'mines', to: '/casino/mines' },
  { key: 'colorPrediction', to: '/casino/color-prediction' },
];

interface Info {
  /** Its title is `casino:tabs.<key>`, its text `casino:info.<key>`. */
  key: string;
  to?: string;
  colors: [string, string];
  glyph: string;
}

/** By the path's second segment (`/casino/<segment>`). */
const INFO: Record<string, Info> = {
  aviator: { key: 'aviator', to: '/casino/aviator', colors: ['#e0112b', '#ff7a18'], glyph: '✈' },
  mines: { key: 'mines', to: '/casino/mines', colors: ['#f7971e', '#ffd200'], glyph: '✹' },
  'fun-games': { key: 'titliPar', to: '/casino/fun-games', colors: ['#7b2ff7', '#f107a3'], glyph: '❀' },
  'andar-bahar': { key: 'andarBahar', to: '/casino/andar-bahar', colors: ['#0f5132', '#2ea36b'], glyph: '♥' },
  'color-prediction': {
    key: 'colorPrediction',
    to: '/casino/color-prediction',
    colors: ['#11998e', '#38ef7d'],
    glyph: '◉',
  },
};

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
      {info.to ? (
        <Link to={info.to} className="btn btn-primary">
          {t('playNow')}
        </Link>
      ) : (
        <button type="button" className="btn" disabled>
          {t('comingSoon')}
        </button>
      )}
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
      <nav className="casino-tabs" aria-label={t('navLabel')}>
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
            {Object.entries(INFO).map(([k, v]) => (
              <InfoCard key={k} info={v} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
