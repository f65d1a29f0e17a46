/** Matka's rates (× the points, sent as hundredths) and points per number (₹, sent as paise), for every market. */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatInr } from '@/lib/money';
import { saveSettings } from '../api/games';
import type { MatkaGame, MatkaSettingsChange } from '../api/types';
import { useGameMutation } from '../hooks/use-game-mutation';
import { matkaSettingsChange, RATE_FIELDS, showRate, toMatkaForm, type MatkaForm } from '../settings-matka';
import { SettingsStatus } from './SettingsStatus';

export function MatkaSettingsEditor({ game }: { game: MatkaGame }) {
  const [form, setForm] = useState<MatkaForm>(() => toMatkaForm(game.settings));
  const [problem, setProblem] = useState('');
  const { m, error } = useGameMutation((change: MatkaSettingsChange) => saveSettings(game.game, change), 'Saved: applies to the bids placed from now on');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const r = matkaSettingsChange(form, game.settings);
    if ('error' in r) return setProblem(r.error);
    setProblem('');
    if (Object.keys(r.change).length === 0) return setProblem('Nothing changed');
    m.mutate(r.change);
  };
  const set = (key: keyof MatkaForm, v: string) => setForm((s) => ({ ...s, [key]: v }));
  const points = (key: 'minPoints' | 'maxPoints') => (typeof game.settings?.[key] === 'number' ? formatInr(game.settings[key] / 100) : '—');
  return (
    <form className="form admin-form" onSubmit={onSubmit} aria-label={`${game.name || 'Matka'} settings`}>
      <p className="hint">
        Markets, draws and declarations: <Link to="/admin/matka">Matka markets</Link>.
      </p>
      <SettingsStatus game={game.game} pending={false} summary={[]} problem={problem || error} />
      <div className="settings-grid">
        {RATE_FIELDS.map((f) => (
          <div className="field" key={f.key}>
            <label htmlFor={`matka-${f.key}`}>
              {f.label} <span className="muted small">(×)</span>
            </label>
            <input id={`matka-${f.key}`} inputMode="decimal" value={form[f.key]} onChange={(e) => set(f.key, e.target.value)} />
            <span className="hint" data-testid={`current-matka-${f.key}`}>
              in force: {showRate(f, game.settings?.rates?.[f.key])}
            </span>
          </div>
        ))}
        {(['minPoints', 'maxPoints'] as const).map((key) => (
          <div className="field" key={key}>
            <label htmlFor={`matka-${key}`}>
              {key === 'minPoints' ? 'Min points per number' : 'Max points per number'} <span className="muted small">(₹)</span>
            </label>
            <input id={`matka-${key}`} inputMode="numeric" value={form[key]} onChange={(e) => set(key, e.target.value)} />
            <span className="hint" data-testid={`current-matka-${key}`}>
              in force: {points(key)}
            </span>
          </div>
        ))}
      </div>
      <p className="hint">A bid keeps the rate it was taken at: a change applies to the bids placed after it.</p>
      <button className="btn btn-primary" type="submit" disabled={m.isPending}>
        {m.isPending ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
