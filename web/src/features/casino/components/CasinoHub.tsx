import { Link, NavLink, useLocation } from 'react-router';
import { CasinoTiles } from './CasinoTiles';

const TABS = [
  { label: 'All Games', to: '/casino' },
  { label: 'Slots', to: '/casino/slots' },
  { label: 'Live Casino', to: '/casino/live' },
  { label: 'Aviator', to: '/casino/aviator' },
  { label: 'Titli Par', to: '/casino/fun-games' },
  { label: 'Andar Bahar', to: '/casino/andar-bahar' },
  { label: 'Mines', to: '/casino/mines' },
  { label: 'Color Prediction', to: '/casino/color-prediction' },
];

interface Info {
  title: string;
  text: string;
  to?: string;
  colors: [string, string];
  glyph: string;
}

const INFO: Record<string, Info> = {
  aviator: {
    title: 'Aviator',
    text: 'A multiplier game: the plane climbs and the multiplier grows — cash out before the plane flies away.',
    to: '/casino/aviator',
    colors: ['#e0112b', '#ff7a18'],
    glyph: '✈',
  },
  mines: {
    title: 'Mines',
    text: 'Uncover grid tiles while avoiding the mines. Fewer mines means a lower payout.',
    to: '/casino/mines',
    colors: ['#f7971e', '#ffd200'],
    glyph: '✹',
  },
  'fun-games': {
    title: 'Titli Par',
    text: 'Twelve pictures, one wins each round: put an amount on as many pictures as you like; the winner pays 10x.',
    to: '/casino/fun-games',
    colors: ['#7b2ff7', '#f107a3'],
    glyph: '❀',
  },
  'andar-bahar': {
    title: 'Andar Bahar',
    text: 'A joker is turned up, then cards are dealt Andar and Bahar until one matches its rank. Andar pays 1.9x, Bahar 2x.',
    to: '/casino/andar-bahar',
    colors: ['#0f5132', '#2ea36b'],
    glyph: '♥',
  },
  'color-prediction': {
    title: 'Color Prediction',
    text: 'Choose red, green or blue: the drawn colour pays 2.9x your stake.',
    to: '/casino/color-prediction',
    colors: ['#11998e', '#38ef7d'],
    glyph: '◉',
  },
};

function InfoCard({ info }: { info: Info }) {
  return (
    <article className="info-card">
      <div className="info-art" style={{ background: `linear-gradient(135deg, ${info.colors[0]}, ${info.colors[1]})` }} aria-hidden>
        {info.glyph}
      </div>
      <h3>{info.title}</h3>
      <p>{info.text}</p>
      {info.to ? (
        <Link to={info.to} className="btn btn-primary">
          PLAY NOW
        </Link>
      ) : (
        <button type="button" className="btn" disabled>
          Coming soon
        </button>
      )}
    </article>
  );
}

/** Casino hub: tabs; game-specific tabs show their info card (the built games' tabs open the game), the others the game list. */
export function CasinoHub() {
  const { pathname } = useLocation();
  const key = pathname.split('/')[2] ?? '';
  const info = INFO[key];
  return (
    <div className="page">
      <nav className="casino-tabs" aria-label="Casino">
        {TABS.map((t) => (
          <NavLink key={t.to} to={t.to} end>
            {t.label}
          </NavLink>
        ))}
      </nav>
      {info ? (
        <InfoCard info={info} />
      ) : (
        <>
          <CasinoTiles />
          <Link to="/fairness" className="fair-hub-link" data-testid="hub-fairness">
            🛡 Provably fair: check any Titli Par, Andar Bahar, Color Prediction round or Mines game
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
