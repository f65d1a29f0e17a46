import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/Modal';
import { formatInr } from '@/lib/money';
import { bidTypeTitle } from '../bid-types';
import type { BidAccepted } from '../api/types';

/** The spec's Bid Summary popup, from the server's answer: game, bid type, session, bet points, totals, estimated profit. */
export function BidSummary({ a, needsBoth, onClose }: { a: BidAccepted; needsBoth: boolean; onClose: () => void }) {
  const { t } = useTranslation('matka');
  return (
    <Modal title={t('summary.title')} onClose={onClose}>
      <div className="mk-summary" data-testid="matka-summary" data-draw-no={a.drawNo} data-slip-id={a.slipId}>
        <dl className="kv">
          <dt>{t('summary.game')}</dt>
          <dd>{a.marketName}</dd>
          <dt>{t('summary.bidType')}</dt>
          <dd>{bidTypeTitle(a.bidType)}</dd>
          <dt>{t('summary.session')}</dt>
          <dd>{needsBoth ? t('session.both') : a.session === 'open' ? t('session.open') : t('session.close')}</dd>
          <dt>{t('summary.draw')}</dt>
          <dd>#{a.drawNo}</dd>
        </dl>
        <table className="table mk-summary-table">
          <thead>
            <tr>
              <th>{t('summary.number')}</th>
              <th className="num">{t('summary.betPoints')}</th>
              <th className="num">{t('summary.paysIfWins')}</th>
            </tr>
          </thead>
          <tbody>
            {a.bids.map((b) => (
              <tr key={b.number}>
                <td className="mono">{b.number}</td>
                <td className="num">{formatInr(b.points)}</td>
                <td className="num">{formatInr(b.payout)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="kv">
          <dt>{t('summary.totalPoints')}</dt>
          <dd data-testid="matka-summary-total">{formatInr(a.totalBidPoints)}</dd>
          <dt>{t('summary.estimatedProfit')}</dt>
          <dd data-testid="matka-summary-profit">{formatInr(a.estimatedProfit)}</dd>
          <dt>{t('summary.balance')}</dt>
          <dd>{formatInr(a.balance)}</dd>
        </dl>
        <button type="button" className="btn btn-primary btn-block" onClick={onClose} data-testid="matka-summary-close">
          {t('summary.close')}
        </button>
      </div>
    </Modal>
  );
}
