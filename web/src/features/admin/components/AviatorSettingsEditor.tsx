/** Aviator's settings form: stakes in rupees, times in ms, the house edge and the bankroll's shares in basis points. */
import { useTranslation } from 'react-i18next';
import type { AviatorGame } from '../api/types';
import { useSettingsForm } from '../hooks/use-settings-form';
import {
  pendingSummary,
  SETTING_FIELDS,
  settingLabel,
  settingsChange,
  showSetting,
  toForm,
  unitLabel,
} from '../settings';
import { SettingField, SettingsForm } from './SettingsForm';

export function AviatorSettingsEditor({ game }: { game: AviatorGame }) {
  const { t } = useTranslation('adminGames');
  const s = useSettingsForm(game, game.settings, toForm, settingsChange, t('games.savedNextRound'));
  return (
    <SettingsForm
      {...s}
      pending={game.pending ? pendingSummary(game.pending, game.settings) : undefined}
      hints={
        <>
          <p className="hint">{t('games.aviator.hint')}</p>
          <p className="hint">{t('games.aviator.bankrollHint')}</p>
        </>
      }
    >
      {SETTING_FIELDS.map((f) => (
        <SettingField
          key={f.key}
          id={`${game.game}-${f.key}`}
          label={settingLabel(f.key)}
          unit={unitLabel(f.unit)}
          inputMode={f.unit === 'rupees' || f.unit === 'share' ? 'decimal' : 'numeric'}
          value={s.form[f.key]}
          onChange={(v) => s.set(f.key, v)}
          current={showSetting(f.key, game.settings[f.key])}
        />
      ))}
    </SettingsForm>
  );
}
