/** Mines' settings form: bets and the payout cap in ₹ (sent as paise), the house edge in % (sent as basis points). */
import { useState, type FormEvent } from 'react';
import { formatInr } from '@/lib/money';
import { saveSettings } from '../api/games';
import type { MinesGame, MinesSettings } from '../api/types';
import { useGameMutation } from '../hooks/use-game-mutation';
import { MINES_FIELDS, minesSettingsChange, showMines, toMinesForm, type MinesForm } from '../settings-mines';
import { SettingsStatus } from './SettingsStatus';

export function MinesSettingsEditor({ game }: { game: MinesGame }) {
  const [form, setForm] = useState<MinesForm>(() => toMinesForm(game.settings));
  const [problem, setProblem] = useState('');
  const { m, error } = useGameMutation((change: Partial<MinesSettings>) => saveSettings(game.game, change), 'Saved: applies to games started from now on');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const r = minesSettingsChange(form, game.settings);
    if ('error' in r) return setProblem(r.error);
    setProblem('');
    if (Object.keys(r.change).length === 0) return setProblem('Nothing changed');
    m.mutate(r.change);
  };
  const open = typeof game.openGames === 'number' ? game.openGames : null;
  const held = typeof game.heldStakes === 'number' ? game.heldStakes : null;
  return (
    <form className="form admin-form" onSubmit={onSubmit} aria-label={`${game.name || 'Mines'} settings`}>
      <dl className="kv">
        <dt>Open games</dt>
        <dd data-testid="mines-open-games">{open ?? '—'}</dd>
        <dt>Held stakes</dt>
        <dd data-testid="mines-held-stakes">{held === null ? '—' : formatInr(held)}</dd>
      </dl>
      <SettingsStatus game={game.game} pending={false} summary={[]} problem={problem || error} />
      <div className="settings-grid">
        {MINES_FIELDS.map((f) => (
          <div className="field" key={f.key}>
            <label htmlFor={`${game.game}-${f.key}`}>
              {f.label} <span className="muted small">({f.unit === 'rupees' ? '₹' : '%'})</span>
            </label>
            <input id={`${game.game}-${f.key}`} inputMode="decimal" value={form[f.key]} onChange={(e) => setForm((s) => ({ ...s, [f.key]: e.target.value }))} />
            <span className="hint" data-testid={`current-${game.game}-${f.key}`}>
              in force: {showMines(f.key, game.settings)}
            </span>
          </div>
        ))}
      </div>
      <p className="hint">A game keeps the settings it started with: a change applies to the games started after it.</p>
      <button className="btn btn-primary" type="submit" disabled={m.isPending}>
        {m.isPending ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
