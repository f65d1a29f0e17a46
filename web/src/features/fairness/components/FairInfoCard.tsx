import { useTranslation } from 'react-i18next';
import { useFairInfo } from '../api/get-fair';
import type { FairGame } from '../verify';

const pct = (rtp: number) => `${(rtp * 100).toFixed(2)}%`;

/** What each pick pays and the server's own description of the algorithm (GET /api/fair/{game}). */
export function FairInfoCard({ game }: { game: FairGame }) {
  const { t } = useTranslation('fairness');
  const info = useFairInfo(game);
  if (info.isError) return <p className="muted">{t('info.unavailable')}</p>;
  if (!info.data) return <p className="muted">{t('info.loading')}</p>;
  const payouts = Array.isArray(info.data.payouts) ? info.data.payouts : [];
  // Titli's twelve pictures all pay the same: one row says it.
  const rows =
    payouts.length > 3 && payouts.every((p) => p.payout === payouts[0]!.payout)
      ? [{ ...payouts[0]!, pick: t('info.eachPicture') }]
      : payouts;
  return (
    <section className="card" aria-label={t('info.label')}>
      <table className="fair-payouts" data-testid="fair-payouts">
        <thead>
          <tr>
            <th>{t('info.pick')}</th>
            <th>{t('info.pays')}</th>
            <th>{t('info.rtp')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={String(p.pick)}>
              <td>{String(p.pick)}</td>
              <td>{p.payout}×</td>
              <td>{pct(p.rtp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="fair-algo" data-testid="fair-algorithm">
        {info.data.algorithm}
      </p>
    </section>
  );
}
