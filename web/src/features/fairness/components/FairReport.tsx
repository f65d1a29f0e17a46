import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Step } from '../verify';
import { stepMark, VERDICT_MARK } from './marks';

interface Props {
  verdict: keyof typeof VERDICT_MARK;
  /** The report's colour (`fair-<tone>`): the verdict's unless said. */
  tone?: string;
  /** The lines before the commitment: what was checked. */
  head: ReactNode;
  commitment: ReactNode;
  serverSeed: ReactNode;
  /** The lines after the seeds: the client's seed, the server's result… */
  children: ReactNode;
  /** What the browser recomputed (no line when nothing was). */
  computed?: { text: ReactNode; mono?: boolean } | null;
  /** What stands between the lines and the steps. */
  after?: ReactNode;
  steps: Step[];
}

/** A check's report: the verdict, the inputs and results as key/value lines, and each step of the recomputation. */
export function FairReport({
  verdict,
  tone = verdict,
  head,
  commitment,
  serverSeed,
  children,
  computed,
  after,
  steps,
}: Props) {
  const { t } = useTranslation('fairness');
  return (
    <section className={`card fair-report fair-${tone}`} aria-label={t('report.label')}>
      <p className="fair-verdict" data-testid="fair-verdict" data-verdict={verdict}>
        {VERDICT_MARK[verdict]}
        {t(`verdict.${verdict}`)}
      </p>
      <dl className="kv fair-kv">
        {head}
        <dt>{t('report.commitment')}</dt>
        <dd className="mono" data-testid="fair-commitment">
          {commitment}
        </dd>
        <dt>{t('report.serverSeed')}</dt>
        <dd className="mono" data-testid="fair-server-seed">
          {serverSeed}
        </dd>
        {children}
        {computed && (
          <>
            <dt>{t('report.recomputed')}</dt>
            <dd className={computed.mono ? 'mono' : undefined} data-testid="fair-computed">
              {computed.text}
            </dd>
          </>
        )}
      </dl>
      {after}
      <ol className="fair-steps" data-testid="fair-steps">
        {steps.map((s) => (
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
