import { useState } from 'react';
import { Field } from '@/components/Field';
import { useTranslation } from 'react-i18next';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
  minLength?: number;
}

/** Password field with a show/hide toggle. */
export function PasswordInput({ id, label, value, onChange, autoComplete, minLength }: Props) {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  return (
    <Field id={id} label={label}>
      <div className="input-with-btn">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          minLength={minLength}
          required
        />
        <button
          type="button"
          className="ghost-btn"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? t('password.hideLabel') : t('password.showLabel')}
        >
          {shown ? t('password.hide') : t('password.show')}
        </button>
      </div>
    </Field>
  );
}
