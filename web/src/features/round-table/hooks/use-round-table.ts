/**
 * A round table on the shared socket: `{game}:join` when the screen opens (and again after a reconnect, since
 * rooms do not survive one), `{game}:leave` when it closes; state from the `{game}:*` events; acked placeBet.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import i18n from '@/i18n';
import { codeMessage } from '@/lib/api-client';
import { fixed2, roundRupees } from '@/lib/money';
import { getSocket } from '@/lib/socket';
import { enterRoom } from '@/lib/socket-room';
import { toast } from '@/lib/toast';
import { walletQueryKey, type Wallet } from '@/lib/wallet';
import { tableQueryKey } from '../api/get-my-bets';
import { initialTableState, tableReducer, type TableAction } from '../state';
import { totalOf } from '../totals';
import type {
  FeedRow,
  GameName,
  GameState,
  PickLine,
  PlaceBetAck,
  RevealResult,
  RevealStep,
  RoundStart,
  TimerUpdate,
  WinResult,
} from '../wire';
import { emitWithAck } from './emit';

const isGameState = (v: unknown): v is GameState<unknown, unknown> =>
  !!v && typeof v === 'object' && typeof (v as { roundId?: unknown }).roundId === 'number' && 'gamePhase' in v;

/** `{game}:join`: the table as an action (the ack is the GameState, or a refusal). */
async function requestTable<P, S, T>(game: GameName): Promise<TableAction<P, S, T>> {
  const res = await emitWithAck<GameState<P, S>>(`${game}:join`, {});
  return isGameState(res)
    ? { type: 'game_state', msg: res as GameState<P, S>, at: Date.now() }
    : {
        type: 'join_failed',
        message: codeMessage(res.error, res.message || i18n.t('roundTable:errors.gameUnavailable')),
      };
}

export function useRoundTable<P, S, T = never>(game: GameName, userId: string | null) {
  const [state, dispatch] = useReducer(tableReducer<P, S, T>, undefined, initialTableState<P, S, T>);
  const queryClient = useQueryClient();

  useEffect(() => {
    const s = getSocket();
    const d = (a: TableAction<P, S, T>) => dispatch(a);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: tableQueryKey(game) });
    const handlers: Record<string, (p: never) => void> = {
      gameState: (msg: GameState<P, S>) => isGameState(msg) && d({ type: 'game_state', msg, at: Date.now() }),
      roundStart: (msg: RoundStart) => d({ type: 'round_start', msg, at: Date.now() }),
      timerUpdate: (msg: TimerUpdate) => d({ type: 'timer', msg, at: Date.now() }),
      revealStep: (msg: RevealStep<T>) => d({ type: 'reveal_step', msg }),
      revealResult: (msg: RevealResult<S>) => {
        d({ type: 'reveal_result', msg });
        refresh();
      },
      winResult: (msg: WinResult<P, S>) => {
        if (userId !== null && String(msg.userId) !== userId) return;
        d({ type: 'win_result', msg });
        // A return below the stake (several picks, one won) is not a win: say what came back.
        const back = `₹${fixed2(msg.payout)}`;
        if (msg.payout > msg.stake)
          toast(
            i18n.t('roundTable:toast.won', { profit: `₹${fixed2(msg.payout - msg.stake)}`, payout: back }),
            'success',
            3000,
          );
        else if (msg.payout > 0) toast(i18n.t('roundTable:toast.back', { payout: back }), 'info', 3000);
        refresh();
      },
      bets: (rows: FeedRow<P>[]) => d({ type: 'bets', rows }),
    };
    return enterRoom({
      events: Object.fromEntries(Object.entries(handlers).map(([name, h]) => [`${game}:${name}`, h])),
      join: () => void requestTable<P, S, T>(game).then(d),
      leave: () => s.emit(`${game}:leave`, {}, () => undefined),
    });
  }, [game, userId, queryClient]);

  // A round this screen missed the start of, or a reveal without its beginning: ask for the whole table again.
  useEffect(() => {
    if (state.needsSync) void requestTable<P, S, T>(game).then(dispatch);
  }, [state.needsSync, game]);

  const roundId = state.roundId;
  const placeBet = useCallback(
    async (lines: PickLine<P>[]): Promise<PlaceBetAck<P>> => {
      if (roundId === null)
        return { success: false, error: 'betting_closed', message: i18n.t('roundTable:errors.bettingClosed') };
      const bets = lines.filter((l) => l.amount > 0).map((l) => ({ pick: l.pick, amount: roundRupees(l.amount) }));
      const res = await emitWithAck<PlaceBetAck<P>>(`${game}:placeBet`, { roundId, bets, totalBets: totalOf(bets) });
      if (res.success) {
        dispatch({ type: 'bet_placed', ack: res });
        if (Number.isFinite(res.balance)) {
          queryClient.setQueryData<Wallet | undefined>(walletQueryKey(userId), (w) =>
            w ? { ...w, balance: res.balance } : w,
          );
        }
      }
      void queryClient.invalidateQueries({ queryKey: tableQueryKey(game) });
      void queryClient.invalidateQueries({ queryKey: walletQueryKey(userId) });
      return res;
    },
    [game, roundId, userId, queryClient],
  );

  return { state, placeBet, joinError: state.joinError };
}
