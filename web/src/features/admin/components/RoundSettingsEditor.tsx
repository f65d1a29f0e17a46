/** A round game's settings form (Titli Par, Andar Bahar, Color Prediction): payouts as ×, times in seconds, stakes in ₹. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { saveSettings } from '../api/games';
import type { RoundGame, RoundSettingsChange } from '../api/types';
import { useGameMutation } from '../hooks/use-game-mutation';
import {
  readField,
  roundFields,
  roundLabel,
  roundPendingSummary,
  roundSettingsChange,
  showRoundValue,
  toRoundForm,
  unitLabel,
  type RoundForm,
} from '../settings-round';
import { SettingsStatus } from './SettingsStatus';

export function RoundSettingsEditor({ game }: { game: RoundGame }) {
  const { t } = useTranslation('adminGames');
  const fields = roundFields(game.game);
  // The form edits what the next round will use: the server merges a change onto the pending settings, if any.
  const base = game.pending ?? game.settings;
  const [form, setForm] = useState<RoundForm>(() => toRoundForm(fields, base));
  const [problem, setProblem] = useState('');
  const { m, error } = useGameMutation(
    (change: RoundSettingsChange) => saveSettings(game.game, change),
    t('games.savedNextRound'),
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const r = roundSettingsChange(fields, form, base);
    if ('error' in r) return setProblem(r.error);
    setProblem('');
    if (Object.keys(r.change).length === 0) return setProblem(t('admin:common.nothingChanged'));
    m.mutate(r.change);
  };
  return (
    <form className="form admin-form" onSubmit={onSubmit} aria-label={t('games.settingsLabel', { name: game.name })}>
      <SettingsStatus
        game={game.game}
        pending={!!game.pending}
        summary={roundPendingSummary(fields, game.pending, game.settings)}
        problem={problem || error}
      />
      <div className="settings-grid">
        {fields.map((f) => {
          const id = `${game.game}-${f.id.replace('.', '-')}`;
          return (
            <div className="field" key={f.id}>
              <label htmlFor={id}>
                {roundLabel(f)} <span className="muted small">({unitLabel(f.unit)})</span>
              </label>
              <input
                id={id}
                inputMode={f.unit === 'count' ? 'numeric' : 'decimal'}
                value={form[f.id] ?? ''}
                onChange={(e) => setForm((s) => ({ ...s, [f.id]: e.target.value }))}
              />
              <span className="hint" data-testid={`current-${id}`}>
                {t('admin:common.inForce', { value: showRoundValue(f, readField(game.settings, f)) })}
              </span>
            </div>
          );
        })}
      </div>
      <p className="hint">{t('games.round.hint')}</p>
      <button className="btn btn-primary" type="submit" disabled={m.isPending}>
        {m.isPending ? t('admin:common.saving') : t('admin:common.saveSettings')}
      </button>
    </form>
  );
}
