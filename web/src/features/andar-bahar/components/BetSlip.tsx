import { useState } from 'react';
import { Modal } from '@/components/Modal';
import { fixed2 } from '@/lib/money';
import { StakeChips } from '../../round-table/components/StakeChips';
import type { Side } from '../wire';

const AB_STAKES = [100, 200, 500, 1000, 2000, 5000, 10000] as const;

interface Props {
  side: Side;
  payout: number;
  open: boolean;
  busy: boolean;
  onPlace: (amount: number) => void;
  onClose: () => void;
}

/** The bet slip: a bottom sheet with the stake, quick stakes and what a win returns. */
export function BetSlip({ side, payout, open, busy, onPlace, onClose }: Props) {
  const [text, setText] = useState('100');
  const amount = Number(text);
  const valid = Number.isFinite(amount) && amount > 0;
  return (
    <Modal title={`Bet on ${side}`} onClose={onClose}>
      <div className="ab-slip" data-testid="bet-slip">
        <p className="ab-slip-odds">
          {side} pays <b data-testid="slip-payout">{payout}×</b>
        </p>
        <label className="field">
          <span>Stake (₹)</span>
          <input className="amount-input" type="number" inputMode="decimal" min="1" step="1" value={text} onChange={(e) => setText(e.target.value)} data-testid="stake-input" />
        </label>
        <StakeChips amounts={AB_STAKES} selected={valid ? amount : null} onSelect={(a) => setText(String(a))} />
        <p className="rt-line-status">{valid ? `Returns ₹${fixed2(amount * payout)} if ${side} wins` : 'Enter a stake'}</p>
        {!open && <p className="form-error">Betting is closed for this round.</p>}
        <button type="button" className="btn btn-bet rt-place" disabled={!open || !valid || busy} onClick={() => onPlace(amount)} data-testid="place-bet">
          {busy ? 'Placing…' : `Place Bet ₹${valid ? fixed2(amount) : '0.00'}`}
        </button>
      </div>
    </Modal>
  );
}
