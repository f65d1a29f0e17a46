import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormResult, InputField } from '@/components/Field';
import { errorMessage } from '@/lib/api-client';
import { useChangePassword } from '../api/sessions';

const MIN_LENGTH = 6;

/** The three fields: the form's key, the input's id, its label's key and what the browser may fill in. */
const FIELDS = [
  { key: 'old', id: 'pw-old', label: 'old', autoComplete: 'current-password' },
  { key: 'next', id: 'pw-new', label: 'new', autoComplete: 'new-password' },
  { key: 'confirm', id: 'pw-confirm', label: 'confirm', autoComplete: 'new-password' },
] as const;

/** Old, new, confirm: the server ends every other session of the account when it changes. */
export function PasswordSection() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const empty = { old: '', next: '', confirm: '' };
  const [form, setForm] = useState(empty);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (change.isPending) return;
    let problem: string | null = null;
    if (!form.old || !form.next || !form.confirm) problem = t('password.fillAll');
    else if (form.next.length < MIN_LENGTH) problem = t('password.tooShort', { min: MIN_LENGTH });
    else if (form.next !== form.confirm) problem = t('password.mismatch');
    if (problem) return setResult({ ok: false, text: problem });
    setResult(null);
    change.mutate(
      { oldPassword: form.old, newPassword: form.next },
      {
        onSuccess: (res) => {
          setForm(empty);
          setResult({ ok: true, text: t('password.success', { count: res.endedSessions }) });
        },
        onError: (err) => setResult({ ok: false, text: errorMessage(err, t('password.failed')) }),
      },
    );
  }

  return (
    <section className="card acct-section" aria-labelledby="acct-password">
      <h2 id="acct-password">{t('password.title')}</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        {FIELDS.map((f) => (
          <InputField
            key={f.key}
            id={f.id}
            label={t(`password.${f.label}`)}
            type="password"
            autoComplete={f.autoComplete}
            value={form[f.key]}
            onChange={set(f.key)}
          />
        ))}
        <FormResult result={result} testId="password-result" />
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={change.isPending}
          data-testid="password-submit"
        >
          {change.isPending ? t('password.busy') : t('password.submit')}
        </button>
      </form>
    </section>
  );
}
