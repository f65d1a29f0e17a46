import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CASINO_TILES, type GameEntry } from '@/config/games';

/** A tile: its art, the game's name (a name, never translated) and PLAY / Coming soon. */
function TileFace({ g }: { g: GameEntry }) {
  const { t } = useTranslation('casino');
  return (
    <>
      <span
        className="tile-art"
        style={{ background: `linear-gradient(135deg, ${g.colors[0]}, ${g.colors[1]})` }}
        aria-hidden
      >
        {g.glyph}
      </span>
      <span className="tile-title">{g.title}</span>
      <span className="tile-overlay">{g.ready ? t('play') : t('comingSoon')}</span>
    </>
  );
}

/** Tittli Patta, Aviator, Andar Bahar, Color Prediction, Matka, Aar Par Parchi, Mines — only built games link anywhere. */
export function CasinoTiles() {
  return (
    <div className="tiles">
      {CASINO_TILES.map((g) =>
        g.ready ? (
          <Link key={g.key} to={g.to} className="tile" data-testid={`tile-${g.key}`}>
            <TileFace g={g} />
          </Link>
        ) : (
          <div key={g.key} className="tile tile-disabled" aria-disabled="true" data-testid={`tile-${g.key}`}>
            <TileFace g={g} />
          </div>
        ),
      )}
    </div>
  );
}
