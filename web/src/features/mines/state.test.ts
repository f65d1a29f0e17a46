import { describe, expect, it } from 'vitest';
import {
  canBet,
  canCashOut,
  canTap,
  cashOutProblem,
  initialScreen,
  progressOf,
  screenReducer,
  type Screen,
  type ScreenAction,
} from './state';
import { gameView } from './testing/game';

const run = (actions: ScreenAction[], from: Screen = initialScreen) => actions.reduce(screenReducer, from);

describe('the screen reducer', () => {
  it('a bet: in flight, then the server’s game with "Bet Placed!"', () => {
    const busy = run([{ type: 'move', move: 'bet' }]);
    expect(busy.busy).toBe('bet');
    expect(canBet(busy, null, false)).toBe(false);
    const s = screenReducer(busy, { type: 'moved', move: 'bet', game: gameView() });
    expect(s.busy).toBeNull();
    expect(s.game?.gameId).toBe(7);
    expect(s.overlay).toMatchObject({ kind: 'placed' });
    expect(s.auto).toBeNull();
  });
  it('a tap shows the tile pending until the answer, and input is off meanwhile', () => {
    const g = gameView();
    const s = run([
      { type: 'moved', move: 'bet', game: g },
      { type: 'move', move: 'reveal', tile: 12 },
    ]);
    expect(s.pendingTile).toBe(12);
    expect(canTap(s, g, 3)).toBe(false);
    expect(canCashOut(s, g)).toBe(false);
    const after = screenReducer(s, { type: 'moved', move: 'reveal', game: gameView({ revealed: [12], safe: 1 }) });
    expect(after.pendingTile).toBeNull();
    expect(canTap(after, after.game, 3)).toBe(true);
    expect(canTap(after, after.game, 12)).toBe(false);
  });
  it('a mine: the lose overlay with the stake; a cash-out: the win overlay with the server’s payout', () => {
    const lost = run([
      { type: 'moved', move: 'reveal', game: gameView({ status: 'lost', revealed: [4], mineTiles: [4, 5, 6, 7, 8] }) },
    ]);
    expect(lost.overlay).toMatchObject({ kind: 'lost', stake: 100 });
    const won = run([
      {
        type: 'moved',
        move: 'cashout',
        game: gameView({ status: 'won', revealed: [1], safe: 1, payout: 121.25, multiplier: 1.2125 }),
      },
    ]);
    expect(won.overlay).toMatchObject({ kind: 'won', payout: 121.25, multiplier: 1.2125 });
  });
  it('a refusal ends the move and auto, and keeps the message', () => {
    const s = run([
      { type: 'moved', move: 'bet', game: gameView(), autoTarget: 3 },
      { type: 'move', move: 'reveal', tile: 1 },
      { type: 'failed', message: 'Too many moves' },
    ]);
    expect(s).toMatchObject({ busy: null, pendingTile: null, auto: null, message: 'Too many moves' });
  });
  it('an overlay ends only by its own timer', () => {
    const s = run([{ type: 'moved', move: 'bet', game: gameView() }]);
    const seq = s.overlay!.seq;
    expect(screenReducer(s, { type: 'overlay_done', seq: seq - 1 }).overlay).not.toBeNull();
    expect(screenReducer(s, { type: 'overlay_done', seq }).overlay).toBeNull();
  });
  it('a game fetched on its own replaces an older view without an overlay', () => {
    const s = run([
      { type: 'moved', move: 'bet', game: gameView() },
      { type: 'overlay_done', seq: 1 },
      { type: 'loaded', game: gameView({ status: 'won', revealed: [2], safe: 1 }) },
    ]);
    expect(s.game?.status).toBe('won');
    expect(s.overlay).toBeNull();
  });
});

describe('Cash out: the spec’s messages', () => {
  it('names why it cannot be sent', () => {
    expect(cashOutProblem(null)).toBe('Please place a bet before cashing out.');
    expect(cashOutProblem(gameView({ status: 'won', revealed: [1], safe: 1 }))).toBe('You Already Cashout');
    expect(cashOutProblem(gameView({ status: 'lost', revealed: [1] }))).toBe('This game is over: it hit a mine');
    expect(cashOutProblem(gameView())).toBe('Open at least one tile before cashing out');
    expect(cashOutProblem(gameView({ revealed: [1], safe: 1 }))).toBeNull();
  });
  it('waits for auto’s bar to fill', () => {
    const g = gameView({ revealed: [1], safe: 1 });
    const filling: Screen = { ...initialScreen, auto: { gameId: 7, target: 3, progress: 40 } };
    expect(canCashOut(filling, g)).toBe(false);
    expect(canCashOut({ ...filling, auto: { gameId: 7, target: 3, progress: 100 } }, g)).toBe(true);
  });
  it('no new bet while a game is in play or the game is suspended', () => {
    expect(canBet(initialScreen, gameView(), false)).toBe(false);
    expect(canBet(initialScreen, gameView({ status: 'lost' }), false)).toBe(true);
    expect(canBet(initialScreen, null, true)).toBe(false);
  });
});

describe('the progress bar', () => {
  it('is auto’s fill while it fills, then safe tiles over the goal', () => {
    const g = gameView({ revealed: [1], safe: 1 });
    expect(progressOf({ ...initialScreen, auto: { gameId: 7, target: 4, progress: 30 } }, gameView())).toEqual({
      value: 30,
      label: 'Auto starts in 7.0 s',
    });
    expect(progressOf({ ...initialScreen, auto: { gameId: 7, target: 4, progress: 100 } }, g)).toEqual({
      value: 25,
      label: '1 of 4 safe tiles',
    });
    expect(progressOf(initialScreen, g)).toEqual({ value: 5, label: '1 of 20 safe tiles' });
    expect(progressOf(initialScreen, null).value).toBe(0);
  });
});
