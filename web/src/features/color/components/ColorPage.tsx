import { useState } from 'react';
import { fixed2 } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useSocketConnected } from '@/lib/use-socket-status';
import { useWallet } from '@/lib/wallet';
import { useMyBets } from '../../round-table/api/get-my-bets';
import { BetsFeed } from '../../round-table/components/BetsFeed';
import { FairLink } from '../../round-table/components/FairLink';
import { MyBetsList } from '../../round-table/components/MyBetsList';
import { ResultHistory } from '../../round-table/components/ResultHistory';
import { RoundStatus } from '../../round-table/components/RoundStatus';
import { StakeChips } from '../../round-table/components/StakeChips';
import { useNow } from '../../round-table/hooks/use-now';
import { useRoundTable } from '../../round-table/hooks/use-round-table';
import { canBet, countdownLabel, payoutOf, secondsLeft } from '../../round-table/state';
import { checkLines, problemText } from '../../round-table/totals';
import { colourCounts, colourLabel, isColour, SWATCH } from '../colours';
import { GAME, type ColorShown, type Colour } from '../wire';
import { ColourButtons } from './ColourButtons';

const STAKES = [10, 50, 100, 500, 1000, 5000] as const;

const Dot = ({ c }: { c: Colour | string }) => <span className="cp-dot" style={{ background: isColour(c) ? SWATCH[c] : 'var(--line)' }} aria-label={colourLabel(c)} />;

/** Color Prediction: red, green or blue; the drawn colour pays 2.9×. */
export function ColorPage({ userId }: { userId: string | null }) {
  const { state, placeBet, joinError } = useRoundTable<Colour, ColorShown>(GAME, userId);
  const wallet = useWallet(userId);
  const connected = useSocketConnected();
  const myBets = useMyBets(GAME);
  const now = useNow(250);
  const [colour, setColour] = useState<Colour | null>(null);
  const [stake, setStake] = useState(100);
  const [busy, setBusy] = useState(false);
  const open = canBet(state) && connected;
  const payout = (c: Colour) => payoutOf(state.payouts, c, 2.9);
  const drawn = state.phase === 'settled' && state.result ? state.result.colour : null;

  async function submit() {
    if (!colour) return toast('Choose a colour first.', 'error');
    const lines = [{ pick: colour, amount: stake }];
    const problem = checkLines(lines, state, wallet.data?.balance);
    if (problem) return toast(problemText(problem), 'error');
    setBusy(true);
    const res = await placeBet(lines);
    setBusy(false);
    if (res.success) toast(`Bet placed: ${colourLabel(colour)} ₹${fixed2(res.total)}`, 'success');
    else toast(res.message || 'Bet Failed! Please try again.', 'error');
  }

  const status = !open
    ? state.phase === 'settled'
      ? 'Waiting for next round...'
      : 'Betting closed. Result coming...'
    : colour
      ? `₹${stake.toLocaleString('en-IN')} on ${colourLabel(colour)} returns ₹${fixed2(stake * payout(colour))}`
      : 'Choose a colour and a stake.';

  return (
    <div className="rt-page cp">
      <header className="rt-head">
        <h1>Color Prediction</h1>
        <FairLink game={GAME} roundId={state.roundId} commitment={state.commitment} />
      </header>
      {(!connected || joinError) && <p className="banner-error">{joinError ?? 'Not connected to game server'}</p>}
      <RoundStatus roundId={state.roundId} open={open} seconds={secondsLeft(state, now)} label={countdownLabel(state.phase)} />
      <ResultHistory history={state.history} size={12} render={(r: ColorShown) => <Dot c={r.colour} />} title={(r: ColorShown) => colourLabel(r.colour)} />
      {drawn && (
        <p className="cp-result" data-testid="winner-banner">
          <Dot c={drawn} /> {colourLabel(drawn)} wins!
        </p>
      )}
      <ColourButtons selected={colour} payout={payout} counts={colourCounts(state.history)} rounds={state.history.length} disabled={!open} onSelect={setColour} />
      <section className="card rt-bet" aria-label="Bet">
        <StakeChips amounts={STAKES} selected={stake} disabled={!open} onSelect={setStake} columns={3} />
        <p className="rt-line-status" data-testid="bet-status" role="status">
          {status}
        </p>
        {state.tickets.length > 0 && (
          <p className="rt-line-status rt-ok" data-testid="my-round-bets">
            Your bets: {state.tickets.map((t) => t.bets.map((b) => `${colourLabel(b.pick)} ₹${fixed2(b.amount)}`).join(', ')).join(' · ')}
          </p>
        )}
        <button type="button" className="btn btn-bet rt-place" disabled={!open || busy} onClick={() => void submit()} data-testid="place-bet">
          {busy ? 'Placing…' : 'Place Bet'}
        </button>
      </section>
      <MyBetsList bets={myBets.data} loading={myBets.isLoading} failed={myBets.isError} renderPick={(p) => colourLabel(String(p))} renderResult={(r) => ('colour' in r ? <Dot c={r.colour} /> : null)} />
      <BetsFeed rows={state.feed} renderPick={(p: Colour) => colourLabel(p)} />
    </div>
  );
}
