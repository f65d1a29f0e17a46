/** A Matka market's schedule: daily open and close times (IST) on chosen weekdays, or a quick draw every N seconds. */
import { MAX_SECONDS, MIN_SECONDS, WEEKDAYS, type ScheduleForm } from '../matka-markets';

export function ScheduleFields({ value, onChange, idPrefix }: { value: ScheduleForm; onChange: (s: ScheduleForm) => void; idPrefix: string }) {
  const set = (patch: Partial<ScheduleForm>) => onChange({ ...value, ...patch });
  const toggleDay = (d: number) => set({ weekdays: value.weekdays.includes(d) ? value.weekdays.filter((x) => x !== d) : [...value.weekdays, d] });
  return (
    <fieldset className="matka-schedule">
      <legend>Schedule</legend>
      <div className="inline-field" role="radiogroup" aria-label="Schedule kind">
        <label className="inline-field">
          <input type="radio" name={`${idPrefix}-kind`} checked={value.kind === 'daily'} onChange={() => set({ kind: 'daily' })} /> Daily (IST)
        </label>
        <label className="inline-field">
          <input type="radio" name={`${idPrefix}-kind`} checked={value.kind === 'every'} onChange={() => set({ kind: 'every' })} /> Every N seconds
        </label>
      </div>
      {value.kind === 'daily' ? (
        <>
          <div className="settings-grid">
            <div className="field">
              <label htmlFor={`${idPrefix}-open`}>Open time (IST)</label>
              <input id={`${idPrefix}-open`} type="time" value={value.openTime} onChange={(e) => set({ openTime: e.target.value })} />
            </div>
            <div className="field">
              <label htmlFor={`${idPrefix}-close`}>Close time (IST)</label>
              <input id={`${idPrefix}-close`} type="time" value={value.closeTime} onChange={(e) => set({ closeTime: e.target.value })} />
            </div>
          </div>
          <div className="matka-days" role="group" aria-label="Weekdays">
            {WEEKDAYS.map((d, i) => (
              <label key={d} className="inline-field">
                <input type="checkbox" checked={value.weekdays.includes(i)} onChange={() => toggleDay(i)} /> {d}
              </label>
            ))}
          </div>
        </>
      ) : (
        <div className="field">
          <label htmlFor={`${idPrefix}-seconds`}>
            Cycle (seconds, {MIN_SECONDS}–{MAX_SECONDS}): the open result at half time
          </label>
          <input id={`${idPrefix}-seconds`} inputMode="numeric" value={value.seconds} onChange={(e) => set({ seconds: e.target.value.replace(/\D/g, '') })} />
        </div>
      )}
    </fieldset>
  );
}
