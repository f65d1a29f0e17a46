/** Subscribes the Aviator screen to the shared socket and exposes bet actions (emit with ack). */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import i18n from '@/i18n';
import { codeMessage } from '@/lib/api-client';
import { fixed2 } from '@/lib/money';
import { getSocket } from '@/lib/socket';
import { request, refused } from '@/lib/socket-request';
import { enterRoom } from '@/lib/socket-room';
import { toast } from '@/lib/toast';
import { balanceToastText, walletQueryKey } from '@/lib/wallet';
import { getRounds } from '../api/get-rounds';
import { aviatorReducer, initialAviatorState, type AviatorAction } from '../state';
import type { PlaceBetReq, Slot } from '../types';

/** The server's ids are integers (JSON numbers); the client holds them as text. */
const wireId = (id: string): number => Number(id);

export function useAviator(userId: string | null) {
  const [state, dispatch] = useReducer(aviatorReducer, undefined, initialAviatorState);
  const queryClient = useQueryClient();

  useEffect(() => {
    const s = getSocket();
    const d = (a: AviatorAction) => dispatch(a);
    // The screen's room: the table's state arrives as `aviator_game_state` before the join's ack.
    return enterRoom({
      events: {
        aviator_game_state: (msg) => d({ type: 'game_state', msg, at: performance.now() }),
        aviator_bet_update: (bets) => d({ type: 'bet_update', bets }),
        aviator_game_result: (msg) => d({ type: 'game_result', msg }),
        bet_placed: (msg) => d({ type: 'bet_placed', msg }),
        cash_out_success: (msg) => d({ type: 'cash_out_success', msg }),
        bet_cancelled: (msg) => d({ type: 'bet_cancelled', msg }),
        bet_result: (msg) => d({ type: 'bet_result', msg }),
        balance_update: (ev) => {
          if (userId !== null && String(ev.userId) === userId && ev.amount > 0)
            toast(balanceToastText(ev, fixed2), ev.type === 'deduct' ? 'info' : 'success');
        },
      },
      join: () => void request('aviator:join', {}),
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
      const payload: PlaceBetReq = {
        userId: wireId(userId),
        amount,
        roundId: wireId(roundId),
        slot,
        ...(autoCashout ? { autoCashout } : {}),
      };
      const res = await request('place_bet', payload);
      if (!refused(res)) {
        dispatch({ type: 'bet_placed', msg: res });
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
      const res = await request('cancel_bet', { roundId: wireId(b.roundId), slot });
      if (!refused(res)) {
        dispatch({ type: 'bet_cancelled', msg: res });
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
      const res = await request('cash_out', { userId: wireId(userId), roundId: wireId(roundId), slot });
      if (!refused(res)) {
        dispatch({ type: 'cash_out_success', msg: res });
      } else {
        toast(codeMessage(res.error, res.message || i18n.t('aviator:errors.cashOutFailed')), 'error');
      }
      void refreshWallet();
    },
    [state.slots, userId, refreshWallet],
  );

  return { state, dispatch, placeBet, cancelBet, cashOut };
}
