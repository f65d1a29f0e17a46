/**
 * The Mines screen's moves: each tap, BET and Cash out is one request, and the screen shows only the server's answer
 * (the game, and the wallet it moved). Auto mode paces the same requests with timers, one at a time.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import i18n from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { ErrorCode } from '@/lib/api-types';
import { toast } from '@/lib/toast';
import { useWallet, walletQueryKey, type Wallet } from '@/lib/wallet';
import { getMinesGame } from '../api/get-game';
import { useMinesState } from '../api/get-state';
import { minesKeys } from '../api/keys';
import { cashOut, placeBet, revealTile } from '../api/moves';
import { autoStep, pickTile } from '../auto';
import { newest, unopened } from '../board';
import { checkStake } from '../stake';
import { canBet, canCashOut, canTap, cashOutProblem, initialScreen, screenReducer, type Move } from '../state';
import type { Moved } from '../wire';

/** What to say when a move fails without a message of the server's (keys). */
const FALLBACK: Record<Move, string> = {
  bet: 'mines:errors.betFailed',
  reveal: 'mines:errors.revealFailed',
  cashout: 'mines:errors.cashOutFailed',
};

/** Refusals that mean this screen is behind the server (another tab, a lost answer): ask again. */
const BEHIND = new Set<ErrorCode>([
  'no_game',
  'game_open',
  'hit_mine',
  'already_cashed_out',
  'tile_revealed',
  'nothing_to_cash_out',
]);

const OVERLAY_MS = { placed: 1200, won: 3000, lost: 3000 } as const;

export function useMines(userId: string | null) {
  const qc = useQueryClient();
  const state = useMinesState();
  const wallet = useWallet(userId);
  const [s, dispatch] = useReducer(screenReducer, initialScreen);
  const game = newest(state.data?.game, s.game);
  const suspended = !!state.data?.suspended;

  const run = useCallback(
    async (
      move: Move,
      call: () => Promise<Moved>,
      opts: { tile?: number; autoTarget?: number | null; gameId?: number } = {},
    ) => {
      dispatch({ type: 'move', move, tile: opts.tile });
      try {
        const m = await call();
        if (Number.isFinite(m.balance) && Number.isFinite(m.exposureBalance)) {
          qc.setQueryData<Wallet>(walletQueryKey(userId), { balance: m.balance, exposureBalance: m.exposureBalance });
        }
        dispatch({ type: 'moved', move, game: m.game, autoTarget: opts.autoTarget });
        // A new game used the committed seed and nonce: the next game's are new.
        if (move === 'bet') void qc.invalidateQueries({ queryKey: minesKeys.state() });
        if (m.game.status !== 'playing') void qc.invalidateQueries({ queryKey: minesKeys.history() });
      } catch (err) {
        const message = errorMessage(err, i18n.t(FALLBACK[move]));
        dispatch({ type: 'failed', message });
        toast(message, 'error');
        if (err instanceof ApiError && err.code && BEHIND.has(err.code)) {
          void qc.invalidateQueries({ queryKey: minesKeys.state() });
          if (opts.gameId !== undefined) {
            void getMinesGame(opts.gameId).then(
              (g) => dispatch({ type: 'loaded', game: g }),
              () => undefined,
            );
          }
        }
      } finally {
        void qc.invalidateQueries({ queryKey: walletQueryKey(userId) });
      }
    },
    [qc, userId],
  );

  const say = useCallback((message: string) => {
    dispatch({ type: 'say', message });
    toast(message, 'error');
  }, []);

  const bet = (stakeText: string, mines: number, autoTarget: number | null) => {
    if (!canBet(s, game, suspended)) return;
    const check = checkStake(stakeText, wallet.data?.balance);
    if (!check.ok) return say(check.message);
    void run('bet', () => placeBet({ betAmt: check.amount, mines }), { autoTarget });
  };

  const tap = (tile: number) => {
    if (!game || !canTap(s, game, tile)) return;
    void run('reveal', () => revealTile({ gameId: game.gameId, tile }), { tile, gameId: game.gameId });
  };

  const takeWinnings = () => {
    if (s.busy) return;
    const problem = cashOutProblem(game);
    if (problem) return say(problem);
    if (!game || !canCashOut(s, game)) return;
    void run('cashout', () => cashOut({ gameId: game.gameId }), { gameId: game.gameId });
  };

  // Auto: one step at a time, each after its delay and after the answer to the one before.
  useEffect(() => {
    const step = autoStep(s.auto, game, s.busy !== null);
    if (!step || !game) return;
    const timer = setTimeout(() => {
      if (step.kind === 'tick') return dispatch({ type: 'auto_tick' });
      if (step.kind === 'cashout')
        return void run('cashout', () => cashOut({ gameId: game.gameId }), { gameId: game.gameId });
      const tile = pickTile(unopened(game), Math.random);
      if (tile !== null)
        void run('reveal', () => revealTile({ gameId: game.gameId, tile }), { tile, gameId: game.gameId });
    }, step.delay);
    return () => clearTimeout(timer);
  }, [s.auto, s.busy, game, run]);

  useEffect(() => {
    const o = s.overlay;
    if (!o) return;
    const timer = setTimeout(() => dispatch({ type: 'overlay_done', seq: o.seq }), OVERLAY_MS[o.kind]);
    return () => clearTimeout(timer);
  }, [s.overlay]);

  return {
    screen: s,
    game,
    state,
    suspended,
    balance: wallet.data?.balance,
    bet,
    tap,
    cashOut: takeWinnings,
    stopAuto: () => dispatch({ type: 'auto_stop' }),
    dismissOverlay: () => s.overlay && dispatch({ type: 'overlay_done', seq: s.overlay.seq }),
  };
}
