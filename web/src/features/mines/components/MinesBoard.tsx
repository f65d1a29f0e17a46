import { AnimatePresence, motion } from 'framer-motion';
import { useTranslation } from 'react-i18next';
import { formatInr } from '@/lib/money';
import type { TileFace } from '../board';
import { showMultiplier } from '../payout';
import type { Overlay } from '../state';
import { COLUMNS } from '../wire';
import { Gem, Mine } from './TileIcons';

const isMine = (f: TileFace) => f === 'boom' || f === 'mine';

interface Props {
  faces: TileFace[];
  /** Which tiles may be tapped now. */
  tappable: (tile: number) => boolean;
  onTap: (tile: number) => void;
  overlay: Overlay | null;
  status: string;
  gameId: number | null;
}

function OverlayCard({ o }: { o: Overlay }) {
  const { t } = useTranslation('mines');
  if (o.kind === 'placed') return <p className="mn-ov-title">{t('overlay.placed')}</p>;
  if (o.kind === 'won') {
    return (
      <>
        <p className="mn-ov-title">{t('overlay.won', { amount: formatInr(o.payout) })}</p>
        <p className="mn-ov-sub">{t('overlay.cashedAt', { multiplier: showMultiplier(o.multiplier) })}</p>
      </>
    );
  }
  return (
    <>
      <p className="mn-ov-title">{t('overlay.boom')}</p>
      <p className="mn-ov-sub">{t('overlay.lost', { amount: formatInr(o.stake) })}</p>
    </>
  );
}

/**
 * The 5×5 board: what the server answered, revealed with a flip; the whole board once the game is over. The
 * overlays never take a tap (they fade by themselves).
 */
export function MinesBoard({ faces, tappable, onTap, overlay, status, gameId }: Props) {
  const { t } = useTranslation('mines');
  return (
    <div className="mn-board-wrap">
      <div
        className="mn-board"
        role="group"
        aria-label={t('board.label')}
        data-testid="mines-board"
        data-status={status}
        data-game-id={gameId ?? ''}
        style={{ gridTemplateColumns: `repeat(${COLUMNS}, minmax(0, 1fr))` }}
      >
        {faces.map((face, i) => {
          const open = face !== 'hidden' && face !== 'pending';
          return (
            <button
              key={i}
              type="button"
              className={`mn-tile mn-${face}`}
              data-testid={`mines-tile-${i}`}
              data-face={face}
              aria-label={t('board.tile', { n: i + 1, face: t(`board.faces.${face}`) })}
              disabled={!tappable(i)}
              onClick={() => onTap(i)}
            >
              {open && (
                <motion.span
                  key={face}
                  className="mn-glyph"
                  aria-hidden
                  initial={{ rotateY: 90, scale: 0.5, opacity: 0 }}
                  animate={{ rotateY: 0, scale: 1, opacity: 1 }}
                  transition={{ duration: 0.28, delay: face === 'mine' || face === 'spare' ? i * 0.012 : 0 }}
                >
                  {isMine(face) ? <Mine /> : <Gem />}
                </motion.span>
              )}
            </button>
          );
        })}
      </div>
      <AnimatePresence>
        {overlay && (
          <motion.div
            key={overlay.seq}
            className={`mn-overlay mn-ov-${overlay.kind}`}
            role="status"
            data-testid={`mines-overlay-${overlay.kind}`}
            initial={{ opacity: 0, scale: 0.9 }}
            animate={{ opacity: 1, scale: 1 }}
            exit={{ opacity: 0 }}
          >
            <OverlayCard o={overlay} />
          </motion.div>
        )}
      </AnimatePresence>
    </div>
  );
}
