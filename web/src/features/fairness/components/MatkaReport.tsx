import { useTranslation } from 'react-i18next';
import { stepMark } from './marks';
import type { MatkaChecked } from '../api/get-matka-draw';

const MARK = { verified: '✔ ', mismatch: '✘ ', pending: '… ' } as const;

/** A Matka draw's check: the verdict, the chart's result and seeds, the recomputed pannas and each step. */
export function MatkaReport({ checked }: { checked: MatkaChecked }) {
  const { t } = useTranslation('fairness');
  const { input: d, verification: v } = checked;
  return (
    <section className={`card fair-report fair-${v.verdict}`} aria-label={t('report.label')}>
      <p className="fair-verdict" data-testid="fair-verdict" data-verdict={v.verdict}>
        {MARK[v.verdict]}
        {t(`verdict.${v.verdict}`)}
      </p>
      <dl className="kv fair-kv">
        <dt>{t('report.marketDraw')}</dt>
        <dd data-testid="fair-round">
          {d.marketId} · {d.drawNo}
        </dd>
        <dt>{t('report.commitment')}</dt>
        <dd className="mono" data-testid="fair-commitment">
          {d.commitment ?? '—'}
        </dd>
        <dt>{t('report.serverSeed')}</dt>
        <dd className="mono" data-testid="fair-server-seed">
          {d.serverSeed ?? t('report.hiddenDraw')}
        </dd>
        <dt>{t('report.clientSeed')}</dt>
        <dd className="mono">{d.clientSeed ?? '—'}</dd>
        <dt>{t('report.chartPannas')}</dt>
        <dd className="mono" data-testid="fair-result">
          {d.openPanna ?? '***'} · {d.closePanna ?? '***'}
        </dd>
        {v.computed && (
          <>
            <dt>{t('report.recomputed')}</dt>
            <dd className="mono" data-testid="fair-computed">
              {v.computed.result}
            </dd>
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
