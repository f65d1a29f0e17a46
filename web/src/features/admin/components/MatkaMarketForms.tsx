/** A new Matka market (name, mode, schedule), and changes to one (name, schedule from its next draw, active). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChange } from '../hooks/use-change';
import type { Market } from '../../matka/api/types';
import type { Mode } from '../../matka/wire';
import { adminKeys } from '../api/keys';
import { createMarket, editMarket, type MarketChange, type NewMarket } from '../api/matka';
import { EMPTY_SCHEDULE, marketChange, newMarketBody, scheduleOf, type ScheduleForm } from '../matka-markets';
import { AdminForm } from './AdminForm';
import { ScheduleFields } from './ScheduleFields';
import { Field, InputField } from '@/components/Field';

/** This form's changes refresh the screen's list. */
function useMarketMutation<V>(fn: (v: V) => Promise<unknown>, done: string, onDone?: () => void) {
  return useChange(fn, done, adminKeys.matka(), onDone);
}

export function NewMarketForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('adminGames');
  const [name, setName] = useState('');
  const [mode, setMode] = useState<Mode>('declared');
  const [schedule, setSchedule] = useState<ScheduleForm>(EMPTY_SCHEDULE);
  const [problem, setProblem] = useState('');
  const { m, error } = useMarketMutation((b: NewMarket) => createMarket(b), t('matka.form.created'), onClose);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = newMarketBody({ name, mode, schedule });
    if ('error' in r) return setProblem(r.error);
    setProblem('');
    m.mutate(r.body);
  };
  return (
    <AdminForm
      label={t('matka.newMarket')}
      title={t('matka.newMarket')}
      testId="matka-new-market"
      onSubmit={submit}
      problem={problem || error}
      pending={m.isPending}
      submit={t('matka.form.create')}
      submitting={t('matka.form.creating')}
      onCancel={onClose}
    >
      <div className="settings-grid">
        <InputField
          id="new-market-name"
          label={t('matka.form.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Field id="new-market-mode" label={t('matka.form.results')}>
          <select id="new-market-mode" value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
            <option value="declared">{t('matka.form.declared')}</option>
            <option value="drawn">{t('matka.form.drawn')}</option>
          </select>
        </Field>
      </div>
      <ScheduleFields value={schedule} onChange={setSchedule} idPrefix="new-market" />
    </AdminForm>
  );
}

export function EditMarketForm({ market }: { market: Market }) {
  const { t } = useTranslation('adminGames');
  const [name, setName] = useState(market.marketName);
  const [active, setActive] = useState(market.active);
  const [changeSchedule, setChangeSchedule] = useState(false);
  const [schedule, setSchedule] = useState<ScheduleForm>(() => scheduleOf(market));
  const [problem, setProblem] = useState('');
  const { m, error } = useMarketMutation((c: MarketChange) => editMarket(market.id, c), t('matka.form.saved'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = marketChange(market, name, active, changeSchedule ? schedule : null);
    if ('error' in r) return setProblem(r.error);
    if (Object.keys(r.change).length === 0) return setProblem(t('admin:common.nothingChanged'));
    setProblem('');
    m.mutate(r.change);
  };
  return (
    <AdminForm
      label={t('matka.form.editLabel', { market: market.marketName })}
      testId="matka-edit-market"
      onSubmit={submit}
      problem={problem || error}
      pending={m.isPending}
      submit={t('matka.form.save')}
      submitting={t('admin:common.saving')}
    >
      <div className="settings-grid">
        <InputField
          id={`market-${market.id}-name`}
          label={t('matka.form.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <label className="inline-field">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />{' '}
          {t('matka.form.active')}
        </label>
      </div>
      <label className="inline-field">
        <input type="checkbox" checked={changeSchedule} onChange={(e) => setChangeSchedule(e.target.checked)} />{' '}
        {t('matka.form.changeSchedule')}
      </label>
      {changeSchedule && (
        <>
          <ScheduleFields value={schedule} onChange={setSchedule} idPrefix={`market-${market.id}`} />
          {schedule.kind === 'daily' && <p className="hint">{t('matka.form.weekdaysHint')}</p>}
        </>
      )}
    </AdminForm>
  );
}
