/**
 * A feed market mapped to a new match: the feed's market id, our sport, the match (name, competition, start in IST,
 * teams) and the runners with their feed selection ids (a draw as a third). Checks what the server checks first,
 * shows its refusal in the operator's language (no stream configured, plainly), and on success the new match.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Field, FormResult, InputField } from '@/components/Field';
import { SPORT_IDS, sportName } from '@/config/constants';
import { mapFeedMarket } from '../api/feed-markets';
import { adminKeys } from '../api/keys';
import { emptyForm, feedMarketBody, feedRefusal, withDraw, type FeedForm, type RunnerForm } from '../feed-markets';
import { useChange } from '../hooks/use-change';
import { AdminForm } from './AdminForm';

const text = { autoComplete: 'off', spellCheck: false } as const;

export function FeedMarketForm() {
  const { t } = useTranslation('adminFeed');
  const [form, setForm] = useState<FeedForm>(emptyForm);
  const [problem, setProblem] = useState('');
  const { m } = useChange(mapFeedMarket, t('form.done'), adminKeys.feedMarkets(), () => setForm(emptyForm));
  const set = (patch: Partial<FeedForm>) => setForm((f) => ({ ...f, ...patch }));
  const setTeam = (i: number, v: string) =>
    setForm((f) => ({ ...f, teams: f.teams.map((x, j) => (j === i ? v : x)) as FeedForm['teams'] }));
  const setRunner = (i: number, patch: Partial<RunnerForm>) =>
    setForm((f) => ({ ...f, runners: f.runners.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = feedMarketBody(form);
    if ('error' in r) return setProblem(r.error);
    setProblem('');
    m.mutate(r.body);
  };
  const sports = SPORT_IDS.map((id) => ({ id, name: sportName(id) })).sort((a, b) => a.name.localeCompare(b.name));
  const mapped = m.data;
  return (
    <AdminForm
      label={t('form.title')}
      title={t('form.title')}
      testId="feed-market-form"
      onSubmit={submit}
      problem={problem || (m.error ? feedRefusal(m.error) : '')}
      pending={m.isPending}
      submit={t('form.submit')}
      submitting={t('form.submitting')}
    >
      <p className="hint">{t('form.hint')}</p>
      <div className="settings-grid feed-fields">
        <InputField
          id="feed-market-id"
          label={t('form.feedMarketId')}
          className="mono"
          placeholder="1.23456789"
          {...text}
          value={form.feedMarketId}
          onChange={(e) => set({ feedMarketId: e.target.value })}
        />
        <Field id="feed-sport" label={t('form.sport')}>
          <select id="feed-sport" value={form.sportId} onChange={(e) => set({ sportId: e.target.value })}>
            {sports.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <InputField
          id="feed-name"
          label={t('form.name')}
          placeholder={t('form.namePlaceholder')}
          {...text}
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <InputField
          id="feed-competition"
          label={t('form.competition')}
          {...text}
          value={form.competition}
          onChange={(e) => set({ competition: e.target.value })}
        />
        <InputField
          id="feed-starts"
          label={t('form.startsAt')}
          type="datetime-local"
          value={form.startsAt}
          onChange={(e) => set({ startsAt: e.target.value })}
        />
        {form.teams.map((team, i) => (
          <InputField
            key={i}
            id={`feed-team-${i + 1}`}
            label={t('form.team', { n: i + 1 })}
            {...text}
            value={team}
            onChange={(e) => setTeam(i, e.target.value)}
          />
        ))}
      </div>
      <fieldset className="feed-runners">
        <legend>{t('form.runners')}</legend>
        {form.runners.map((r, i) => (
          <div className="feed-runner" key={i}>
            <InputField
              id={`feed-runner-${i + 1}-id`}
              label={t('form.runnerId', { n: i + 1 })}
              className="mono"
              inputMode="numeric"
              {...text}
              value={r.feedId}
              onChange={(e) => setRunner(i, { feedId: e.target.value })}
            />
            <InputField
              id={`feed-runner-${i + 1}-name`}
              label={t('form.runnerName', { n: i + 1 })}
              {...text}
              value={r.name}
              onChange={(e) => setRunner(i, { name: e.target.value })}
            />
          </div>
        ))}
        <label className="inline-field">
          <input
            type="checkbox"
            checked={form.runners.length === 3}
            onChange={(e) => setForm((f) => withDraw(f, e.target.checked))}
          />{' '}
          {t('form.draw')}
        </label>
      </fieldset>
      <FormResult result={mapped ? { ok: true, text: t('form.mapped', mapped) } : null} testId="feed-mapped">
        {mapped && (
          <>
            {' '}
            <Link to={`/match/${mapped.matchId}`} target="_blank" rel="noreferrer">
              {t('openMatch')}
            </Link>
          </>
        )}
      </FormResult>
    </AdminForm>
  );
}
