import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/i18n/format';
import { formatInr } from '@/lib/money';
import { AVIATOR_HISTORY_MAX, getHistory } from '../api/get-history';
import { usePagedList } from '../hooks/use-paged-list';
import { HistoryTable } from './HistoryTable';

const statusTone = (s: string) => (s === 'Won' ? 'approved' : s === 'Lost' ? 'rejected' : 'pending');

/** The Aviator tab: `GET /api/history/{userId}`, newest first, a page at a time. */
export function AviatorHistory({ userId }: { userId: string }) {
  const { t } = useTranslation('history');
  const list = usePagedList(['history', 'aviator', userId], (limit) => getHistory(userId, limit), AVIATOR_HISTORY_MAX);
  const { rows, isLoading, isError } = list;
  const columns = [
    t('aviator.game'),
    t('aviator.stake'),
    t('aviator.multiplier'),
    t('aviator.winnings'),
    t('aviator.time'),
    t('aviator.status'),
  ];
  return (
    <HistoryTable
      testId="history-table"
      columns={columns}
      isLoading={isLoading}
      isError={isError}
      count={rows.length}
      paged={list}
    >
      {rows.map((r) => (
        <tr key={`${r.round_id}-${r.slot}`} className={r.status === 'Lost' ? 'row-loss' : 'row-win'}>
          <td>{t('aviator.gameName')}</td>
          <td>{formatInr(r.betAmt)}</td>
          <td>{r.multiplier ? `${r.multiplier.toFixed(2)}x` : '—'}</td>
          <td>{formatInr(r.winningAmt)}</td>
          <td>{formatDateTime(r.createdAt)}</td>
          <td>
            <span className={`status status-${statusTone(r.status)}`}>
              {t(`aviator.state.${String(r.status).toLowerCase()}`, { defaultValue: r.status })}
            </span>
          </td>
        </tr>
      ))}
    </HistoryTable>
  );
}
