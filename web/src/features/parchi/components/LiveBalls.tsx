import { BallByBallDialog } from '../../sports/components/BallByBall';
import { useLiveScore } from '../../sports/hooks/use-live-score';

/** The 'Ball By Ball Result' popup for the game's match: the score followed live while it is open (see `useLiveScore`). */
export function LiveBalls({ matchId, signedIn, onClose }: { matchId: number; signedIn: boolean; onClose: () => void }) {
  const live = useLiveScore(matchId, signedIn);
  return (
    <BallByBallDialog balls={live.score?.balls} pending={live.isPending} failed={live.isError} onClose={onClose} />
  );
}
