import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/money';
import { getMatchBets, MATCH_BETS_MAX } from '../../exchange/api/get-bets';
import { BetStatus } from '../../exchange/components/BetStatus';
import { formatBetDate, formatOdds } from '../../exchange/format';
import { kindLabel } from '../../exchange/slip';
import type { BetView } from '../../exchange/wire';
import { usePagedList } from '../hooks/use-paged-list';
import { PagedTable } from './HistoryTable';

/** A settled bet's P/L (signed, green or red); an open one's possible profit. */
function Profit({ b }: { b: BetView }) {
  if (b.pl == null) return <span className="muted">{formatAmount(b.profit)}</span>;
  return (
    <span
      className={b.pl >= 0 ? 'ex-plus' : 'ex-minus'}
    >{`${b.pl >= 0 ? '+' : '-'}${formatAmount(Math.abs(b.pl))}`}</span>
  );
}

/** A wallet figure as it stood once the bet was taken; "—" where the server has none. */
function WalletCell({ amount }: { amount?: number | null }) {
  return amount == null ? <td className="muted">—</td> : <td>{formatAmount(amount)}</td>;
}

/** The spec's columns (screen 14), in its order; each header is `history:cricket.<column>`. */
const COLUMNS = ['label', 'match', 'odds', 'stake', 'profit', 'balance', 'exposure', 'time', 'type', 'status'];

/**
 * The Cricket History tab (spec screen 14): the player's exchange bets on every match, newest first — the runner
 * markets' (`GET /api/laggai_khai_getuserbet/{userId}`) and the fancy lines' (`GET /api/cricket-market/{userId}`)
 * together, a page at a time. Lgaai rows are marked red, the others green.
 *
 * Balance and Exposure are, as in the spec's bet record, the player's wallet balance and exposure as they stood once
 * the bet was taken (recorded with it; "—" for a bet taken before the server recorded them).
 */
export function CricketHistory({ userId }: { userId: string }) {
  const { t } = useTranslation('history');
  const list = usePagedList(['history', 'cricket', userId], (limit) => getMatchBets(userId, limit), MATCH_BETS_MAX);
  return (
    <PagedTable testId="cricket-history-table" columns={COLUMNS.map((c) => t(`cricket.${c}`))} list={list}>
      {list.rows.map((b) => (
        <tr key={`${b.marketType}-${b.id}`} className={b.type === 'Lgaai' ? 'row-loss' : 'row-win'}>
          <td>{b.label}</td>
          <td className="ex-wrap">{b.matchName}</td>
          <td>{formatOdds(b)}</td>
          <td>{formatAmount(b.stake)}</td>
          <td>
            <Profit b={b} />
          </td>
          <WalletCell amount={b.balance} />
          <WalletCell amount={b.exposure} />
          <td>{formatBetDate(b.createdAt)}</td>
          <td>{kindLabel(b.type)}</td>
          <td>
            <BetStatus status={b.status} />
          </td>
        </tr>
      ))}
    </PagedTable>
  );
}
