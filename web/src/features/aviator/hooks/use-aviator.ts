/** Subscribes the Aviator screen to the shared socket and exposes bet actions (emit with ack). */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import i18n from '@/i18n';
import { codeMessage } from '@/lib/api-client';
import { fixed2 } from '@/lib/money';
import { getSocket } from '@/lib/socket';
import { enterRoom } from '@/lib/socket-room';
import { toWireId } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { balanceToastText, walletQueryKey, type BalanceUpdate } from '@/lib/wallet';
import { getRounds } from '../api/get-rounds';
import { aviatorReducer, initialAviatorState, type AviatorAction } from '../state';
import type {
  Ack,
  BetCancelledMsg,
  BetPlacedMsg,
  BetResultMsg,
  CashOutMsg,
  FeedBet,
  GameResultMsg,
  GameStateMsg,
  Slot,
} from '../types';

const ACK_TIMEOUT_MS = 8000;

type Emit = (event: string, payload: unknown) => Promise<Ack>;

function emitWithAck(): Emit {
  return (event, payload) =>
    new Promise((resolve) => {
      getSocket()
        .timeout(ACK_TIMEOUT_MS)
        .emit(event, payload, (err: Error | null, res: Ack) => {
          resolve(err ? { success: false, message: err.message } : (res ?? { success: false }));
        });
    });
}

export function useAviator(userId: string | null) {
  const [state, dispatch] = useReducer(aviatorReducer, undefined, initialAviatorState);
  const queryClient = useQueryClient();

  useEffect(() => {
    const s = getSocket();
    const d = (a: AviatorAction) => dispatch(a);
    const handlers: Record<string, (p: never) => void> = {
      aviator_game_state: (msg: GameStateMsg) => d({ type: 'game_state', msg, at: performance.now() }),
      aviator_bet_update: (bets: FeedBet[]) => d({ type: 'bet_update', bets }),
      aviator_game_result: (msg: GameResultMsg) => d({ type: 'game_result', msg }),
      bet_placed: (msg: BetPlacedMsg) => d({ type: 'bet_placed', msg }),
      cash_out_success: (msg: CashOutMsg) => d({ type: 'cash_out_success', msg }),
      bet_cancelled: (msg: BetCancelledMsg) => d({ type: 'bet_cancelled', msg }),
      bet_result: (msg: BetResultMsg) => d({ type: 'bet_result', msg }),
      balance_update: (ev: BalanceUpdate) => {
        if (userId !== null && String(ev.userId) === userId && ev.amount > 0)
          toast(balanceToastText(ev, fixed2), ev.type === 'deduct' ? 'info' : 'success');
      },
    };
    // The screen's room: the table's state arrives as `aviator_game_state` before the join's ack.
    return enterRoom({
      events: handlers,
      join: () => void emitWithAck()('aviator:join', {}),
      leave: () => s.emit('aviator:leave', {}, () => undefined),
    });
  }, [userId]);

  useEffect(() => {
    let live = true;
    getRounds(20)
      .then((rounds) => live && Array.isArray(rounds) && dispatch({ type: 'history_loaded', rounds }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const refreshWallet = useCallback(
    () => queryClient.invalidateQueries({ queryKey: walletQueryKey(userId) }),
    [queryClient, userId],
  );

  const placeBet = useCallback(
    async (slot: Slot, amount: number, roundId: string, autoCashout: number | null) => {
      if (!userId) return;
      dispatch({ type: 'bet_requested', slot, amount, roundId, autoCashout });
      const payload = {
        userId: toWireId(userId),
        amount,
        roundId: toWireId(roundId),
        slot,
        ...(autoCashout ? { autoCashout } : {}),
      };
      const res = await emitWithAck()('place_bet', payload);
      if (res.success) {
        const r = res as Ack & { amount?: number; autoCashout?: number | null };
        dispatch({
          type: 'bet_placed',
          msg: { success: true, amount: r.amount ?? amount, slot, roundId, autoCashout: r.autoCashout ?? autoCashout },
        });
      } else {
        dispatch({ type: 'bet_rejected', slot });
        toast(codeMessage(res.error, res.message || i18n.t('aviator:errors.placeFailed')), 'error');
      }
      void refreshWallet();
    },
    [userId, refreshWallet],
  );

  const cancelBet = useCallback(
    async (slot: Slot) => {
      const b = state.slots[slot];
      if (!b.roundId) return;
      const res = await emitWithAck()('cancel_bet', { roundId: toWireId(b.roundId), slot });
      if (res.success) {
        const r = res as Ack & { refundAmount?: number };
        dispatch({ type: 'bet_cancelled', msg: { success: true, refundAmount: r.refundAmount ?? b.amount, slot } });
      } else {
        toast(codeMessage(res.error, res.message || i18n.t('aviator:errors.cancelFailed')), 'error');
      }
      void refreshWallet();
    },
    [state.slots, refreshWallet],
  );

  const cashOut = useCallback(
    async (slot: Slot) => {
      const b = state.slots[slot];
      if (!userId || !b.roundId) return;
      const roundId = b.roundId;
      const res = await emitWithAck()('cash_out', { userId: toWireId(userId), roundId: toWireId(roundId), slot });
      if (res.success) {
        const r = res as Ack & { totalWinnings?: number; multiplier?: number };
        if (typeof r.totalWinnings === 'number') {
          dispatch({
            type: 'cash_out_success',
            msg: { success: true, totalWinnings: r.totalWinnings, multiplier: r.multiplier ?? 0, slot, roundId },
          });
        }
      } else {
        toast(codeMessage(res.error, res.message || i18n.t('aviator:errors.cashOutFailed')), 'error');
      }
      void refreshWallet();
    },
    [state.slots, userId, refreshWallet],
  );

  return { state, dispatch, placeBet, cancelBet, cashOut };
}
