/** Aviator's settings form: stakes in rupees, times in ms, the house edge and the bankroll's shares in basis points. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { saveSettings } from '../api/games';
import type { AviatorGame, AviatorSettings } from '../api/types';
import { useGameMutation } from '../hooks/use-game-mutation';
import {
  pendingSummary,
  SETTING_FIELDS,
  settingLabel,
  settingsChange,
  showSetting,
  toForm,
  unitLabel,
  type SettingsForm,
} from '../settings';
import { SettingsStatus } from './SettingsStatus';

export function AviatorSettingsEditor({ game }: { game: AviatorGame }) {
  const { t } = useTranslation('adminGames');
  const [form, setForm] = useState<SettingsForm>(() => toForm(game.settings));
  const [problem, setProblem] = useState('');
  const { m, error } = useGameMutation(
    (change: Partial<AviatorSettings>) => saveSettings(game.game, change),
    t('games.savedNextRound'),
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const r = settingsChange(form, game.settings);
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
        summary={pendingSummary(game.pending, game.settings)}
        problem={problem || error}
      />
      <div className="settings-grid">
        {SETTING_FIELDS.map((f) => (
          <div className="field" key={f.key}>
            <label htmlFor={`${game.game}-${f.key}`}>
              {settingLabel(f.key)} <span className="muted small">({unitLabel(f.unit)})</span>
            </label>
            <input
              id={`${game.game}-${f.key}`}
              inputMode={f.unit === 'rupees' || f.unit === 'share' ? 'decimal' : 'numeric'}
              value={form[f.key]}
              onChange={(e) => setForm((s) => ({ ...s, [f.key]: e.target.value }))}
            />
            <span className="hint" data-testid={`current-${game.game}-${f.key}`}>
              {t('admin:common.inForce', { value: showSetting(f.key, game.settings[f.key]) })}
            </span>
          </div>
        ))}
      </div>
      <p className="hint">{t('games.aviator.hint')}</p>
      <p className="hint">{t('games.aviator.bankrollHint')}</p>
      <button className="btn btn-primary" type="submit" disabled={m.isPending}>
        {m.isPending ? t('admin:common.saving') : t('admin:common.saveSettings')}
      </button>
    </form>
  );
}
