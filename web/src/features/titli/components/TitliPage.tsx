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
import { useNow } from '../../round-table/hooks/use-now';
import { useRoundTable } from '../../round-table/hooks/use-round-table';
import { canBet, countdownLabel, payoutOf, secondsLeft } from '../../round-table/state';
import { checkLines, problemText, totalOf } from '../../round-table/totals';
import { pickLabel, pictureOf, winnerOf } from '../pictures';
import { addChip, linesOf, type Selection } from '../selection';
import { GAME, type TitliPick, type TitliShown } from '../wire';
import { PictureGrid } from './PictureGrid';
import { TitliBetPanel } from './TitliBetPanel';

type Status = { text: string; tone: 'info' | 'warn' | 'ok' };

const emojiOf = (r: TitliShown) => pictureOf(r.winningImageNumber)?.emoji ?? '?';
const labelOf = (r: TitliShown) => pictureOf(r.winningImageNumber)?.label ?? r.winningImage;

/** Titli Par: pick pictures, each with its own amount; one picture of twelve wins 10×. */
export function TitliPage({ userId }: { userId: string | null }) {
  const { state, placeBet, joinError } = useRoundTable<TitliPick, TitliShown>(GAME, userId);
  const wallet = useWallet(userId);
  const connected = useSocketConnected();
  const myBets = useMyBets(GAME);
  const now = useNow(250);
  const [chip, setChip] = useState(10);
  const [busy, setBusy] = useState(false);
  // Selection and message belong to a round: a new round starts from nothing.
  const [sel, setSel] = useState<{ round: number | null; picks: Selection }>({ round: null, picks: {} });
  const [note, setNote] = useState<{ round: number | null } & Status>({ round: null, text: '', tone: 'info' });
  const picks = sel.round === state.roundId ? sel.picks : {};
  const lines = linesOf(picks);
  const total = totalOf(lines);
  const placed = state.tickets.length > 0;
  const open = canBet(state) && connected;
  const canEdit = open && !placed;
  const payout = payoutOf(state.payouts, 1, 10);
  const winner = state.phase === 'settled' || state.phase === 'revealing' ? winnerOf(state.result) : null;

  const say = (text: string, tone: Status['tone']) => setNote({ round: state.roundId, text, tone });

  async function submit() {
    if (!canEdit || busy) return;
    const problem = checkLines(lines, state, wallet.data?.balance);
    if (problem?.code === 'no_picks') {
      toast('Select Images! Please select at least one image.', 'error');
      return say('Please select at least one image.', 'warn');
    }
    if (problem) {
      toast(problemText(problem), 'error');
      return say(problemText(problem), 'warn');
    }
    setBusy(true);
    const res = await placeBet(lines);
    setBusy(false);
    if (res.success) {
      toast('Bet placed!', 'success');
      say(`Bet placed: ₹${fixed2(res.total)} on ${res.bets.map((b) => pickLabel(b.pick)).join(', ')}. Good luck!`, 'ok');
    } else {
      toast(res.message || 'Bet Failed! Please try again.', 'error');
      say('Bet Failed! Please try again.', 'warn');
    }
  }

  const status: Status =
    note.round === state.roundId && note.text
      ? note
      : !connected
        ? { text: 'Not connected to game server', tone: 'warn' }
        : winner
          ? { text: `Winner: ${winner.label}. Waiting for next round...`, tone: 'info' }
          : !open
            ? { text: 'Betting closed. Result coming...', tone: 'info' }
            : lines.length > 0
              ? { text: `Total ₹${fixed2(total)} on ${lines.length} picture${lines.length > 1 ? 's' : ''}`, tone: 'info' }
              : { text: 'Choose an amount, then tap pictures.', tone: 'info' };

  return (
    <div className="rt-page titli">
      <header className="rt-head">
        <h1>Titli Par</h1>
        <FairLink game={GAME} roundId={state.roundId} commitment={state.commitment} />
      </header>
      {(!connected || joinError) && <p className="banner-error">{joinError ?? 'Not connected to game server'}</p>}
      <RoundStatus roundId={state.roundId} open={open} seconds={secondsLeft(state, now)} label={countdownLabel(state.phase)} />
      <ResultHistory history={state.history} size={12} render={emojiOf} title={labelOf} />
      {winner && (
        <p className="titli-winner" data-testid="winner-banner">
          <span aria-hidden>{winner.emoji}</span> {winner.label} wins!
        </p>
      )}
      <PictureGrid selection={picks} winner={winner?.number ?? null} disabled={!canEdit} onTap={(p) => setSel({ round: state.roundId, picks: addChip(picks, p, chip) })} />
      <TitliBetPanel
        chip={chip}
        payout={payout}
        status={status}
        canEdit={canEdit}
        placed={placed}
        busy={busy}
        hasPicks={lines.length > 0}
        onChip={setChip}
        onClear={() => setSel({ round: state.roundId, picks: {} })}
        onPlace={() => void submit()}
      />
      <BetsFeed rows={state.feed} renderPick={(p: TitliPick) => pictureOf(p)?.emoji ?? `#${p}`} />
      <MyBetsList
        bets={myBets.data}
        loading={myBets.isLoading}
        failed={myBets.isError}
        renderPick={(p) => (typeof p === 'number' ? (pictureOf(p)?.emoji ?? `#${p}`) : String(p))}
        renderResult={(r) => ('winningImageNumber' in r ? emojiOf(r) : null)}
      />
    </div>
  );
}
