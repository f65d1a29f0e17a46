/** Mines' settings form: bets and the payout cap in ₹ (sent as paise), the house edge in % (sent as basis points). */
import { useTranslation } from 'react-i18next';
import { formatInr } from '@/lib/money';
import type { MinesGame } from '../api/types';
import { useSettingsForm } from '../hooks/use-settings-form';
import { MINES_FIELDS, minesLabel, minesSettingsChange, showMines, toMinesForm } from '../settings-mines';
import { SettingField, SettingsForm } from './SettingsForm';

export function MinesSettingsEditor({ game }: { game: MinesGame }) {
  const { t } = useTranslation('adminGames');
  const s = useSettingsForm(game, game.settings, toMinesForm, minesSettingsChange, t('games.mines.saved'));
  const open = typeof game.openGames === 'number' ? game.openGames : null;
  const held = typeof game.heldStakes === 'number' ? game.heldStakes : null;
  return (
    <SettingsForm
      {...s}
      name={game.name || 'Mines'}
      top={
        <dl className="kv">
          <dt>{t('games.mines.openGames')}</dt>
          <dd data-testid="mines-open-games">{open ?? '—'}</dd>
          <dt>{t('games.mines.heldStakes')}</dt>
          <dd data-testid="mines-held-stakes">{held === null ? '—' : formatInr(held)}</dd>
        </dl>
      }
      hints={<p className="hint">{t('games.mines.hint')}</p>}
    >
      {MINES_FIELDS.map((f) => (
        <SettingField
          key={f.key}
          id={`${game.game}-${f.key}`}
          label={minesLabel(f.key)}
          unit={f.unit === 'rupees' ? '₹' : '%'}
          inputMode="decimal"
          value={s.form[f.key]}
          onChange={(v) => s.set(f.key, v)}
          current={showMines(f.key, game.settings)}
        />
      ))}
    </SettingsForm>
  );
}
