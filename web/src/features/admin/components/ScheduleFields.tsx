/** A Matka market's schedule: daily open and close times (IST) on chosen weekdays, or a quick draw every N seconds. */
import { useTranslation } from 'react-i18next';
import { MAX_SECONDS, MIN_SECONDS, WEEKDAYS, type ScheduleForm } from '../matka-markets';
import { InputField } from '@/components/Field';

export function ScheduleFields({
  value,
  onChange,
  idPrefix,
}: {
  value: ScheduleForm;
  onChange: (s: ScheduleForm) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation('adminGames');
  const set = (patch: Partial<ScheduleForm>) => onChange({ ...value, ...patch });
  const toggleDay = (d: number) =>
    set({ weekdays: value.weekdays.includes(d) ? value.weekdays.filter((x) => x !== d) : [...value.weekdays, d] });
  return (
    <fieldset className="matka-schedule">
      <legend>{t('matka.schedule.legend')}</legend>
      <div className="inline-field" role="radiogroup" aria-label={t('matka.schedule.kind')}>
        <label className="inline-field">
          <input
            type="radio"
            name={`${idPrefix}-kind`}
            checked={value.kind === 'daily'}
            onChange={() => set({ kind: 'daily' })}
          />{' '}
          {t('matka.schedule.daily')}
        </label>
        <label className="inline-field">
          <input
            type="radio"
            name={`${idPrefix}-kind`}
            checked={value.kind === 'every'}
            onChange={() => set({ kind: 'every' })}
          />{' '}
          {t('matka.schedule.every')}
        </label>
      </div>
      {value.kind === 'daily' ? (
        <>
          <div className="settings-grid">
            <InputField
              id={`${idPrefix}-open`}
              label={t('matka.schedule.openTime')}
              type="time"
              value={value.openTime}
              onChange={(e) => set({ openTime: e.target.value })}
            />
            <InputField
              id={`${idPrefix}-close`}
              label={t('matka.schedule.closeTime')}
              type="time"
              value={value.closeTime}
              onChange={(e) => set({ closeTime: e.target.value })}
            />
          </div>
          <div className="matka-days" role="group" aria-label={t('matka.schedule.weekdays')}>
            {WEEKDAYS.map((d, i) => (
              <label key={d} className="inline-field">
                <input type="checkbox" checked={value.weekdays.includes(i)} onChange={() => toggleDay(i)} />{' '}
                {t(`matka.schedule.day.${d}`)}
              </label>
            ))}
          </div>
        </>
      ) : (
        <InputField
          id={`${idPrefix}-seconds`}
          label={t('matka.schedule.cycle', { min: MIN_SECONDS, max: MAX_SECONDS })}
          inputMode="numeric"
          value={value.seconds}
          onChange={(e) => set({ seconds: e.target.value.replace(/\D/g, '') })}
        />
      )}
    </fieldset>
  );
}
