import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('andarBahar');
  const [text, setText] = useState('100');
  const amount = Number(text);
  const valid = Number.isFinite(amount) && amount > 0;
  const name = t(`sides.${side}`);
  return (
    <Modal title={t('slip.title', { side: name })} onClose={onClose}>
      <div className="ab-slip" data-testid="bet-slip">
        <p className="ab-slip-odds">
          {t('slip.pays', { side: name })} <b data-testid="slip-payout">{payout}×</b>
        </p>
        <label className="field">
          <span>{t('slip.stake')}</span>
          <input
            className="amount-input"
            type="number"
            inputMode="decimal"
            min="1"
            step="1"
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="stake-input"
          />
        </label>
        <StakeChips amounts={AB_STAKES} selected={valid ? amount : null} onSelect={(a) => setText(String(a))} />
        <p className="rt-line-status">
          {valid ? t('slip.returns', { amount: `₹${fixed2(amount * payout)}`, side: name }) : t('slip.enterStake')}
        </p>
        {!open && <p className="form-error">{t('slip.closed')}</p>}
        <button
          type="button"
          className="btn btn-bet rt-place"
          disabled={!open || !valid || busy}
          onClick={() => onPlace(amount)}
          data-testid="place-bet"
        >
          {busy ? t('roundTable:bet.placing') : t('slip.place', { amount: `₹${valid ? fixed2(amount) : fixed2(0)}` })}
        </button>
      </div>
    </Modal>
  );
}
