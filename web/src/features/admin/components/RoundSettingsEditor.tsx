/** A round game's settings form (Titli Par, Andar Bahar, Color Prediction): payouts as ×, times in seconds, stakes in ₹. */
import { useState, type FormEvent } from 'react';
import { saveSettings } from '../api/games';
import type { RoundGame, RoundSettingsChange } from '../api/types';
import { useGameMutation } from '../hooks/use-game-mutation';
import { readField, roundFields, roundPendingSummary, roundSettingsChange, showRoundValue, toRoundForm, unitLabel, type RoundForm } from '../settings-round';
import { SettingsStatus } from './SettingsStatus';

export function RoundSettingsEditor({ game }: { game: RoundGame }) {
  const fields = roundFields(game.game);
  // The form edits what the next round will use: the server merges a change onto the pending settings, if any.
  const base = game.pending ?? game.settings;
  const [form, setForm] = useState<RoundForm>(() => toRoundForm(fields, base));
  const [problem, setProblem] = useState('');
  const { m, error } = useGameMutation((change: RoundSettingsChange) => saveSettings(game.game, change), 'Saved: applies from the next round');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const r = roundSettingsChange(fields, form, base);
    if ('error' in r) return setProblem(r.error);
    setProblem('');
    if (Object.keys(r.change).length === 0) return setProblem('Nothing changed');
    m.mutate(r.change);
  };
  return (
    <form className="form admin-form" onSubmit={onSubmit} aria-label={`${game.name} settings`}>
      <SettingsStatus game={game.game} pending={!!game.pending} summary={roundPendingSummary(fields, game.pending, game.settings)} problem={problem || error} />
      <div className="settings-grid">
        {fields.map((f) => {
          const id = `${game.game}-${f.id.replace('.', '-')}`;
          return (
            <div className="field" key={f.id}>
              <label htmlFor={id}>
                {f.label} <span className="muted small">({unitLabel(f.unit)})</span>
              </label>
              <input id={id} inputMode={f.unit === 'count' ? 'numeric' : 'decimal'} value={form[f.id] ?? ''} onChange={(e) => setForm((s) => ({ ...s, [f.id]: e.target.value }))} />
              <span className="hint" data-testid={`current-${id}`}>
                in force: {showRoundValue(f, readField(game.settings, f))}
              </span>
            </div>
          );
        })}
      </div>
      <p className="hint">A payout includes the stake: 2.90× returns ₹290 on a ₹100 pick. Stake limits are per pick.</p>
      <button className="btn btn-primary" type="submit" disabled={m.isPending}>
        {m.isPending ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
