/** Mines' settings form: bets and the payout cap in ₹ (sent as paise), the house edge in % (sent as basis points). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInr } from '@/lib/money';
import { saveSettings } from '../api/games';
import type { MinesGame, MinesSettings } from '../api/types';
import { useGameMutation } from '../hooks/use-game-mutation';
import {
  MINES_FIELDS,
  minesLabel,
  minesSettingsChange,
  showMines,
  toMinesForm,
  type MinesForm,
} from '../settings-mines';
import { SettingsStatus } from './SettingsStatus';

export function MinesSettingsEditor({ game }: { game: MinesGame }) {
  const { t } = useTranslation('adminGames');
  const [form, setForm] = useState<MinesForm>(() => toMinesForm(game.settings));
  const [problem, setProblem] = useState('');
  const { m, error } = useGameMutation(
    (change: Partial<MinesSettings>) => saveSettings(game.game, change),
    t('games.mines.saved'),
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const r = minesSettingsChange(form, game.settings);
    if ('error' in r) return setProblem(r.error);
    setProblem('');
    if (Object.keys(r.change).length === 0) return setProblem(t('admin:common.nothingChanged'));
    m.mutate(r.change);
  };
  const open = typeof game.openGames === 'number' ? game.openGames : null;
  const held = typeof game.heldStakes === 'number' ? game.heldStakes : null;
  return (
    <form
      className="form admin-form"
      onSubmit={onSubmit}
      aria-label={t('games.settingsLabel', { name: game.name || 'Mines' })}
    >
      <dl className="kv">
        <dt>{t('games.mines.openGames')}</dt>
        <dd data-testid="mines-open-games">{open ?? '—'}</dd>
        <dt>{t('games.mines.heldStakes')}</dt>
        <dd data-testid="mines-held-stakes">{held === null ? '—' : formatInr(held)}</dd>
      </dl>
      <SettingsStatus game={game.game} pending={false} summary={[]} problem={problem || error} />
      <div className="settings-grid">
        {MINES_FIELDS.map((f) => (
          <div className="field" key={f.key}>
            <label htmlFor={`${game.game}-${f.key}`}>
              {minesLabel(f.key)} <span className="muted small">({f.unit === 'rupees' ? '₹' : '%'})</span>
            </label>
            <input
              id={`${game.game}-${f.key}`}
              inputMode="decimal"
              value={form[f.key]}
              onChange={(e) => setForm((s) => ({ ...s, [f.key]: e.target.value }))}
            />
            <span className="hint" data-testid={`current-${game.game}-${f.key}`}>
              {t('admin:common.inForce', { value: showMines(f.key, game.settings) })}
            </span>
          </div>
        ))}
      </div>
      <p className="hint">{t('games.mines.hint')}</p>
      <button className="btn btn-primary" type="submit" disabled={m.isPending}>
        {m.isPending ? t('admin:common.saving') : t('admin:common.saveSettings')}
      </button>
    </form>
  );
}
