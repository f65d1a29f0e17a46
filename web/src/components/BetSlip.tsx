import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountChips } from '@/components/AmountChips';
import { Field, InputField } from '@/components/Field';
import { Flash } from '@/components/Flash';
import { Modal } from '@/components/Modal';
import { backs, betMoney, limitsText, QUICK_STAKES, type StakeLimits } from '@/lib/bets/slip';
import type { BetKind } from '@/lib/bets/wire';
import { formatAmount } from '@/lib/money';
import { useAutoClear } from '@/lib/use-auto-clear';
import './bet-slip.css';

/** The selected price now, as the slip shows it; `null` once its market is gone. */
export interface SlipPrice {
  /** What the bet wins a rupee, ×100 (a Bookmaker or fancy rate; Match Odds: `(odds − 1)·100`). */
  rate: number;
  /** The price as the market shows it (Match Odds: decimal odds; a rate as sent). */
  text: string;
  open: boolean;
}

interface Props {
  /** Read-only "Bet For": the runner or line and the side. */
  betFor: string;
  kind: BetKind;
  price: SlipPrice | null;
  pending: boolean;
  /** The selection clears itself after 7 s left alone (the spec's over-market slip). */
  autoClear: boolean;
  /** The market's terms, shown when given: its stake limits and its bet delay in seconds (shown when above 0). */
  terms?: { limits: StakeLimits; betDelay: number | null };
  onSubmit: (stakeText: string) => void;
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
 * The bet slip (a bottom sheet): Bet For and Rate/Odds read-only, the market's terms, the stake (typed or a quick
 * stake), what the bet wins and loses at that stake, Reset and Submit. Submit waits while the market is suspended.
 * With `autoClear` the selection clears itself after 7 s left alone (the count shown; anything done with the slip
 * starts it again).
 */
export function BetSlip({ betFor, kind, price, pending, autoClear, terms, onSubmit, onClose }: Props) {
  const { t } = useTranslation('betslip');
  const [stake, setStake] = useState('');
  const rate = price?.rate ?? 0;
  const { profit, loss } = betMoney(kind, Number(stake), rate);
  const note = !price ? t('closed') : !price.open ? t('suspended') : null;
  const clearsIn = useAutoClear(autoClear && !pending, `${stake}|${price?.open}`, onClose);
  return (
    <Modal title={t('title')} onClose={onClose}>
      <form
        className={`ex-slip ${backs(kind) ? 'ex-slip-back' : 'ex-slip-lay'}`}
        data-testid="bet-popup"
        onSubmit={(e) => {
          e.preventDefault();
          if (price?.open && !pending) onSubmit(stake);
        }}
      >
        <InputField id="ex-bet-for" label={t('betFor')} readOnly value={betFor} data-testid="bet-for" />
        <Field id="ex-rate" label={t('rate')}>
          <Flash value={price?.text ?? ''} className="ex-rate-flash">
            <input id="ex-rate" readOnly value={price?.text ?? '-'} data-testid="bet-rate" />
          </Flash>
        </Field>
        {terms && (
          <p className="ex-terms" data-testid="bet-terms">
            <span>{limitsText(terms.limits)}</span>
            {terms.betDelay !== null && terms.betDelay > 0 && (
              <span data-testid="bet-delay">{t('delay', { seconds: terms.betDelay })}</span>
            )}
          </p>
        )}
        <InputField
          id="ex-stake"
          label={t('stake')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('stakePlaceholder')}
          value={stake}
          onChange={(e) => setStake(stakeText(e.target.value))}
        />
        <InputField
          id="ex-profit"
          label={t('profit')}
          readOnly
          value={formatAmount(profit)}
          data-testid="bet-profit"
          after={
            <small className="ex-loss" data-testid="bet-loss">
              {t('loss', { amount: formatAmount(loss) })}
            </small>
          }
        />
        {/* Always laid out, so the buttons below do not jump as the market suspends and reopens with each ball. */}
        <p className="ex-note" role="status" data-testid="bet-note">
          {note}
        </p>
        {clearsIn !== null && (
          <p className="ex-countdown muted" data-testid="bet-countdown">
            {t('clearsIn', { seconds: clearsIn })}
          </p>
        )}
        <AmountChips
          amounts={QUICK_STAKES}
          onPick={(a) => setStake(String(a))}
          className="ex-quick"
          label={t('quickStakes')}
          text={chip}
          testId={(a) => `quick-${a}`}
        />
        <div className="bet-actions">
          <button type="button" className="btn btn-outline ex-reset" onClick={() => setStake('')}>
            {t('reset')}
          </button>
          <button type="submit" className="btn btn-bet" disabled={pending || !price?.open}>
            {pending ? t('placing') : t('submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
