import { MotionConfig } from 'framer-motion';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '@/components/Modal';
import i18n from '@/i18n';
import { formatInr } from '@/lib/money';
import { useMinesHistory } from '../api/get-history';
import { clampTarget } from '../auto';
import { tileFaces } from '../board';
import { useMines } from '../hooks/use-mines';
import { multiplierBp, showMultiplier } from '../payout';
import { DEFAULT_STAKE } from '../stake';
import { canBet, canCashOut, canTap, progressOf, type Screen } from '../state';
import type { GameView } from '../wire';
import { BetControls, type Mode } from './BetControls';
import { BetList } from './BetList';
import { MinesBoard } from './MinesBoard';
import { SeedsPanel } from './SeedsPanel';
import '../mines.css';

const DEFAULT_AUTO_TILES = 3;
const SHIELD = '🛡';
/** A text of the `mines` namespace, outside a component. */
const tm = (key: string, options?: Record<string, unknown>) => i18n.t(`mines:${key}`, options);

/** The line under the board: the move in flight, the last refusal, or what a tap or Cash out would do. */
function statusText(
  s: Screen,
  game: GameView | null,
  suspended: boolean,
): { text: string; tone: 'info' | 'warn' | 'ok' } {
  if (s.busy === 'bet') return { text: tm('status.placing'), tone: 'info' };
  if (s.busy === 'reveal') return { text: tm('status.opening'), tone: 'info' };
  if (s.busy === 'cashout') return { text: tm('status.cashingOut'), tone: 'info' };
  if (s.message) return { text: s.message, tone: 'warn' };
  // Suspended: an open game plays on; otherwise say why BET is off.
  if (suspended && game?.status !== 'playing') return { text: tm('status.suspended'), tone: 'warn' };
  if (game?.status === 'won')
    return {
      text: tm('status.won', { amount: formatInr(game.payout), multiplier: showMultiplier(game.multiplier) }),
      tone: 'ok',
    };
  if (game?.status === 'lost') return { text: tm('status.lost', { amount: formatInr(game.stake) }), tone: 'warn' };
  if (game?.status === 'playing') {
    if (s.auto && s.auto.progress < 100) return { text: tm('status.autoReady'), tone: 'info' };
    if (s.auto) return { text: tm('status.autoSafe', { safe: game.safe, target: s.auto.target }), tone: 'info' };
    return game.safe === 0
      ? { text: tm('status.tapTile'), tone: 'info' }
      : { text: tm('status.cashOrTap', { amount: formatInr(game.payout) }), tone: 'info' };
  }
  return { text: tm('status.choose'), tone: 'info' };
}

/** Mines: a 5×5 board, 1–24 mines; every tile is decided by the server, the screen shows its answers. */
export function MinesPage({ userId }: { userId: string | null }) {
  const { t } = useTranslation('mines');
  const m = useMines(userId);
  const history = useMinesHistory();
  const settings = m.state.data?.settings;
  const [mode, setMode] = useState<Mode>('manual');
  const [stake, setStake] = useState(DEFAULT_STAKE);
  const [minesChoice, setMines] = useState<number | null>(null);
  const [autoTiles, setAutoTiles] = useState(DEFAULT_AUTO_TILES);
  const [fairOpen, setFairOpen] = useState(false);
  const { screen: s, game } = m;
  const playing = game?.status === 'playing';
  // A game in play shows its own mines; otherwise the player's choice (the server's default at first).
  const mines = playing ? game.mines : (minesChoice ?? settings?.defaultMines ?? 5);
  const status = statusText(s, game, m.suspended);
  const bar = progressOf(s, game);
  const edge = settings?.houseEdgeBp;
  const next =
    playing && game.nextMultiplier != null
      ? game.nextPayout != null
        ? t('next.tileAmount', { multiplier: showMultiplier(game.nextMultiplier), amount: formatInr(game.nextPayout) })
        : t('next.tile', { multiplier: showMultiplier(game.nextMultiplier) })
      : !playing && edge !== undefined
        ? t('next.first', { multiplier: showMultiplier(multiplierBp(mines, 1, edge) / 10_000) })
        : '';

  return (
    <MotionConfig reducedMotion="user">
      <div className="mn-page">
        <header className="mn-head">
          <h1>{t('title')}</h1>
          <button
            type="button"
            className="btn btn-small mn-fair-btn"
            onClick={() => setFairOpen(true)}
            data-testid="mines-fairness"
          >
            <span aria-hidden>{SHIELD}</span> {t('fairness.button')}
          </button>
        </header>
        {m.state.isError && <p className="banner-error">{t('errors.loadFailed')}</p>}
        <div className="mn-figures">
          <p className="mn-multiplier" data-testid="mines-multiplier">
            {t('multiplier', { multiplier: showMultiplier(game?.multiplier ?? 1) })}
          </p>
          <p className="mn-next" data-testid="mines-next">
            {next}
          </p>
        </div>
        <div
          className="mn-progress"
          role="progressbar"
          aria-label={bar.label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={bar.value}
          data-testid="mines-progress"
        >
          <div className="mn-progress-fill" style={{ width: `${bar.value}%` }} />
          <span className="mn-progress-label">{bar.label}</span>
        </div>
        <MinesBoard
          faces={tileFaces(game, s.pendingTile)}
          tappable={(t) => canTap(s, game, t)}
          onTap={m.tap}
          overlay={s.overlay}
          status={game?.status ?? 'none'}
          gameId={game?.gameId ?? null}
        />
        <p className={`mn-status mn-${status.tone}`} role="status" data-testid="mines-status">
          {status.text}
        </p>
        {game && game.status !== 'playing' && (
          <Link to={`/fairness?game=mines&gameId=${game.gameId}`} className="mn-verify" data-testid="mines-verify-link">
            {SHIELD} {t('verifyLink', { id: game.gameId })}
          </Link>
        )}
        <BetControls
          settings={settings}
          mode={mode}
          onMode={setMode}
          mines={mines}
          onMines={setMines}
          stake={playing ? String(game.stake) : stake}
          onStake={setStake}
          autoTiles={autoTiles}
          onAutoTiles={setAutoTiles}
          locked={playing || s.busy !== null}
          canBet={canBet(s, game, m.suspended) && !!settings}
          canCashOut={canCashOut(s, game)}
          autoRunning={!!s.auto}
          cashOutValue={playing ? game.payout : null}
          busy={s.busy !== null}
          placing={s.busy === 'bet'}
          onBet={() => m.bet(stake, mines, mode === 'auto' ? clampTarget(autoTiles, mines) : null)}
          onCashOut={m.cashOut}
          onStop={m.stopAuto}
        />
        <BetList rows={history.data} loading={history.isLoading} failed={history.isError} />
        {fairOpen && (
          <Modal title={t('fairness.title')} onClose={() => setFairOpen(false)}>
            <SeedsPanel seeds={m.state.data?.seeds} game={game} />
          </Modal>
        )}
      </div>
    </MotionConfig>
  );
}
