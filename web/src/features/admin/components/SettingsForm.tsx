import type { FormEvent, HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormError } from '@/components/Field';

interface Props {
  /** The game's key (test ids) and its name (the form's label). */
  game: string;
  name: string;
  onSubmit: (e: FormEvent) => void;
  /** The problem to show: the check's or the server's. */
  problem: string;
  saving: boolean;
  /** The pending change's summary (it applies from the next round), when there is one. */
  pending?: string[];
  /** What stands above the status (figures, a link), the fields (`SettingField`s), and the hints under them. */
  top?: ReactNode;
  children: ReactNode;
  hints: ReactNode;
}

/** A game's settings form: the pending change and the problem, the fields, their hints and Save settings. */
export function SettingsForm({ game, name, onSubmit, problem, saving, pending, top, children, hints }: Props) {
  const { t } = useTranslation('adminGames');
  return (
    <form className="form admin-form" onSubmit={onSubmit} aria-label={t('games.settingsLabel', { name })}>
      {top}
      {pending && (
        <p className="form-info" role="status" data-testid={`pending-${game}`}>
          <b>{t('games.pending')}</b>
          {pending.length > 0 && <>: {pending.join(', ')}</>}
        </p>
      )}
      <FormError error={problem} />
      <div className="settings-grid">{children}</div>
      {hints}
      <button className="btn btn-primary" type="submit" disabled={saving}>
        {saving ? t('admin:common.saving') : t('admin:common.saveSettings')}
      </button>
    </form>
  );
}

interface FieldProps {
  /** The input's id; the value in force is `current-<id>`. */
  id: string;
  label: ReactNode;
  /** The unit, in brackets after the label. */
  unit: string;
  inputMode: HTMLAttributes<HTMLInputElement>['inputMode'];
  value: string;
  onChange: (text: string) => void;
  /** The value in force, as shown. */
  current: string;
}

/** A setting's field: its label and unit, the typed value, and the value in force under it. */
export function SettingField({ id, label, unit, inputMode, value, onChange, current }: FieldProps) {
  const { t } = useTranslation('admin');
  return (
    <Field
      id={id}
      label={
        <>
          {label} <span className="muted small">({unit})</span>
        </>
      }
      after={
        <span className="hint" data-testid={`current-${id}`}>
          {t('common.inForce', { value: current })}
        </span>
      }
    >
      <input id={id} inputMode={inputMode} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}
