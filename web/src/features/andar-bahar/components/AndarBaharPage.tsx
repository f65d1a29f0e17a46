import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fixed2 } from '@/lib/money';
import { toast } from '@/lib/toast';
import { BetsFeed } from '../../round-table/components/BetsFeed';
import { RoundTop } from '../../round-table/components/RoundTop';
import { useRoundPage } from '../../round-table/hooks/use-round-table';
import { payoutOf } from '../../round-table/state';
import { checkLines, problemText } from '../../round-table/totals';
import { useBets2 } from '../api/get-bets2';
import { tableCards } from '../cards';
import { GAME, SIDES, type AbShown, type Side } from '../wire';
import { BetSlip } from './BetSlip';
import { CardTable } from './CardTable';
import { MyBetTable } from './MyBetTable';
import '../andar-bahar.css';

const DEFAULT_PAYOUT: Record<Side, number> = { Andar: 1.9, Bahar: 2 };
/** The history strip's mark: its colour by the winning side (A, B), its letter in the player's language. */
const markClass = (r: AbShown) =>
  r.winner === 'Andar' ? 'ab-mark ab-mark-A' : r.winner === 'Bahar' ? 'ab-mark ab-mark-B' : 'ab-mark';

/** Andar Bahar: a joker, then cards dealt Andar, Bahar, … until one matches the joker's rank. */
export function AndarBaharPage({ userId }: { userId: string | null }) {
  const { t } = useTranslation('andarBahar');
  const sideLabel = (side: Side) => t(`sides.${side}`);
  const mark = (r: AbShown) => (r.winner ? t(`marks.${r.winner}`) : '·');
  const { state, balance, open, busy, send, top } = useRoundPage(GAME, userId);
  const bets2 = useBets2(userId);
  const [slip, setSlip] = useState<Side | null>(null);
  const cards = tableCards(state.result, state.steps);
  const payout = (side: Side) => payoutOf(state.payouts, side, DEFAULT_PAYOUT[side]);

  async function place(side: Side, amount: number) {
    const lines = [{ pick: side, amount }];
    const problem = checkLines(lines, state, balance);
    if (problem) return toast(problemText(problem), 'error');
    const res = await send(lines);
    if (res.success) {
      toast(t('bet.placedToast', { side: sideLabel(side), amount: `₹${fixed2(res.total)}` }), 'success');
      setSlip(null);
    }
  }

  const message =
    state.phase === 'settled'
      ? t('roundTable:round.waitingNext')
      : state.phase === 'closed' || state.phase === 'revealing' || !state.bettingOpen
        ? t('round.waitingResult')
        : t('round.placeBets');

  return (
    <div className="rt-page ab">
      <RoundTop
        {...top}
        title={t('title')}
        render={(r: AbShown) => <b className={markClass(r)}>{mark(r)}</b>}
        describe={(r: AbShown) => (r.winner ? sideLabel(r.winner) : '—')}
      />
      <CardTable cards={cards} />
      {cards.winner && (
        <p className={`ab-banner ab-banner-${cards.winner.toLowerCase()}`} data-testid="winner-banner">
          {t('result.wins', { side: sideLabel(cards.winner) })}
        </p>
      )}
      <p className="ab-wait" data-testid="round-message">
        {message}
      </p>
      <div className="ab-sides">
        {SIDES.map((side) => (
          <button
            key={side}
            type="button"
            className={`ab-side ab-side-${side.toLowerCase()}`}
            disabled={!open}
            onClick={() => setSlip(side)}
            data-testid={`pick-${side}`}
          >
            <b>{sideLabel(side)}</b>
            <small data-testid={`payout-${side}`}>{payout(side)}×</small>
          </button>
        ))}
      </div>
      {state.tickets.length > 0 && (
        <p className="rt-line-status rt-ok" data-testid="bet-status">
          {t('bet.yours', {
            bets: state.tickets
              .map((tk) => tk.bets.map((b) => `${sideLabel(b.pick)} ₹${fixed2(b.amount)}`).join(', '))
              .join(' · '),
          })}
        </p>
      )}
      <MyBetTable rows={bets2.data} loading={bets2.isLoading} failed={bets2.isError} />
      <BetsFeed rows={state.feed} renderPick={(p: Side) => sideLabel(p)} />
      {slip && (
        <BetSlip
          side={slip}
          payout={payout(slip)}
          open={open}
          busy={busy}
          onPlace={(a) => void place(slip, a)}
          onClose={() => setSlip(null)}
        />
      )}
    </div>
  );
}
