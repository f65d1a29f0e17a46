import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@/components/DataTable';
import { formatAmount } from '@/lib/money';
import { formatBetDate, formatOdds, LATEST_BETS } from '../format';
import { kindLabel } from '../slip';
import type { BetView } from '../wire';
import { BetStatus } from './BetStatus';

/** Each table's bets (the latest), one row a bet coloured by its side, with the columns every table has around its own. */
function BetsTable({
  title,
  testId,
  bets,
  own,
}: {
  title: string;
  testId: string;
  bets: BetView[];
  own: Column<BetView>[];
}) {
  const { t } = useTranslation('exchange');
  return (
    <section className="ex-bets">
      <h3 className="list-title">{title}</h3>
      <DataTable
        className="table"
        labelled={false}
        testId={testId}
        rows={bets.slice(0, LATEST_BETS)}
        rowKey={(b) => b.id}
        row={(b) => ({ className: b.side === 'lagai' ? 'ex-bet-back' : 'ex-bet-lay' })}
        empty={t('bets.empty')}
        columns={[
          { label: t('bets.matchedBet'), cell: (b) => b.label },
          { label: t('bets.mode'), cell: (b) => kindLabel(b.type) },
          ...own,
          { label: t('bets.date'), cell: (b) => formatBetDate(b.createdAt) },
          { label: t('bets.status'), cell: (b) => <BetStatus status={b.status} /> },
        ]}
      />
    </section>
  );
}

/** The latest match-odds bets: Matched Bet, Mode, Odds, Stake, Date, and how each stands. */
export function RunnerBetsTable({ bets }: { bets: BetView[] }) {
  const { t } = useTranslation('exchange');
  return (
    <BetsTable
      title={t('bets.matchOddsTitle')}
      testId="ex-runner-bets"
      bets={bets}
      own={[
        { label: t('bets.odds'), cell: (b) => formatOdds(b) },
        { label: t('bets.stake'), cell: (b) => formatAmount(b.stake) },
      ]}
    />
  );
}

/**
 * The latest over-market bets: Matched Bet, Mode, Run, Rate, Stake, Winning Runs (the line's runs once settled,
 * green when the bet's P/L is non-negative, red otherwise), Date, and how each stands.
 */
export function FancyBetsTable({ bets }: { bets: BetView[] }) {
  const { t } = useTranslation('exchange');
  return (
    <BetsTable
      title={t('bets.overMarketTitle')}
      testId="ex-fancy-bets"
      bets={bets}
      own={[
        { label: t('bets.run'), cell: (b) => b.runs ?? '-' },
        { label: t('bets.rate'), cell: (b) => formatOdds(b) },
        { label: t('bets.stake'), cell: (b) => formatAmount(b.stake) },
        {
          label: t('bets.winningRuns'),
          td: (b) => ({
            className: b.pl == null ? '' : b.pl >= 0 ? 'ex-plus' : 'ex-minus',
            'data-testid': 'winning-runs',
          }),
          cell: (b) => b.winningRuns ?? '-',
        },
      ]}
    />
  );
}
