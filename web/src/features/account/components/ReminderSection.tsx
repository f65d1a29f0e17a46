import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { useSetReminder } from '../api/settings';
import { REMINDER_CHOICES } from '../reminder';

const OFF = 'off';

/** Off / every 15, 30 or 60 minutes since login (a value set elsewhere is shown too). */
export function ReminderSection({ minutes }: { minutes: number | null | undefined }) {
  const { t } = useTranslation('account');
  const save = useSetReminder();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const choices: number[] = [...REMINDER_CHOICES];
  if (typeof minutes === 'number' && !choices.includes(minutes)) choices.push(minutes);
  choices.sort((a, b) => a - b);

  function onChange(value: string) {
    const next = value === OFF ? null : Number(value);
    setResult(null);
    save.mutate(next, {
      onSuccess: (s) =>
        setResult({
          ok: true,
          text:
            typeof s.reminderMinutes === 'number'
              ? t('reminder.savedOn', { count: s.reminderMinutes })
              : t('reminder.savedOff'),
        }),
      onError: (err) => setResult({ ok: false, text: errorMessage(err, t('reminder.failed')) }),
    });
  }

  return (
    <section className="card acct-section" aria-labelledby="acct-reminder">
      <h2 id="acct-reminder">{t('reminder.title')}</h2>
      <p className="note">{t('reminder.explain')}</p>
      <label className="sr-only" htmlFor="reminder-select">
        {t('reminder.label')}
      </label>
      <select
        id="reminder-select"
        data-testid="reminder-select"
        value={minutes === null || minutes === undefined ? OFF : String(minutes)}
        disabled={minutes === undefined || save.isPending}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value={OFF}>{t('reminder.off')}</option>
        {choices.map((m) => (
          <option key={m} value={String(m)}>
            {t('reminder.every', { count: m })}
          </option>
        ))}
      </select>
      {result && (
        <p className={result.ok ? 'form-success' : 'form-error'} role="status">
          {result.text}
        </p>
      )}
    </section>
  );
}
