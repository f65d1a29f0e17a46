/** A round game's settings form (Titli Par, Andar Bahar, Color Prediction): payouts as ×, times in seconds, stakes in ₹. */
import { useTranslation } from 'react-i18next';
import type { RoundGame } from '../api/types';
import { useSettingsForm } from '../hooks/use-settings-form';
import {
  readField,
  roundFields,
  roundLabel,
  roundPendingSummary,
  roundSettingsChange,
  showRoundValue,
  toRoundForm,
  unitLabel,
} from '../settings-round';
import { SettingField, SettingsForm } from './SettingsForm';

export function RoundSettingsEditor({ game }: { game: RoundGame }) {
  const { t } = useTranslation('adminGames');
  const fields = roundFields(game.game);
  // The form edits what the next round will use: the server merges a change onto the pending settings, if any.
  const base = game.pending ?? game.settings;
  const s = useSettingsForm(
    game,
    base,
    (b) => toRoundForm(fields, b),
    (form, b) => roundSettingsChange(fields, form, b),
    t('games.savedNextRound'),
  );
  return (
    <SettingsForm
      {...s}
      pending={game.pending ? roundPendingSummary(fields, game.pending, game.settings) : undefined}
      hints={<p className="hint">{t('games.round.hint')}</p>}
    >
      {fields.map((f) => (
        <SettingField
          key={f.id}
          id={`${game.game}-${f.id.replace('.', '-')}`}
          label={roundLabel(f)}
          unit={unitLabel(f.unit)}
          inputMode={f.unit === 'count' ? 'numeric' : 'decimal'}
          value={s.form[f.id] ?? ''}
          onChange={(v) => s.set(f.id, v)}
          current={showRoundValue(f, readField(game.settings, f))}
        />
      ))}
    </SettingsForm>
  );
}
