import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/i18n/format';
import { formatInr } from '@/lib/money';
import { useHistory } from '../api/get-history';
import { HistoryTable } from './HistoryTable';

const statusTone = (s: string) => (s === 'Won' ? 'approved' : s === 'Lost' ? 'rejected' : 'pending');

/** The Aviator tab: `GET /api/history/{userId}`, newest first. */
export function AviatorHistory({ userId }: { userId: string }) {
  const { t } = useTranslation('history');
  const { data, isLoading, isError } = useHistory(userId);
  const columns = [
    t('aviator.game'),
    t('aviator.stake'),
    t('aviator.multiplier'),
    t('aviator.winnings'),
    t('aviator.time'),
    t('aviator.status'),
  ];
  const rows = Array.isArray(data) ? data : [];
  return (
    <HistoryTable testId="history-table" columns={columns} isLoading={isLoading} isError={isError} count={rows.length}>
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
