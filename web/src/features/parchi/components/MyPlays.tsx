/** The Parchi tab of My Bets: the player's own plays, newest first: match, card and its players, points, the result. */
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/i18n/format';
import { formatInr } from '@/lib/money';
import { useMyPlays } from '../api/get-my-plays';
import { HistoryTable } from '../../history/components/HistoryTable';
import type { EntryStatus } from '../api/types';

const TONE: Record<EntryStatus, string> = { held: 'pending', won: 'approved', lost: 'rejected', returned: 'pending' };

export function MyPlays({ userId }: { userId: string }) {
  const { t } = useTranslation('parchi');
  const { data: rows = [], isLoading, isError } = useMyPlays(userId);
  const columns = [
    t('myPlays.match'),
    t('myPlays.card'),
    t('myPlays.points'),
    t('myPlays.paid'),
    t('myPlays.time'),
    t('myPlays.status'),
  ];
  return (
    <HistoryTable
      testId="parchi-history-table"
      columns={columns}
      isLoading={isLoading}
      isError={isError}
      count={rows.length}
    >
      {rows.map((r) => (
        <tr key={r.id}>
          <td>{r.matchName}</td>
          <td>{t('myPlays.cardPlayers', { card: r.card, player1: r.player1 ?? '—', player2: r.player2 ?? '—' })}</td>
          <td>{formatInr(r.betpoints)}</td>
          <td>{r.status === 'held' ? '—' : formatInr(r.payout)}</td>
          <td>{formatDateTime(r.createdAt)}</td>
          <td>
            <span className={`status status-${TONE[r.status]}`}>
              {t(`myPlays.state.${r.status}`, { defaultValue: r.status })}
            </span>
          </td>
        </tr>
      ))}
    </HistoryTable>
  );
}
