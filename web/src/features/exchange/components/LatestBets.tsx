import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/money';
import { formatBetDate, formatOdds, LATEST_BETS } from '../format';
import { kindLabel } from '../slip';
import type { BetView } from '../wire';
import { BetStatus } from './BetStatus';

function Empty({ cols }: { cols: number }) {
  const { t } = useTranslation('exchange');
  return (
    <tr>
      <td colSpan={cols} className="empty">
        {t('bets.empty')}
      </td>
    </tr>
  );
}

/** The latest match-odds bets: Matched Bet, Mode, Odds, Stake, Date, and how each stands. */
export function RunnerBetsTable({ bets }: { bets: BetView[] }) {
  const { t } = useTranslation('exchange');
  const rows = bets.slice(0, LATEST_BETS);
  return (
    <section className="ex-bets">
      <h3 className="list-title">{t('bets.matchOddsTitle')}</h3>
      <div className="table-wrap">
        <table className="table" data-testid="ex-runner-bets">
          <thead>
            <tr>
              <th>{t('bets.matchedBet')}</th>
              <th>{t('bets.mode')}</th>
              <th>{t('bets.odds')}</th>
              <th>{t('bets.stake')}</th>
              <th>{t('bets.date')}</th>
              <th>{t('bets.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((b) => (
              <tr key={b.id} className={b.side === 'lagai' ? 'ex-bet-back' : 'ex-bet-lay'}>
                <td>{b.label}</td>
                <td>{kindLabel(b.type)}</td>
                <td>{formatOdds(b)}</td>
                <td>{formatAmount(b.stake)}</td>
                <td>{formatBetDate(b.createdAt)}</td>
                <td>
                  <BetStatus status={b.status} />
                </td>
              </tr>
            ))}
            {rows.length === 0 && <Empty cols={6} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The latest over-market bets: Matched Bet, Mode, Run, Rate, Stake, Winning Runs (the line's runs once settled,
 * green when the bet's P/L is non-negative, red otherwise), Date, and how each stands.
 */
export function FancyBetsTable({ bets }: { bets: BetView[] }) {
  const { t } = useTranslation('exchange');
  const rows = bets.slice(0, LATEST_BETS);
  return (
    <section className="ex-bets">
      <h3 className="list-title">{t('bets.overMarketTitle')}</h3>
      <div className="table-wrap">
        <table className="table" data-testid="ex-fancy-bets">
          <thead>
            <tr>
              <th>{t('bets.matchedBet')}</th>
              <th>{t('bets.mode')}</th>
              <th>{t('bets.run')}</th>
              <th>{t('bets.rate')}</th>
              <th>{t('bets.stake')}</th>
              <th>{t('bets.winningRuns')}</th>
              <th>{t('bets.date')}</th>
              <th>{t('bets.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((b) => (
              <tr key={b.id} className={b.side === 'lagai' ? 'ex-bet-back' : 'ex-bet-lay'}>
                <td>{b.label}</td>
                <td>{kindLabel(b.type)}</td>
                <td>{b.runs ?? '-'}</td>
                <td>{formatOdds(b)}</td>
                <td>{formatAmount(b.stake)}</td>
                <td className={b.pl == null ? '' : b.pl >= 0 ? 'ex-plus' : 'ex-minus'} data-testid="winning-runs">
                  {b.winningRuns ?? '-'}
                </td>
                <td>{formatBetDate(b.createdAt)}</td>
                <td>
                  <BetStatus status={b.status} />
                </td>
              </tr>
            ))}
            {rows.length === 0 && <Empty cols={8} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}
