import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/Modal';
import { formatAmount } from '@/lib/money';
import { Flash } from '../../sports/components/Flash';
import { useAutoClear } from '../hooks/use-auto-clear';
import { formatRate } from '../../sports/format';
import { backs, betMoney, kindLabel, QUICK_STAKES, type Pick, type Quote } from '../slip';
import { Field, InputField } from '@/components/Field';
import { AmountChips } from '@/components/AmountChips';

interface Props {
  pick: Pick;
  /** The selected price now (it follows the feed while the popup is open); `null` once its market is gone. */
  quote: Quote | null;
  pending: boolean;
  onSubmit: (stakeText: string, quote: Quote) => void;
  onClose: () => void;
}

/** A quick stake as its chip shows it: "10,000". */
const chip = (n: number) => n.toLocaleString('en-IN');

/** What the stake box keeps of a typed text: digits and one decimal point. */
const stakeText = (t: string) =>
  t
    .replace(/[^\d.]/g, '')
    .replace(/(\..*)\./g, '$1')
    .slice(0, 9);

/**
 * The bet popup (a bottom sheet): Bet For and Rate/Odds read-only, the stake (typed or a quick stake), what the bet
 * wins and loses at that stake, Reset and Submit. Submit sends the rate shown, and waits while the market is
 * suspended. An over-market selection clears itself after 7 s left alone (the count shown; anything done with the
 * slip starts it again).
 */
export function BetPopup({ pick, quote, pending, onSubmit, onClose }: Props) {
  const { t } = useTranslation('exchange');
  const [stake, setStake] = useState('');
  const rate = quote?.rate ?? 0;
  const { profit, loss } = betMoney(pick.kind, Number(stake), rate);
  const betFor = `${pick.label} · ${kindLabel(pick.kind)}${pick.market === 'fancy' && quote?.runs != null ? ` ${quote.runs}` : ''}`;
  const note = !quote ? t('popup.closed') : !quote.open ? t('popup.suspended') : null;
  const clearsIn = useAutoClear(pick.market === 'fancy' && !pending, `${stake}|${quote?.open}`, onClose);
  return (
    <Modal title={t('popup.title')} onClose={onClose}>
      <form
        className={`ex-slip ${backs(pick.kind) ? 'ex-slip-back' : 'ex-slip-lay'}`}
        data-testid="bet-popup"
        onSubmit={(e) => {
          e.preventDefault();
          if (quote?.open && !pending) onSubmit(stake, quote);
        }}
      >
        <InputField id="ex-bet-for" label={t('popup.betFor')} readOnly value={betFor} data-testid="bet-for" />
        <Field id="ex-rate" label={t('popup.rate')}>
          <Flash value={rate} className="ex-rate-flash">
            <input id="ex-rate" readOnly value={formatRate(rate)} data-testid="bet-rate" />
          </Flash>
        </Field>
        <InputField
          id="ex-stake"
          label={t('popup.stake')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('popup.stakePlaceholder')}
          value={stake}
          onChange={(e) => setStake(stakeText(e.target.value))}
        />
        <InputField
          id="ex-profit"
          label={t('popup.profit')}
          readOnly
          value={formatAmount(profit)}
          data-testid="bet-profit"
          after={
            <small className="ex-loss" data-testid="bet-loss">
              {t('popup.loss', { amount: formatAmount(loss) })}
            </small>
          }
        />
        {/* Always laid out, so the buttons below do not jump as the market suspends and reopens with each ball. */}
        <p className="ex-note" role="status" data-testid="bet-note">
          {note}
        </p>
        {clearsIn !== null && (
          <p className="ex-countdown muted" data-testid="bet-countdown">
            {t('popup.clearsIn', { seconds: clearsIn })}
          </p>
        )}
        <AmountChips
          amounts={QUICK_STAKES}
          onPick={(a) => setStake(String(a))}
          className="ex-quick"
          label={t('popup.quickStakes')}
          text={chip}
          testId={(a) => `quick-${a}`}
        />
        <div className="bet-actions">
          <button type="button" className="btn btn-outline ex-reset" onClick={() => setStake('')}>
            {t('popup.reset')}
          </button>
          <button type="submit" className="btn btn-bet" disabled={pending || !quote?.open}>
            {pending ? t('popup.placing') : t('popup.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
