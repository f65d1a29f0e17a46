import { useState } from 'react';
import { fixed2 } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useSocketConnected } from '@/lib/use-socket-status';
import { useWallet } from '@/lib/wallet';
import { BetsFeed } from '../../round-table/components/BetsFeed';
import { FairLink } from '../../round-table/components/FairLink';
import { ResultHistory } from '../../round-table/components/ResultHistory';
import { RoundStatus } from '../../round-table/components/RoundStatus';
import { useNow } from '../../round-table/hooks/use-now';
import { useRoundTable } from '../../round-table/hooks/use-round-table';
import { canBet, countdownLabel, payoutOf, secondsLeft } from '../../round-table/state';
import { checkLines, problemText } from '../../round-table/totals';
import { useBets2 } from '../api/get-bets2';
import { tableCards } from '../cards';
import { GAME, SIDES, type AbShown, type AbStep, type Side } from '../wire';
import { BetSlip } from './BetSlip';
import { CardTable } from './CardTable';
import { MyBetTable } from './MyBetTable';
import '../andar-bahar.css';

const DEFAULT_PAYOUT: Record<Side, number> = { Andar: 1.9, Bahar: 2 };
const winnerMark = (r: AbShown) => (r.winner === 'Andar' ? 'A' : r.winner === 'Bahar' ? 'B' : '·');

/** Andar Bahar: a joker, then cards dealt Andar, Bahar, … until one matches the joker's rank. */
export function AndarBaharPage({ userId }: { userId: string | null }) {
  const { state, placeBet, joinError } = useRoundTable<Side, AbShown, AbStep>(GAME, userId);
  const wallet = useWallet(userId);
  const connected = useSocketConnected();
  const bets2 = useBets2(userId);
  const now = useNow(250);
  const [slip, setSlip] = useState<Side | null>(null);
  const [busy, setBusy] = useState(false);
  const open = canBet(state) && connected;
  const cards = tableCards(state.result, state.steps);
  const payout = (side: Side) => payoutOf(state.payouts, side, DEFAULT_PAYOUT[side]);

  async function place(side: Side, amount: number) {
    const lines = [{ pick: side, amount }];
    const problem = checkLines(lines, state, wallet.data?.balance);
    if (problem) return toast(problemText(problem), 'error');
    setBusy(true);
    const res = await placeBet(lines);
    setBusy(false);
    if (res.success) {
      toast(`Bet placed: ${side} ₹${fixed2(res.total)}`, 'success');
      setSlip(null);
    } else {
      toast(res.message || 'Bet Failed! Please try again.', 'error');
    }
  }

  const message =
    state.phase === 'settled'
      ? 'Waiting for next round...'
      : state.phase === 'closed' || state.phase === 'revealing' || !state.bettingOpen
        ? 'Waiting for result!......'
        : 'Place your bets!';

  return (
    <div className="rt-page ab">
      <header className="rt-head">
        <h1>Andar Bahar</h1>
        <FairLink game={GAME} roundId={state.roundId} commitment={state.commitment} />
      </header>
      {(!connected || joinError) && <p className="banner-error">{joinError ?? 'Not connected to game server'}</p>}
      <RoundStatus roundId={state.roundId} open={open} seconds={secondsLeft(state, now)} label={countdownLabel(state.phase)} />
      <ResultHistory history={state.history} size={12} render={(r: AbShown) => <b className={`ab-mark ab-mark-${winnerMark(r)}`}>{winnerMark(r)}</b>} title={(r: AbShown) => r.winner ?? '—'} />
      <CardTable cards={cards} />
      {cards.winner && (
        <p className={`ab-banner ab-banner-${cards.winner.toLowerCase()}`} data-testid="winner-banner">
          {cards.winner} wins!
        </p>
      )}
      <p className="ab-wait" data-testid="round-message">
        {message}
      </p>
      <div className="ab-sides">
        {SIDES.map((side) => (
          <button key={side} type="button" className={`ab-side ab-side-${side.toLowerCase()}`} disabled={!open} onClick={() => setSlip(side)} data-testid={`pick-${side}`}>
            <b>{side}</b>
            <small data-testid={`payout-${side}`}>{payout(side)}×</small>
          </button>
        ))}
      </div>
      {state.tickets.length > 0 && (
        <p className="rt-line-status rt-ok" data-testid="bet-status">
          Your bets: {state.tickets.map((t) => t.bets.map((b) => `${b.pick} ₹${fixed2(b.amount)}`).join(', ')).join(' · ')}
        </p>
      )}
      <MyBetTable rows={bets2.data} loading={bets2.isLoading} failed={bets2.isError} />
      <BetsFeed rows={state.feed} renderPick={(p: Side) => p} />
      {slip && <BetSlip side={slip} payout={payout(slip)} open={open} busy={busy} onPlace={(a) => void place(slip, a)} onClose={() => setSlip(null)} />}
    </div>
  );
}
