/**
 * A round table on the shared socket: `{game}:join` when the screen opens (and again after a reconnect, since
 * rooms do not survive one), `{game}:leave` when it closes; state from the `{game}:*` events; acked placeBet.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useState } from 'react';
import i18n from '@/i18n';
import { codeMessage } from '@/lib/api-client';
import { fixed2, roundRupees } from '@/lib/money';
import { request, refused, type NoAnswer } from '@/lib/socket-request';
import { enterRoom, type RoomEvents } from '@/lib/socket-room';
import type { ErrorBody } from '@/lib/socket-types';
import { toast } from '@/lib/toast';
import { useNow } from '@/lib/use-now';
import { useSocketConnected } from '@/lib/use-socket-status';
import { useWallet, walletQueryKey, type Wallet } from '@/lib/wallet';
import { tableQueryKey } from '../api/get-my-bets';
import { canBet, initialTableState, tableReducer, type TableAction } from '../state';
import { totalOf } from '../totals';
import {
  betRefused,
  type BetAccepted,
  type GameName,
  type GameState,
  type PickLine,
  type PickOf,
  type PlaceBetAck,
  type PlaceBetReq,
  type ShownOf,
  type StepOf,
  type TableReads,
} from '../wire';

const isGameState = (v: unknown): v is GameState<unknown, unknown> =>
  !!v && typeof v === 'object' && typeof (v as { roundId?: unknown }).roundId === 'number' && 'gamePhase' in v;

/**
 * A table's request, by the game's event name. The socket's types cannot follow a name built from `game`; the
 * payload and the answer are held to the document game by game instead (`TableWireChecks`, in wire.ts).
 */
const tableRequest = request as <A>(
  event: `${GameName}:${'join' | 'leave' | 'placeBet'}`,
  payload: object,
) => Promise<A | NoAnswer>;

/** `{game}:join`: the table as an action (the ack is the GameState, or a refusal). */
async function requestTable<P, S, T>(game: GameName): Promise<TableAction<P, S, T>> {
  const res = await tableRequest<GameState<P, S> | ErrorBody>(`${game}:join`, {});
  if (!refused(res) && isGameState(res)) return { type: 'game_state', msg: res, at: Date.now() };
  const fallback = i18n.t('roundTable:errors.gameUnavailable');
  return { type: 'join_failed', message: refused(res) ? codeMessage(res.error, res.message || fallback) : fallback };
}

/** A table's pushes, by their name after the `{game}:` prefix, as the table reads them. */
type TableEvents<G extends GameName> = {
  [E in 'gameState' | 'roundStart' | 'timerUpdate' | 'revealStep' | 'revealResult' | 'winResult' | 'bets']: (
    msg: TableReads<G>[E],
  ) => void;
};

export function useRoundTable<G extends GameName>(game: G, userId: string | null) {
  type P = PickOf<G>;
  type S = ShownOf<G>;
  type T = StepOf<G>;
  const [state, dispatch] = useReducer(tableReducer<P, S, T>, undefined, initialTableState<P, S, T>);
  const queryClient = useQueryClient();

  useEffect(() => {
    const d = (a: TableAction<P, S, T>) => dispatch(a);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: tableQueryKey(game) });
    const handlers: TableEvents<G> = {
      gameState: (msg) => isGameState(msg) && d({ type: 'game_state', msg, at: Date.now() }),
      roundStart: (msg) => d({ type: 'round_start', msg, at: Date.now() }),
      timerUpdate: (msg) => d({ type: 'timer', msg, at: Date.now() }),
      revealStep: (msg) => d({ type: 'reveal_step', msg }),
      revealResult: (msg) => {
        d({ type: 'reveal_result', msg });
        refresh();
      },
      winResult: (msg) => {
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
      bets: (rows) => d({ type: 'bets', rows }),
    };
    // `{game}:{name}`: the names the document gives these pushes (`TableWireChecks` holds their payloads to it).
    const events = Object.fromEntries(
      Object.entries(handlers).map(([name, h]) => [`${game}:${name}`, h]),
    ) as RoomEvents;
    return enterRoom({
      events,
      join: () => void requestTable<P, S, T>(game).then(d),
      leave: () => void tableRequest(`${game}:leave`, {}),
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
      const body: PlaceBetReq<P> = { roundId, bets, totalBets: totalOf(bets) };
      const res = await tableRequest<BetAccepted<P> | ErrorBody>(`${game}:placeBet`, body);
      void queryClient.invalidateQueries({ queryKey: tableQueryKey(game) });
      void queryClient.invalidateQueries({ queryKey: walletQueryKey(userId) });
      if (refused(res)) return betRefused(res);
      dispatch({ type: 'bet_placed', ack: res });
      if (Number.isFinite(res.balance)) {
        queryClient.setQueryData<Wallet | undefined>(walletQueryKey(userId), (w) =>
          w ? { ...w, balance: res.balance } : w,
        );
      }
      return { ...res, success: true };
    },
    [game, roundId, userId, queryClient],
  );

  return { state, placeBet, joinError: state.joinError };
}

/**
 * What every round game's page starts from: its table, the socket, a clock for the countdown, whether bets are
 * taken, the player's balance, and `send`: the lines placed (`busy` meanwhile), a refusal said in a toast. `top`:
 * the round's part of RoundTop's props.
 */
export function useRoundPage<G extends GameName>(game: G, userId: string | null) {
  const { state, placeBet, joinError } = useRoundTable(game, userId);
  const balance = useWallet(userId).data?.balance;
  const connected = useSocketConnected();
  const now = useNow(250);
  const [busy, setBusy] = useState(false);
  const open = canBet(state) && connected;
  async function send(lines: Parameters<typeof placeBet>[0]) {
    setBusy(true);
    const res = await placeBet(lines);
    setBusy(false);
    if (!res.success) toast(codeMessage(res.error, res.message || i18n.t('roundTable:errors.betFailed')), 'error');
    return res;
  }
  return { state, balance, connected, open, busy, send, top: { game, state, open, connected, joinError, now } };
}
