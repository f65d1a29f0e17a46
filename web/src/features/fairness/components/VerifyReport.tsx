import { useTranslation } from 'react-i18next';
import type { Checked } from '../api/get-fair';
import { describeOutcome } from '../verify';
import { FairReport } from './FairReport';

/** The verdict, the inputs and each step of the recomputation. */
export function VerifyReport({ checked }: { checked: Checked }) {
  const { t } = useTranslation('fairness');
  const { round, verification: v } = checked;
  return (
    <FairReport
      verdict={v.verdict}
      head={
        <>
          <dt>{t('report.round')}</dt>
          <dd data-testid="fair-round">{round.roundId}</dd>
          <dt>{t('report.status')}</dt>
          <dd>{round.status}</dd>
        </>
      }
      commitment={round.commitment}
      serverSeed={round.serverSeed ?? t('report.hiddenRound')}
      computed={v.computed && { text: describeOutcome(v.computed) }}
      steps={v.steps}
    >
      <dt>{t('report.clientSeed')}</dt>
      <dd className="mono">{round.clientSeed}</dd>
      <dt>{t('report.serverResult')}</dt>
      <dd className="mono" data-testid="fair-result">
        {round.result === null || round.result === undefined ? '—' : JSON.stringify(round.result)}
      </dd>
    </FairReport>
  );
}
