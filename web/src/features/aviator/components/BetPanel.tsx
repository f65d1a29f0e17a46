import { useState } from 'react';
import { fixed2 } from '@/lib/money';
import { toast } from '@/lib/toast';
import { MIN_AUTO_CASHOUT, QUICK_STAKES, parseAutoCashout, validateBet } from '../bet-rules';
import type { SlotState } from '../state';
import type { Slot } from '../types';

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

export function BetPanel({ slot, bet, multiplier, balance, connected, canBet, canCancel, canCashOut, onBet, onCancel, onCashOut }: Props) {
  const [amountText, setAmountText] = useState(bet.amount > 0 ? String(bet.amount) : '100');
  const [autoOn, setAutoOn] = useState(false);
  const [autoText, setAutoText] = useState('2.00');
  const amount = Number(amountText);
  const locked = bet.status !== 'idle';
  const inputsDisabled = locked || !canBet;

  function submit() {
    if (!amountText || amount === 0 || locked) {
      if (!amountText || amount === 0) toast('Please enter a valid bet amount', 'error');
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
      ? `Cashed out at ${fixed2(bet.cashMultiplier ?? 0)}x · won ₹${fixed2(bet.winnings)}`
      : bet.status === 'lost'
        ? `Lost ₹${fixed2(bet.amount)}`
        : bet.status === 'placed'
          ? `Bet ₹${fixed2(bet.amount)} placed${bet.autoCashout ? ` · auto ${fixed2(bet.autoCashout)}x` : ''}`
          : bet.status === 'pending'
            ? 'Placing bet...'
            : canBet
              ? 'Betting open'
              : 'Wait for the next round';

  return (
    <section className={`bet-panel bet-${bet.status}`} data-testid={`bet-panel-${slot}`} aria-label={`Bet ${slot + 1}`}>
      <div className="bet-row">
        <label className="sr-only" htmlFor={`amt-${slot}`}>
          Bet amount
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
        <button type="button" className="btn btn-small btn-outline" disabled={inputsDisabled} onClick={() => setAmountText('')}>
          Clear
        </button>
      </div>
      <div className="quick-grid">
        {QUICK_STAKES.map((q) => (
          <button key={q} type="button" className="chip" disabled={inputsDisabled} onClick={() => setAmountText(String((Number(amountText) || 0) + q))}>
            +{q}
          </button>
        ))}
      </div>
      <div className="auto-row">
        <label>
          <input type="checkbox" checked={autoOn} disabled={inputsDisabled} onChange={(e) => setAutoOn(e.target.checked)} /> Auto cash-out
        </label>
        <input
          aria-label="Auto cash-out multiplier"
          className="auto-input"
          type="number"
          inputMode="decimal"
          min={MIN_AUTO_CASHOUT}
          step="0.01"
          value={autoText}
          disabled={!autoOn || inputsDisabled}
          onChange={(e) => setAutoText(e.target.value)}
        />
        <span>x</span>
      </div>
      <p className="bet-status" data-testid={`bet-status-${slot}`}>
        {status}
      </p>
      <div className="bet-actions">
        {canCancel ? (
          <button type="button" className="btn btn-cancel" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <button type="button" className="btn btn-bet" disabled={!canBet} onClick={submit}>
            Bet {amount > 0 ? `₹${fixed2(amount)}` : ''}
          </button>
        )}
        <button type="button" className="btn btn-cashout" disabled={!canCashOut} onClick={onCashOut}>
          TAKE WINNINGS
          {canCashOut && <small>₹{fixed2(bet.amount * multiplier)}</small>}
        </button>
      </div>
    </section>
  );
}
