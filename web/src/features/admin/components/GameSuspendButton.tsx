import { setSuspended } from '../api/games';
import type { SuspendableGame } from '../api/types';
import { useGameMutation } from '../hooks/use-game-mutation';

/** Suspend: the round in play finishes and no new one opens (a round table takes no more bets; Mines starts no new game); resume. */
export function GameSuspendButton({ game }: { game: SuspendableGame }) {
  const stopped = game.game === 'mines' ? 'Suspended: open games play on, no new game starts' : 'Suspended: the round in play finishes, no new one opens';
  const { m, error } = useGameMutation((s: boolean) => setSuspended(game.game, s), game.suspended ? 'Resumed' : stopped);
  return (
    <div>
      <button type="button" className={`btn btn-small ${game.suspended ? 'btn-deposit' : 'btn-outline'}`} disabled={m.isPending} onClick={() => m.mutate(!game.suspended)}>
        {m.isPending ? 'Saving…' : game.suspended ? 'Resume' : 'Suspend'}
      </button>
      {error && (
        <p className="decision-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
