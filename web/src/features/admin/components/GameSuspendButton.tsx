import { useTranslation } from 'react-i18next';
import { setSuspended } from '../api/games';
import type { SuspendableGame } from '../api/types';
import { playsRounds } from '../games';
import { useGameMutation } from '../hooks/use-game-mutation';
import { ChangeButton } from './ChangeButton';

/** Suspend: the round in play finishes and no new one opens (a round table takes no more bets; Mines starts no new game); resume. */
export function GameSuspendButton({ game }: { game: SuspendableGame }) {
  const { t } = useTranslation('adminGames');
  const stopped = playsRounds(game) ? t('games.suspendedRound') : t('games.suspendedMines');
  const { m, error } = useGameMutation(
    (s: boolean) => setSuspended(game.game, s),
    game.suspended ? t('games.resumed') : stopped,
  );
  return (
    <ChangeButton
      tone={game.suspended ? 'btn-deposit' : 'btn-outline'}
      pending={m.isPending}
      onClick={() => m.mutate(!game.suspended)}
      error={error}
    >
      {game.suspended ? t('games.resume') : t('games.suspend')}
    </ChangeButton>
  );
}
