import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fixed2 } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useMyBets } from '../../round-table/api/get-my-bets';
import { BetsFeed } from '../../round-table/components/BetsFeed';
import { MyBetsList } from '../../round-table/components/MyBetsList';
import { RoundTop } from '../../round-table/components/RoundTop';
import { useRoundPage } from '../../round-table/hooks/use-round-table';
import { payoutOf } from '../../round-table/state';
import { checkLines, problemText, totalOf } from '../../round-table/totals';
import { pickLabel, pictureLabel, pictureOf, winnerOf } from '../pictures';
import { addChip, linesOf, type Selection } from '../selection';
import { GAME, type TitliPick, type TitliShown } from '../wire';
import { PictureGrid } from './PictureGrid';
import { ScratchCard } from './ScratchCard';
import { TitliBetPanel } from './TitliBetPanel';

type Status = { text: string; tone: 'info' | 'warn' | 'ok' };

const emojiOf = (r: TitliShown) => pictureOf(r.winningImageNumber)?.emoji ?? '?';
const labelOf = (r: TitliShown) => {
  const p = pictureOf(r.winningImageNumber);
  return p ? pictureLabel(p) : r.winningImage;
};

/** Titli Par: pick pictures, each with its own amount; one picture of twelve wins 10×. */
export function TitliPage({ userId }: { userId: string | null }) {
  const { t } = useTranslation('titli');
  const { state, balance, connected, open, busy, send, top } = useRoundPage(GAME, userId);
  const myBets = useMyBets(GAME);
  const [chip, setChip] = useState(10);
  // Selection and message belong to a round: a new round starts from nothing.
  const [sel, setSel] = useState<{ round: number | null; picks: Selection }>({ round: null, picks: {} });
  const [note, setNote] = useState<{ round: number | null } & Status>({ round: null, text: '', tone: 'info' });
  const picks = sel.round === state.roundId ? sel.picks : {};
  const lines = linesOf(picks);
  const total = totalOf(lines);
  const placed = state.tickets.length > 0;
  const canEdit = open && !placed;
  const payout = payoutOf(state.payouts, 1, 10);
  const winner = state.phase === 'settled' || state.phase === 'revealing' ? winnerOf(state.result) : null;

  const say = (text: string, tone: Status['tone']) => setNote({ round: state.roundId, text, tone });

  async function submit() {
    if (!canEdit || busy) return;
    const problem = checkLines(lines, state, balance);
    if (problem?.code === 'no_picks') {
      toast(t('bet.selectImagesToast'), 'error');
      return say(t('bet.selectImages'), 'warn');
    }
    if (problem) {
      toast(problemText(problem), 'error');
      return say(problemText(problem), 'warn');
    }
    const res = await send(lines);
    if (res.success) {
      toast(t('bet.placedToast'), 'success');
      say(
        t('bet.placedNote', {
          amount: `₹${fixed2(res.total)}`,
          pictures: res.bets.map((b) => pickLabel(b.pick)).join(', '),
        }),
        'ok',
      );
    } else {
      say(t('roundTable:errors.betFailed'), 'warn');
    }
  }

  const status: Status =
    note.round === state.roundId && note.text
      ? note
      : !connected
        ? { text: t('roundTable:errors.notConnected'), tone: 'warn' }
        : winner
          ? { text: t('status.winner', { label: pictureLabel(winner) }), tone: 'info' }
          : !open
            ? { text: t('roundTable:round.closedWaiting'), tone: 'info' }
            : lines.length > 0
              ? { text: t('status.total', { amount: `₹${fixed2(total)}`, count: lines.length }), tone: 'info' }
              : { text: t('status.choose'), tone: 'info' };

  return (
    <div className="rt-page titli">
      <RoundTop {...top} title={t('title')} render={emojiOf} describe={labelOf} />
      {winner && state.roundId !== null && (
        // The revealed result, under a scratch card: scratching only uncovers it (nothing waits for it).
        <ScratchCard roundId={state.roundId}>
          <p className="titli-winner" data-testid="winner-banner" data-picture={winner.number}>
            <span aria-hidden>{winner.emoji}</span> {t('result.wins', { label: pictureLabel(winner) })}
          </p>
        </ScratchCard>
      )}
      <PictureGrid
        selection={picks}
        winner={winner?.number ?? null}
        disabled={!canEdit}
        onTap={(p) => setSel({ round: state.roundId, picks: addChip(picks, p, chip) })}
      />
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
        rows={myBets.data}
        loading={myBets.isLoading}
        failed={myBets.isError}
        renderPick={(p) => (typeof p === 'number' ? (pictureOf(p)?.emoji ?? `#${p}`) : String(p))}
        renderResult={(r) => ('winningImageNumber' in r ? emojiOf(r) : null)}
      />
    </div>
  );
}
