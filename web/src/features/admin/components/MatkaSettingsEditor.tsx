/** Matka's rates (× the points, sent as hundredths) and points per number (₹, sent as paise), for every market. */
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInr } from '@/lib/money';
import { saveSettings } from '../api/games';
import type { MatkaGame, MatkaSettingsChange } from '../api/types';
import { useGameMutation } from '../hooks/use-game-mutation';
import { matkaSettingsChange, RATE_FIELDS, rateLabel, showRate, toMatkaForm, type MatkaForm } from '../settings-matka';
import { SettingsStatus } from './SettingsStatus';

const POINTS = ['minPoints', 'maxPoints'] as const;

export function MatkaSettingsEditor({ game }: { game: MatkaGame }) {
  const { t } = useTranslation('adminGames');
  const [form, setForm] = useState<MatkaForm>(() => toMatkaForm(game.settings));
  const [problem, setProblem] = useState('');
  const { m, error } = useGameMutation(
    (change: MatkaSettingsChange) => saveSettings(game.game, change),
    t('games.matka.saved'),
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const r = matkaSettingsChange(form, game.settings);
    if ('error' in r) return setProblem(r.error);
    setProblem('');
    if (Object.keys(r.change).length === 0) return setProblem(t('admin:common.nothingChanged'));
    m.mutate(r.change);
  };
  const set = (key: keyof MatkaForm, v: string) => setForm((s) => ({ ...s, [key]: v }));
  const points = (key: 'minPoints' | 'maxPoints') =>
    typeof game.settings?.[key] === 'number' ? formatInr(game.settings[key] / 100) : '—';
  return (
    <form
      className="form admin-form"
      onSubmit={onSubmit}
      aria-label={t('games.settingsLabel', { name: game.name || 'Matka' })}
    >
      <p className="hint">
        <Trans t={t} i18nKey="games.matka.marketsLink" components={{ markets: <Link to="/admin/matka" /> }} />
      </p>
      <SettingsStatus game={game.game} pending={false} summary={[]} problem={problem || error} />
      <div className="settings-grid">
        {RATE_FIELDS.map((f) => (
          <div className="field" key={f.key}>
            <label htmlFor={`matka-${f.key}`}>
              {rateLabel(f.key)} <span className="muted small">(×)</span>
            </label>
            <input
              id={`matka-${f.key}`}
              inputMode="decimal"
              value={form[f.key]}
              onChange={(e) => set(f.key, e.target.value)}
            />
            <span className="hint" data-testid={`current-matka-${f.key}`}>
              {t('admin:common.inForce', { value: showRate(f, game.settings?.rates?.[f.key]) })}
            </span>
          </div>
        ))}
        {POINTS.map((key) => (
          <div className="field" key={key}>
            <label htmlFor={`matka-${key}`}>
              {t(key === 'minPoints' ? 'games.matka.minPoints' : 'games.matka.maxPoints')}{' '}
              <span className="muted small">(₹)</span>
            </label>
            <input
              id={`matka-${key}`}
              inputMode="numeric"
              value={form[key]}
              onChange={(e) => set(key, e.target.value)}
            />
            <span className="hint" data-testid={`current-matka-${key}`}>
              {t('admin:common.inForce', { value: points(key) })}
            </span>
          </div>
        ))}
      </div>
      <p className="hint">{t('games.matka.hint')}</p>
      <button className="btn btn-primary" type="submit" disabled={m.isPending}>
        {m.isPending ? t('admin:common.saving') : t('admin:common.saveSettings')}
      </button>
    </form>
  );
}
