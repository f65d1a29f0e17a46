/**
 * Per game: settings (applied from the next round; Mines: to the games started after; Matka: to the bids placed
 * after), suspend / resume (not Matka: its markets open and close on their schedules); Aviator's caps in force and
 * fairness figures;
 * Mines' open games and held stakes. A game this console does not know shows its name and state. The games are a
 * union discriminated by `game`, so each branch below has the right shape without a guard of its own.
 */
import { useTranslation } from 'react-i18next';
import type { Game } from '../api/types';
import { useAdminGames } from '../api/games';
import { hasForm, isSuspendable, playsRounds } from '../games';
import { AviatorCapsPanel } from '../components/AviatorCaps';
import { AviatorFairness } from '../components/AviatorFairness';
import { AviatorSettingsEditor } from '../components/AviatorSettingsEditor';
import { FlagBadge } from '../components/Badges';
import { GameSuspendButton } from '../components/GameSuspendButton';
import { MatkaSettingsEditor } from '../components/MatkaSettingsEditor';
import { MinesSettingsEditor } from '../components/MinesSettingsEditor';
import { QueryState } from '../components/QueryState';
import { RoundSettingsEditor } from '../components/RoundSettingsEditor';
import { isRoundGame } from '../settings-round';
import { AdminPage } from '../components/AdminPage';

const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/**
 * The game's settings form, as its registry entry names it (games/registry.ts); none for a game this console does not
 * know (the server's newer than it). A new row (a change saved or applied) restarts the form from it.
 */
function SettingsForm({ game }: { game: Game }) {
  if (hasForm(game, 'aviator'))
    return (
      <>
        <AviatorSettingsEditor key={JSON.stringify(game.settings)} game={game} />
        {game.caps && <AviatorCapsPanel caps={game.caps} />}
        {game.fairness && <AviatorFairness f={game.fairness} />}
      </>
    );
  if (hasForm(game, 'mines')) return <MinesSettingsEditor key={JSON.stringify(game.settings)} game={game} />;
  if (hasForm(game, 'matka')) return <MatkaSettingsEditor key={JSON.stringify(game.settings)} game={game} />;
  if (isRoundGame(game)) return <RoundSettingsEditor key={JSON.stringify([game.settings, game.pending])} game={game} />;
  return null;
}

function GameCard({ game }: { game: Game }) {
  const { t } = useTranslation('adminGames');
  // A phase this console has no word for (a newer server's) shows as it came.
  const rawPhase = shown(game.phase);
  const phase = t(`admin:values.phase.${rawPhase}`, { defaultValue: rawPhase });
  return (
    <section className="card game-card" aria-labelledby={`game-${game.game}`} data-testid={`game-${game.game}`}>
      <div className="admin-head">
        <h2 id={`game-${game.game}`} className="card-title">
          {game.name || game.game}
        </h2>
        <FlagBadge on={!!game.suspended} yes={t('games.suspended')} no={t('games.running')} />
        <span className="muted small">
          {playsRounds(game) ? t('games.roundPhase', { round: shown(game.round), phase }) : phase}
        </span>
        {isSuspendable(game) && <GameSuspendButton game={game} />}
      </div>
      <SettingsForm game={game} />
    </section>
  );
}

export default function GamesScreen() {
  const { t } = useTranslation('adminGames');
  const q = useAdminGames();
  return (
    <AdminPage id="games-title" title={t('games.title')}>
      <QueryState isPending={q.isPending} error={q.data ? null : q.error} what={t('admin:what.games')} />
      {(q.data ?? [])
        .filter((g) => g && typeof g.game === 'string')
        .map((g) => (
          <GameCard key={g.game} game={g} />
        ))}
    </AdminPage>
  );
}
