import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fixed2 } from '@/lib/money';
import { toast } from '@/lib/toast';
import { MIN_AUTO_CASHOUT, QUICK_STAKES, parseAutoCashout, validateBet } from '../bet-rules';
import type { SlotState } from '../state';
import type { Slot } from '../types';
import { AmountChips } from '@/components/AmountChips';

interface Props {
  slot: Slot;
  bet: SlotState;
  multiplier: number;
  balance: number | undefined;
  connected: boolean;
  canBet: boolean;
  canCancel: boolean;
  canCashOut: boolean;
  onBet: (amount: number, autoCashout: number | null) => void;
  onCancel: () => void;
  onCashOut: () => void;
}

export function BetPanel({
  slot,
  bet,
  multiplier,
  balance,
  connected,
  canBet,
  canCancel,
  canCashOut,
  onBet,
  onCancel,
  onCashOut,
}: Props) {
  const { t } = useTranslation('aviator');
  const [amountText, setAmountText] = useState(bet.amount > 0 ? String(bet.amount) : '100');
  const [autoOn, setAutoOn] = useState(false);
  const [autoText, setAutoText] = useState('2.00');
  const amount = Number(amountText);
  const locked = bet.status !== 'idle';
  const inputsDisabled = locked || !canBet;

  function submit() {
    if (!amountText || amount === 0 || locked) {
      if (!amountText || amount === 0) toast(t('errors.invalidAmount'), 'error');
      return;
    }
    const auto = parseAutoCashout(autoOn, autoText);
    const problem = validateBet(amount, balance, connected, auto);
    if (problem) {
      toast(problem, 'error');
      return;
    }
    onBet(amount, auto);
  }

  const status =
    bet.status === 'cashed'
      ? t('panel.cashed', { multiplier: fixed2(bet.cashMultiplier ?? 0), amount: `₹${fixed2(bet.winnings)}` })
      : bet.status === 'lost'
        ? t('panel.lost', { amount: `₹${fixed2(bet.amount)}` })
        : bet.status === 'placed'
          ? bet.autoCashout
            ? t('panel.placedAuto', { amount: `₹${fixed2(bet.amount)}`, multiplier: fixed2(bet.autoCashout) })
            : t('panel.placed', { amount: `₹${fixed2(bet.amount)}` })
          : bet.status === 'pending'
            ? t('panel.placing')
            : canBet
              ? t('panel.open')
              : t('panel.waitNext');

  return (
    <section
      className={`bet-panel bet-${bet.status}`}
      data-testid={`bet-panel-${slot}`}
      aria-label={t('panel.label', { n: slot + 1 })}
    >
      <div className="bet-row">
        <label className="sr-only" htmlFor={`amt-${slot}`}>
          {t('panel.amount')}
        </label>
        <input
          id={`amt-${slot}`}
          className="amount-input"
          type="number"
          inputMode="decimal"
          min="1"
          step="1"
          value={amountText}
          disabled={inputsDisabled}
          onChange={(e) => setAmountText(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-small btn-outline"
          disabled={inputsDisabled}
          onClick={() => setAmountText('')}
        >
          {t('panel.clear')}
        </button>
      </div>
      <AmountChips
        amounts={QUICK_STAKES}
        onPick={(q) => setAmountText(String((Number(amountText) || 0) + q))}
        className="quick-grid"
        text={(q) => `+${q}`}
        disabled={inputsDisabled}
      />
      <div className="auto-row">
        <label>
          <input
            type="checkbox"
            checked={autoOn}
            disabled={inputsDisabled}
            onChange={(e) => setAutoOn(e.target.checked)}
          />{' '}
          {t('panel.auto')}
        </label>
        <input
          aria-label={t('panel.autoMultiplier')}
          className="auto-input"
          type="number"
          inputMode="decimal"
          min={MIN_AUTO_CASHOUT}
          step="0.01"
          value={autoText}
          disabled={!autoOn || inputsDisabled}
          onChange={(e) => setAutoText(e.target.value)}
        />
        <span>{t('panel.times')}</span>
      </div>
      <p className="bet-status" data-testid={`bet-status-${slot}`}>
        {status}
      </p>
      <div className="bet-actions">
        {canCancel ? (
          <button type="button" className="btn btn-cancel" onClick={onCancel}>
            {t('panel.cancel')}
          </button>
        ) : (
          <button type="button" className="btn btn-bet" disabled={!canBet} onClick={submit}>
            {amount > 0 ? t('panel.betAmount', { amount: `₹${fixed2(amount)}` }) : t('panel.bet')}
          </button>
        )}
        <button type="button" className="btn btn-cashout" disabled={!canCashOut} onClick={onCashOut}>
          {t('panel.takeWinnings')}
          {canCashOut && <small>₹{fixed2(bet.amount * multiplier)}</small>}
        </button>
      </div>
    </section>
  );
}
