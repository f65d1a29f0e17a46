import { useTranslation } from 'react-i18next';
import type { MatkaChecked } from '../api/get-matka-draw';
import { FairReport } from './FairReport';

/** A Matka draw's check: the verdict, the chart's result and seeds, the recomputed pannas and each step. */
export function MatkaReport({ checked }: { checked: MatkaChecked }) {
  const { t } = useTranslation('fairness');
  const { input: d, verification: v } = checked;
  return (
    <FairReport
      verdict={v.verdict}
      head={
        <>
          <dt>{t('report.marketDraw')}</dt>
          <dd data-testid="fair-round">
            {d.marketId} · {d.drawNo}
          </dd>
        </>
      }
      commitment={d.commitment ?? '—'}
      serverSeed={d.serverSeed ?? t('report.hiddenDraw')}
      computed={v.computed && { text: v.computed.result, mono: true }}
      steps={v.steps}
    >
      <dt>{t('report.clientSeed')}</dt>
      <dd className="mono">{d.clientSeed ?? '—'}</dd>
      <dt>{t('report.chartPannas')}</dt>
      <dd className="mono" data-testid="fair-result">
        {d.openPanna ?? '***'} · {d.closePanna ?? '***'}
      </dd>
    </FairReport>
  );
}
