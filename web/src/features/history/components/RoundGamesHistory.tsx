/**
 * The Round games tab of My Bets: the player's tickets at Titli Par, Andar Bahar and Color Prediction
 * (`GET /api/games/{game}/bets`), one game at a time (`?game=`), newest first, a page at a time. Each row: the round,
 * the picks with their stakes, the round's result and what the ticket paid.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '@/components/Tabs';
import { formatDateTime } from '@/i18n/format';
import { formatInr } from '@/lib/money';
import { GAME_NAMES, type GameName } from '../../round-table/wire';
import { GAME_BETS_MAX, roundBets, type MyBet } from '../api/get-game-bets';
import { usePagedList } from '../hooks/use-paged-list';
import { pickText, resultText, swatchOf } from '../round-outcome';
import { PagedTable } from './HistoryTable';
import '../history.css';

const gameOf = (v: string | null): GameName => GAME_NAMES.find((g) => g === v) ?? 'titli';
const TONE = { open: 'pending', won: 'approved', lost: 'rejected' } as const;

function Swatch({ colour }: { colour: string | undefined }) {
  return colour ? <span className="hb-swatch" style={{ background: colour }} aria-hidden="true" /> : null;
}

function Row({ game, b }: { game: GameName; b: MyBet }) {
  const { t } = useTranslation('history');
  return (
    <tr className={b.status === 'lost' ? 'row-loss' : 'row-win'} data-testid="round-bet-row">
      <td>#{b.roundId}</td>
      <td>
        {b.bets.map((l, i) => (
          <span key={i} className="hb-line">
            <Swatch colour={swatchOf(game, l.pick)} />
            {pickText(game, l.pick)} {formatInr(l.amount)}
          </span>
        ))}
      </td>
      <td>{formatInr(b.stake)}</td>
      <td>
        {b.result == null ? (
          '…'
        ) : (
          <span className="hb-line">
            <Swatch colour={swatchOf(game, b.result)} />
            {resultText(game, b.result)}
          </span>
        )}
      </td>
      <td>{b.payout == null ? '—' : formatInr(b.payout)}</td>
      <td>{formatDateTime(b.createdAt)}</td>
      <td>
        <span className={`status status-${TONE[b.status]}`}>{t(`rounds.state.${b.status}`)}</span>
      </td>
    </tr>
  );
}

function GameBets({ game }: { game: GameName }) {
  const { t } = useTranslation('history');
  const list = usePagedList(['history', 'rounds', game], roundBets(game), GAME_BETS_MAX);
  const columns = ['round', 'bet', 'stake', 'result', 'payout', 'time', 'status'].map((c) => t(`rounds.${c}`));
  return (
    <PagedTable testId="round-history-table" columns={columns} list={list}>
      {list.rows.map((b) => (
        <Row key={`${b.roundId}-${b.ticket}`} game={game} b={b} />
      ))}
    </PagedTable>
  );
}

export function RoundGamesHistory() {
  const { t } = useTranslation('history');
  const [params, setParams] = useSearchParams();
  const game = gameOf(params.get('game'));
  return (
    <>
      <Tabs
        className="hb-games"
        label={t('tabs.rounds')}
        options={GAME_NAMES.map((id) => ({ id, label: t(`games.${id}`) }))}
        value={game}
        onChange={(id) => setParams({ tab: 'rounds', game: id }, { replace: true })}
      />
      {/* A new game starts again at one page. */}
      <GameBets key={game} game={game} />
    </>
  );
}
