import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fixed2 } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useMyBets } from '../../round-table/api/get-my-bets';
import { BetsFeed } from '../../round-table/components/BetsFeed';
import { MyBetsList } from '../../round-table/components/MyBetsList';
import { StakeChips } from '../../round-table/components/StakeChips';
import { chipInr } from '../../round-table/money';
import { RoundTop } from '../../round-table/components/RoundTop';
import { useRoundPage } from '../../round-table/hooks/use-round-table';
import { payoutOf } from '../../round-table/state';
import { checkLines, problemText } from '../../round-table/totals';
import { colourCounts, colourLabel, isColour, SWATCH } from '../colours';
import { GAME, type ColorShown, type Colour } from '../wire';
import { ColourButtons } from './ColourButtons';

const STAKES = [10, 50, 100, 500, 1000, 5000] as const;

const swatchOf = (c: Colour | string) => (isColour(c) ? SWATCH[c] : 'var(--line)');
const Dot = ({ c }: { c: Colour | string }) => (
  <span className="cp-dot" style={{ background: swatchOf(c) }} aria-label={colourLabel(c)} />
);

/** Color Prediction: red, green or blue; the drawn colour pays 2.9×. */
export function ColorPage({ userId }: { userId: string | null }) {
  const { t } = useTranslation('color');
  const { state, balance, open, busy, send, top } = useRoundPage(GAME, userId);
  const myBets = useMyBets(GAME);
  const [colour, setColour] = useState<Colour | null>(null);
  const [stake, setStake] = useState(100);
  const payout = (c: Colour) => payoutOf(state.payouts, c, 2.9);
  const drawn = state.phase === 'settled' && state.result ? state.result.colour : null;

  async function submit() {
    if (!colour) return toast(t('bet.chooseFirst'), 'error');
    const lines = [{ pick: colour, amount: stake }];
    const problem = checkLines(lines, state, balance);
    if (problem) return toast(problemText(problem), 'error');
    const res = await send(lines);
    if (res.success)
      toast(t('bet.placedToast', { colour: colourLabel(colour), amount: `₹${fixed2(res.total)}` }), 'success');
  }

  const status = !open
    ? state.phase === 'settled'
      ? t('roundTable:round.waitingNext')
      : t('roundTable:round.closedWaiting')
    : colour
      ? t('status.returns', {
          stake: chipInr(stake),
          colour: colourLabel(colour),
          amount: `₹${fixed2(stake * payout(colour))}`,
        })
      : t('status.choose');

  return (
    <div className="rt-page cp">
      <RoundTop
        {...top}
        title={t('title')}
        render={(r: ColorShown) => <Dot c={r.colour} />}
        describe={(r: ColorShown) => colourLabel(r.colour)}
      />
      {drawn && (
        <p className="cp-result" data-testid="winner-banner">
          <Dot c={drawn} /> {t('result.wins', { colour: colourLabel(drawn) })}
        </p>
      )}
      <ColourButtons
        selected={colour}
        payout={payout}
        counts={colourCounts(state.history)}
        rounds={state.history.length}
        disabled={!open}
        onSelect={setColour}
      />
      <section className="card rt-bet" aria-label={t('roundTable:bet.label')}>
        <StakeChips amounts={STAKES} selected={stake} disabled={!open} onSelect={setStake} columns={3} />
        <p className="rt-line-status" data-testid="bet-status" role="status">
          {status}
        </p>
        {state.tickets.length > 0 && (
          <p className="rt-line-status rt-ok" data-testid="my-round-bets">
            {t('bet.yours', {
              bets: state.tickets
                .map((tk) => tk.bets.map((b) => `${colourLabel(b.pick)} ₹${fixed2(b.amount)}`).join(', '))
                .join(' · '),
            })}
          </p>
        )}
        <button
          type="button"
          className="btn btn-bet rt-place"
          disabled={!open || busy}
          onClick={() => void submit()}
          data-testid="place-bet"
        >
          {busy ? t('roundTable:bet.placing') : t('roundTable:bet.place')}
        </button>
      </section>
      <MyBetsList
        rows={myBets.data}
        loading={myBets.isLoading}
        failed={myBets.isError}
        renderPick={(p) => colourLabel(String(p))}
        renderResult={(r) => ('colour' in r ? <Dot c={r.colour} /> : null)}
      />
      <BetsFeed rows={state.feed} renderPick={(p: Colour) => colourLabel(p)} />
    </div>
  );
}
