import { useTranslation } from 'react-i18next';
import { formatInr } from '@/lib/money';
import type { Entry } from '../api/types';

/** The spec's winners table (User, Bet Amount, Profit, Total Winnings); nothing until there are winners. */
export function WinnersTable({ rows }: { rows: Entry[] }) {
  const { t } = useTranslation('parchi');
  if (rows.length === 0) return null;
  return (
    <section className="card pc-winners" data-testid="parchi-winners">
      <h2 className="card-title">{t('winners.title')}</h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>{t('winners.user')}</th>
              <th>{t('winners.betAmount')}</th>
              <th>{t('winners.profit')}</th>
              <th>{t('winners.totalWinnings')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={e._id} data-testid="parchi-winner-row">
                <td>{e.userArray[0] ?? '—'}</td>
                <td>{formatInr(e.betpoints)}</td>
                <td>{formatInr(e.profit)}</td>
                <td>{formatInr(e.payout)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
