import { Modal } from '@/components/Modal';
import { formatInr } from '@/lib/money';
import { bidTypeTitle } from '../bid-types';
import type { BidAccepted } from '../api/types';

/** The spec's Bid Summary popup, from the server's answer: game, bid type, session, bet points, totals, estimated profit. */
export function BidSummary({ a, needsBoth, onClose }: { a: BidAccepted; needsBoth: boolean; onClose: () => void }) {
  return (
    <Modal title="Bid Summary" onClose={onClose}>
      <div className="mk-summary" data-testid="matka-summary" data-draw-no={a.drawNo} data-slip-id={a.slipId}>
        <dl className="kv">
          <dt>Game</dt>
          <dd>{a.marketName}</dd>
          <dt>Bid type</dt>
          <dd>{bidTypeTitle(a.bidType)}</dd>
          <dt>Session</dt>
          <dd>{needsBoth ? 'Open & Close (settles on the close result)' : a.session === 'open' ? 'Open' : 'Close'}</dd>
          <dt>Draw</dt>
          <dd>#{a.drawNo}</dd>
        </dl>
        <table className="table mk-summary-table">
          <thead>
            <tr>
              <th>Number</th>
              <th className="num">Bet points</th>
              <th className="num">Pays if it wins</th>
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
          <dt>Total points</dt>
          <dd data-testid="matka-summary-total">{formatInr(a.totalBidPoints)}</dd>
          <dt>Estimated profit</dt>
          <dd data-testid="matka-summary-profit">{formatInr(a.estimatedProfit)}</dd>
          <dt>Balance</dt>
          <dd>{formatInr(a.balance)}</dd>
        </dl>
        <button type="button" className="btn btn-primary btn-block" onClick={onClose} data-testid="matka-summary-close">
          Close
        </button>
      </div>
    </Modal>
  );
}
