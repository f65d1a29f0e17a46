/** Per game: settings (applied from the next round), suspend / resume, fairness figures. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { formatCount } from '../actors';
import { saveSettings, setSuspended, useAdminGames } from '../api/games';
import { adminKeys } from '../api/keys';
import type { Game } from '../api/types';
import { FlagBadge } from '../components/Badges';
import { QueryState } from '../components/QueryState';
import { pendingSummary, SETTING_FIELDS, settingsChange, showSetting, toForm, type SettingsForm } from '../settings';

/** Put a changed game into the cached list at once (the 2 s refresh confirms it). */
function useGameMutation<V>(fn: (v: V) => Promise<{ game: Game }>, done: string) {
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const m = useMutation({
    mutationFn: fn,
    onMutate: () => setError(''),
    onSuccess: (r) => {
      if (r?.game) queryClient.setQueryData<{ games: Game[] }>(adminKeys.games(), (old) => (old ? { games: old.games.map((g) => (g.game === r.game.game ? r.game : g)) } : old));
      toast(done, 'success');
    },
    onError: (err) => setError(errorMessage(err, 'The change was refused.')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.games() }),
  });
  return { m, error };
}

function SettingsEditor({ game }: { game: Game }) {
  const [form, setForm] = useState<SettingsForm>(() => toForm(game.settings));
  const [problem, setProblem] = useState('');
  const { m, error } = useGameMutation((change: Partial<Game['settings']>) => saveSettings(game.game, change), 'Saved: applies from the next round');
  const pending = pendingSummary(game.pending, game.settings);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const r = settingsChange(form, game.settings);
    if ('error' in r) return setProblem(r.error);
    setProblem('');
    if (Object.keys(r.change).length === 0) return setProblem('Nothing changed');
    m.mutate(r.change);
  };
  return (
    <form className="form admin-form" onSubmit={onSubmit} aria-label={`${game.name} settings`}>
      {game.pending && (
        <p className="form-info" role="status" data-testid={`pending-${game.game}`}>
          <b>Pending — applies from the next round</b>
          {pending.length > 0 && <>: {pending.join(', ')}</>}
        </p>
      )}
      {(problem || error) && (
        <p className="form-error" role="alert">
          {problem || error}
        </p>
      )}
      <div className="settings-grid">
        {SETTING_FIELDS.map((f) => (
          <div className="field" key={f.key}>
            <label htmlFor={`${game.game}-${f.key}`}>
              {f.label} <span className="muted small">({f.unit === 'rupees' ? '₹' : f.unit})</span>
            </label>
            <input
              id={`${game.game}-${f.key}`}
              inputMode={f.unit === 'rupees' ? 'decimal' : 'numeric'}
              value={form[f.key]}
              onChange={(e) => setForm((s) => ({ ...s, [f.key]: e.target.value }))}
            />
            <span className="hint" data-testid={`current-${game.game}-${f.key}`}>
              in force: {showSetting(f.key, game.settings[f.key])}
            </span>
          </div>
        ))}
      </div>
      <p className="hint">The house edge applies from the next hash chain: crash points are committed in advance.</p>
      <button className="btn btn-primary" type="submit" disabled={m.isPending}>
        {m.isPending ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}

function SuspendButton({ game }: { game: Game }) {
  const { m, error } = useGameMutation((s: boolean) => setSuspended(game.game, s), game.suspended ? 'Resumed' : 'Suspended: the round in play finishes, no new one opens');
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

function GameCard({ game }: { game: Game }) {
  const f = game.fairness;
  return (
    <section className="card game-card" aria-labelledby={`game-${game.game}`} data-testid={`game-${game.game}`}>
      <div className="admin-head">
        <h2 id={`game-${game.game}`} className="card-title">
          {game.name}
        </h2>
        <FlagBadge on={game.suspended} yes="Suspended" no="Running" />
        <span className="muted small">
          round {game.round === null ? '—' : String(game.round)} · {game.phase ?? '—'}
        </span>
        <SuspendButton game={game} />
      </div>
      <SettingsEditor key={JSON.stringify(game.settings)} game={game} />
      {f && (
        <div className="fairness">
          <h3 className="card-title">Fairness</h3>
          <dl className="kv kv-wide">
            <dt>Chain starts at round</dt>
            <dd>{String(f.chainFirstRound)}</dd>
            <dt>Chain length</dt>
            <dd>{formatCount(f.chainLength)}</dd>
            <dt>Rounds left in chain</dt>
            <dd>{formatCount(f.roundsLeft)}</dd>
            <dt>Next chain committed</dt>
            <dd>{f.nextChainCommitted ? 'yes' : 'no'}</dd>
            <dt>Edge of this chain</dt>
            <dd>{showSetting('houseEdgeBp', f.houseEdgeBp)}</dd>
          </dl>
        </div>
      )}
    </section>
  );
}

export default function GamesScreen() {
  const q = useAdminGames();
  return (
    <section className="admin-page" aria-labelledby="games-title">
      <div className="admin-head">
        <h1 id="games-title" className="page-title">
          Games
        </h1>
      </div>
      <QueryState isPending={q.isPending} error={q.data ? null : q.error} what="Games" />
      {(q.data ?? []).map((g) => (
        <GameCard key={g.game} game={g} />
      ))}
    </section>
  );
}
