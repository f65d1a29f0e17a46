import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/i18n/format';
import { errorMessage } from '@/lib/api-client';
import { useStartExclusion } from '../api/settings';
import type { Exclusion } from '../api/types';
import { BREAK_CHOICES, SELF_EXCLUSION_CHOICES, type Choice } from '../exclusion';

/** Shown while a break or a self-exclusion is in force: until when, and that withdrawals still work. */
export function ExclusionBanner({ exclusion }: { exclusion: Exclusion | null | undefined }) {
  const { t } = useTranslation('account');
  if (!exclusion) return null;
  const until = t('limits.atIst', { time: formatDateTime(exclusion.until) });
  return (
    <p className="form-info acct-banner" role="status" data-testid="exclusion-banner">
      {exclusion.kind === 'break' ? t('exclusion.bannerBreak', { until }) : t('exclusion.bannerSelf', { until })}
    </p>
  );
}

/** Take a break (1 day – 6 weeks) and self-exclusion (6 months – 5 years), each behind a confirmation. */
export function ExclusionSection() {
  return (
    <>
      <ExclusionPicker kind="break" choices={BREAK_CHOICES} />
      <ExclusionPicker kind="self_exclusion" choices={SELF_EXCLUSION_CHOICES} />
    </>
  );
}

function ExclusionPicker({ kind, choices }: { kind: 'break' | 'self_exclusion'; choices: Choice[] }) {
  const { t } = useTranslation('account');
  const start = useStartExclusion();
  const [choiceId, setChoiceId] = useState(choices[0]!.id);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const choice = choices.find((c) => c.id === choiceId) ?? choices[0]!;
  const length = (c: Choice) => t(`exclusion.length.${c.unit}`, { count: c.count });
  const prefix = kind === 'break' ? 'exclusion.break' : 'exclusion.self';
  const sectionId = kind === 'break' ? 'take-a-break' : 'self-exclusion';

  function confirm() {
    start.mutate(choice.request, {
      onSuccess: (s) => {
        setConfirming(false);
        const until = s.exclusion ? t('limits.atIst', { time: formatDateTime(s.exclusion.until) }) : '';
        setResult({ ok: true, text: t(`${prefix}.done`, { until }) });
      },
      onError: (err) => {
        setConfirming(false);
        setResult({ ok: false, text: errorMessage(err, t('exclusion.failed')) });
      },
    });
  }

  return (
    <section id={sectionId} className="card acct-section acct-danger" aria-labelledby={`${sectionId}-title`}>
      <h2 id={`${sectionId}-title`}>{t(`${prefix}.title`)}</h2>
      <p className="note">{t(`${prefix}.explain`)}</p>
      <label className="sr-only" htmlFor={`${sectionId}-length`}>
        {t('exclusion.lengthLabel')}
      </label>
      <select
        id={`${sectionId}-length`}
        data-testid={`${sectionId}-length`}
        value={choice.id}
        disabled={start.isPending}
        onChange={(e) => {
          setChoiceId(e.target.value);
          setConfirming(false);
        }}
      >
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {length(c)}
          </option>
        ))}
      </select>
      {confirming ? (
        <div
          className="inner-dialog"
          role="alertdialog"
          aria-labelledby={`${sectionId}-confirm`}
          data-testid={`${sectionId}-confirm`}
        >
          <p id={`${sectionId}-confirm`}>{t(`${prefix}.confirm`, { length: length(choice) })}</p>
          <div className="acct-actions">
            <button
              type="button"
              className="btn btn-outline"
              disabled={start.isPending}
              onClick={() => setConfirming(false)}
            >
              {t('exclusion.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={start.isPending}
              onClick={confirm}
              data-testid={`${sectionId}-yes`}
            >
              {start.isPending ? t('exclusion.busy') : t(`${prefix}.yes`)}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-outline btn-block"
          data-testid={`${sectionId}-start`}
          onClick={() => {
            setResult(null);
            setConfirming(true);
          }}
        >
          {t(`${prefix}.start`)}
        </button>
      )}
      {result && (
        <p className={result.ok ? 'form-success' : 'form-error'} role="status">
          {result.text}
        </p>
      )}
    </section>
  );
}
