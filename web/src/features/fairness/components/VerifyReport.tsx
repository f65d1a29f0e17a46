import { useTranslation } from 'react-i18next';
import { stepMark, VERDICT_MARK } from './marks';
import type { Checked } from '../api/get-fair';
import { describeOutcome } from '../verify';

/** The verdict, the inputs and each step of the recomputation. */
export function VerifyReport({ checked }: { checked: Checked }) {
  const { t } = useTranslation('fairness');
  const { round, verification: v } = checked;
  return (
    <section className={`card fair-report fair-${v.verdict}`} aria-label={t('report.label')}>
      <p className="fair-verdict" data-testid="fair-verdict" data-verdict={v.verdict}>
        {VERDICT_MARK[v.verdict]}
        {t(`verdict.${v.verdict}`)}
      </p>
      <dl className="kv fair-kv">
        <dt>{t('report.round')}</dt>
        <dd data-testid="fair-round">{round.roundId}</dd>
        <dt>{t('report.status')}</dt>
        <dd>{round.status}</dd>
        <dt>{t('report.commitment')}</dt>
        <dd className="mono" data-testid="fair-commitment">
          {round.commitment}
        </dd>
        <dt>{t('report.serverSeed')}</dt>
        <dd className="mono" data-testid="fair-server-seed">
          {round.serverSeed ?? t('report.hiddenRound')}
        </dd>
        <dt>{t('report.clientSeed')}</dt>
        <dd className="mono">{round.clientSeed}</dd>
        <dt>{t('report.serverResult')}</dt>
        <dd className="mono" data-testid="fair-result">
          {round.result === null || round.result === undefined ? '—' : JSON.stringify(round.result)}
        </dd>
        {v.computed && (
          <>
            <dt>{t('report.recomputed')}</dt>
            <dd data-testid="fair-computed">{describeOutcome(v.computed)}</dd>
          </>
        )}
      </dl>
      <ol className="fair-steps" data-testid="fair-steps">
        {v.steps.map((s) => (
          <li key={s.key} className={s.ok ? 'fair-ok' : 'fair-bad'} data-testid={`fair-step-${s.key}`}>
            <b>
              {stepMark(s.ok)} {s.title}
            </b>
            <pre className="mono small">{s.detail}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
