import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gamesWith, type GameWith } from '@/games/registry';

/** The lobby's tiles: every game with a tile (games/registry.ts), in the tiles' order. */
const TILES = gamesWith('tile', (g) => g.tile.order);

/** A tile: its art, the game's name (a name, never translated) and PLAY. */
function TileFace({ g }: { g: GameWith<'tile'> }) {
  const { t } = useTranslation('casino');
  return (
    <>
      <span
        className="tile-art"
        style={{ background: `linear-gradient(135deg, ${g.art.colors[0]}, ${g.art.colors[1]})` }}
        aria-hidden
      >
        {g.art.glyph}
      </span>
      <span className="tile-title">{g.tileName ?? g.name}</span>
      <span className="tile-overlay">{t('play')}</span>
    </>
  );
}

/** Tittli Patta, Aviator, Andar Bahar, Color Prediction, Matka, Aar Par Parchi, Mines: each opens its game. */
export function CasinoTiles() {
  return (
    <div className="tiles">
      {TILES.map((g) => (
        <Link key={g.tile.id} to={g.path} className="tile" data-testid={`tile-${g.tile.id}`}>
          <TileFace g={g} />
        </Link>
      ))}
    </div>
  );
}
