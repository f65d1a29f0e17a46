import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fixed2 } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useSocketConnected } from '@/lib/use-socket-status';
import { useWallet } from '@/lib/wallet';
import { flashLost, useLostVisible } from '../hooks/lost-flash';
import { useAviator } from '../hooks/use-aviator';
import { canBet, canCancel, canCashOut } from '../state';
import type { Slot } from '../types';
import { BetPanel } from './BetPanel';
import { BetsFeed } from './BetsFeed';
import { FairnessModal } from './FairnessModal';
import { FlightCanvas } from './FlightCanvas';
import { HowToPlayModal } from './HowToPlayModal';
import { LostPopup } from './LostPopup';
import { RoundHistory } from './RoundHistory';

/** Re-render on a short interval so time-based selectors (countdown) stay current. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const t = setInterval(() => setNow(performance.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

export function AviatorPage({ userId }: { userId: string | null }) {
  const { t } = useTranslation('aviator');
  const { state, dispatch, placeBet, cancelBet, cashOut } = useAviator(userId);
  const wallet = useWallet(userId);
  const connected = useSocketConnected();
  const now = useNow(250);
  const [modal, setModal] = useState<'howto' | 'fair' | null>(null);
  const lostVisible = useLostVisible();

  // Turn reducer notices into toasts and the "Lost" popup, once each.
  useEffect(() => {
    if (state.notices.length === 0) return;
    for (const n of state.notices) {
      if (n.kind === 'placed') toast(t('toast.placed'), 'success');
      if (n.kind === 'won') toast(t('toast.won', { amount: fixed2(n.amount) }), 'success', 3000);
      if (n.kind === 'cancelled') toast(t('toast.cancelled', { amount: fixed2(n.amount) }), 'info');
      if (n.kind === 'lost') flashLost();
    }
    dispatch({ type: 'notices_seen', upTo: state.notices[state.notices.length - 1]!.id });
  }, [state.notices, dispatch, t]);

  const { round } = state;
  const slots: Slot[] = [0, 1];
  return (
    <div className="aviator">
      <div className="aviator-top">
        <RoundHistory rounds={state.history} />
        <button type="button" className="btn btn-small btn-outline" onClick={() => setModal('howto')}>
          {t('howTo.button')}
        </button>
        <button type="button" className="btn btn-small btn-outline" onClick={() => setModal('fair')}>
          {t('fair.button')}
        </button>
      </div>
      {!connected && <p className="banner-error">{t('errors.notConnected')}</p>}
      <div className="aviator-stage">
        <FlightCanvas round={round} />
        <LostPopup show={lostVisible} />
      </div>
      <div className="bet-panels">
        {slots.map((slot) => (
          <BetPanel
            key={slot}
            slot={slot}
            bet={state.slots[slot]}
            multiplier={round.multiplier}
            balance={wallet.data?.balance}
            connected={connected}
            canBet={canBet(state, slot, now)}
            canCancel={canCancel(state, slot)}
            canCashOut={canCashOut(state, slot)}
            onBet={(amount, auto) => round.roundId && void placeBet(slot, amount, round.roundId, auto)}
            onCancel={() => void cancelBet(slot)}
            onCashOut={() => void cashOut(slot)}
          />
        ))}
      </div>
      <BetsFeed bets={state.feed} />
      {modal === 'howto' && <HowToPlayModal onClose={() => setModal(null)} />}
      {modal === 'fair' && <FairnessModal onClose={() => setModal(null)} />}
    </div>
  );
}
