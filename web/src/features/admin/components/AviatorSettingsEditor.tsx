/** Aviator's settings form: stakes in rupees, times in ms, the house edge in basis points. */
import { useState, type FormEvent } from 'react';
import { saveSettings } from '../api/games';
import type { AviatorGame, AviatorSettings } from '../api/types';
import { useGameMutation } from '../hooks/use-game-mutation';
import { pendingSummary, SETTING_FIELDS, settingsChange, showSetting, toForm, type SettingsForm } from '../settings';
import { SettingsStatus } from './SettingsStatus';

export function AviatorSettingsEditor({ game }: { game: AviatorGame }) {
  const [form, setForm] = useState<SettingsForm>(() => toForm(game.settings));
  const [problem, setProblem] = useState('');
  const { m, error } = useGameMutation((change: Partial<AviatorSettings>) => saveSettings(game.game, change), 'Saved: applies from the next round');
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
      <SettingsStatus game={game.game} pending={!!game.pending} summary={pendingSummary(game.pending, game.settings)} problem={problem || error} />
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
