/** Matka's rates (× the points, sent as hundredths) and points per number (₹, sent as paise), for every market. */
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInr } from '@/lib/money';
import type { MatkaGame } from '../api/types';
import { useSettingsForm } from '../hooks/use-settings-form';
import { matkaSettingsChange, RATE_FIELDS, rateLabel, showRate, toMatkaForm } from '../settings-matka';
import { SettingField, SettingsForm } from './SettingsForm';

const POINTS = ['minPoints', 'maxPoints'] as const;

export function MatkaSettingsEditor({ game }: { game: MatkaGame }) {
  const { t } = useTranslation('adminGames');
  const s = useSettingsForm(game, game.settings, toMatkaForm, matkaSettingsChange, t('games.matka.saved'));
  const points = (key: 'minPoints' | 'maxPoints') =>
    typeof game.settings?.[key] === 'number' ? formatInr(game.settings[key] / 100) : '—';
  return (
    <SettingsForm
      {...s}
      name={game.name || 'Matka'}
      top={
        <p className="hint">
          <Trans t={t} i18nKey="games.matka.marketsLink" components={{ markets: <Link to="/admin/matka" /> }} />
        </p>
      }
      hints={<p className="hint">{t('games.matka.hint')}</p>}
    >
      {RATE_FIELDS.map((f) => (
        <SettingField
          key={f.key}
          id={`matka-${f.key}`}
          label={rateLabel(f.key)}
          unit="×"
          inputMode="decimal"
          value={s.form[f.key]}
          onChange={(v) => s.set(f.key, v)}
          current={showRate(f, game.settings?.rates?.[f.key])}
        />
      ))}
      {POINTS.map((key) => (
        <SettingField
          key={key}
          id={`matka-${key}`}
          label={t(key === 'minPoints' ? 'games.matka.minPoints' : 'games.matka.maxPoints')}
          unit="₹"
          inputMode="numeric"
          value={s.form[key]}
          onChange={(v) => s.set(key, v)}
          current={points(key)}
        />
      ))}
    </SettingsForm>
  );
}
