/**
 * `/cricket2/games/{Livematch}` (public): the match's title, its live score frame, the three cards with their
 * players, runs and plays, the status line, the countdown to the first ball (when plays close) or "Plays closed",
 * Play (a visitor is sent to log in and brought back), the play dialog, the message overlay and the winners. A game
 * whose cards were not all filled at the first ball says it is void and every stake returned. Signed in, the board
 * follows the match's socket room; a visitor's board is polled every 2 s.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Loading } from '@/components/Loading';
import { loginState } from '@/features/auth/return-to';
import { useWallet, walletQueryKey } from '@/lib/wallet';
import { BallByBallButton } from '../../sports/components/BallByBall';
import { ScoreFrame } from '../../sports/components/ScoreFrame';
import { useOverlay } from '@/lib/use-overlay';
import { useBoard } from '../api/get-board';
import { useEntries } from '../api/get-entries';
import { useMatchStart } from '../api/get-start';
import { useBoardRoom } from '../hooks/use-board-room';
import { usePlay } from '../hooks/use-play';
import { gameState, LIST_PATH, matchKey } from '../paths';
import { isWinner, statusLine, winners } from '../rules';
import type { ParchiCard } from '../api/types';
import { CardTile } from './CardTile';
import { LiveBalls } from './LiveBalls';
import { MessageOverlay } from '@/components/MessageOverlay';
import { PlayDialog } from './PlayDialog';
import { PlaysClock } from './PlaysClock';
import { WinnersTable } from './WinnersTable';
import '../parchi.css';

/** `userId`: the signed-in player's; `null` for a visitor. */
export function ParchiGamePage({ userId }: { userId: string | null }) {
  const { t } = useTranslation('parchi');
  const { Livematch = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const nav = gameState(location.state);
  const match = matchKey(Livematch, nav);
  const signedIn = userId !== null;

  useBoardRoom(match, signedIn);
  const q = useBoard(match, signedIn);
  const board = q.data ?? undefined;
  const entries = useEntries(match, board?.status);
  const wallet = useWallet(userId);
  const start = useMatchStart(board?.matchId, board?.playsOpen === true);
  const qc = useQueryClient();
  const status = board?.status as string | undefined;
  // A void or settled game has moved the player's money: the header's wallet is asked again at once.
  useEffect(() => {
    if (signedIn && (status === 'void' || status === 'finished' || status === 'abandoned'))
      void qc.invalidateQueries({ queryKey: walletQueryKey(userId) });
  }, [qc, signedIn, status, userId]);
  const { overlay, show } = useOverlay();
  const [playing, setPlaying] = useState<number | null>(null);
  const { play, pending } = usePlay(userId, match, {
    onPlayed: (message) => {
      setPlaying(null);
      show('success', message);
    },
    onFailed: (message) => show('error', message),
  });

  const title = board?.matchName || nav?.matchName || Livematch;
  const frame = board?.scoreIframe || nav?.scoreIframe || '';
  const card = board?.cards.find((c) => c.card === playing);

  const onPlay = (c: ParchiCard) => {
    // The login screen brings the visitor back here, navigation state and all.
    if (!signedIn) return navigate('/login', { state: loginState(location) });
    setPlaying(c.card);
  };

  return (
    <div className="page pc-page" data-testid="parchi-game">
      <Link to={LIST_PATH} className="pc-back">
        {t('game.back')}
      </Link>
      <h1 className="page-title pc-title" data-testid="parchi-title">
        {title}
      </h1>
      <ScoreFrame src={frame} matchName={title} />
      {board && (
        <div className="pc-balls">
          <BallByBallButton
            dialog={(close) => <LiveBalls matchId={board.matchId} signedIn={signedIn} onClose={close} />}
          />
        </div>
      )}
      {q.isPending && <Loading />}
      {q.data === null && (
        <p className="empty" data-testid="parchi-missing">
          {t('game.missing')}
        </p>
      )}
      {q.isError && !board && (
        <p className="banner-error" role="alert">
          {t('game.loadFailed')}
        </p>
      )}
      {board && (
        <>
          <StatusLine board={board} />
          <PlaysClock board={board} startsAt={start.data} />
          <div className="pc-cards">
            {board.cards.slice(0, 3).map((c) => (
              <CardTile
                key={c._id}
                card={c}
                winner={isWinner(board, c)}
                playsOpen={board.playsOpen}
                onPlay={() => onPlay(c)}
              />
            ))}
          </div>
          <WinnersTable rows={winners(entries.data)} />
        </>
      )}
      {board && card && (
        <PlayDialog
          key={card._id}
          match={match}
          board={board}
          card={card}
          balance={wallet.data?.balance}
          pending={pending}
          onSubmit={play}
          onRefused={(message) => show('error', message)}
          onClose={() => setPlaying(null)}
        />
      )}
      <MessageOverlay overlay={overlay} testId="parchi-overlay" />
    </div>
  );
}

function StatusLine({ board }: { board: Parameters<typeof statusLine>[0] }) {
  const { text, tone } = statusLine(board);
  return (
    <p className={`pc-status pc-status-${tone}`} data-testid="parchi-status" data-status={board.status}>
      {text}
    </p>
  );
}
