// @vitest-environment jsdom
/** The Mines screen on a fake server: resume, taps and Cash out show only the answers, the spec's checks, auto's pacing. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletQueryKey } from '@/lib/wallet';
import { gameView } from '../testing/game';
import type { GameView, MinesState } from '../wire';
import { MinesPage } from './MinesPage';
import { fakeServer, reply, sent, type Call } from '@/testing/server';

const settings = {
  minBet: 10,
  maxBet: 50000,
  maxPayout: 1000000,
  houseEdgeBp: 300,
  rtp: 0.97,
  tiles: 25,
  minMines: 1,
  maxMines: 24,
  defaultMines: 5,
};
const seeds = { commitment: 'd'.repeat(64), clientSeed: 'public', nonce: 4 };

let open: GameView | null;
let wallet: { balance: number; exposureBalance: number };
let calls: Call[];
let answer: (method: string, path: string, body: Record<string, unknown>) => Response | undefined;
/** A move's answer; the fake wallet moves with it, as the server's does. */
const moved = (game: GameView, balance: number, exposureBalance: number) => {
  wallet = { balance, exposureBalance };
  return reply(200, { success: true, game, balance, exposureBalance });
};

beforeEach(() => {
  open = null;
  wallet = { balance: 1000, exposureBalance: 0 };
  answer = () => undefined;
  calls = fakeServer((method, path, body) => {
    const custom = answer(method, path, (body ?? {}) as Record<string, unknown>);
    if (custom) return custom;
    if (path === '/api/mines')
      return reply(200, { settings, suspended: false, seeds, game: open } satisfies MinesState);
    if (path.startsWith('/api/mines/history')) return reply(200, { games: [] });
    if (path.startsWith('/api/getwalletandexposure')) return reply(200, wallet);
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <MinesPage userId="7" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, qc };
}

/** Moves the fake clock in 100 ms steps, each in its own act() so React renders (and re-arms auto's timer) between them. */
async function advance(ms: number) {
  for (let t = 0; t < ms; t += 100) await act(() => vi.advanceTimersByTimeAsync(100));
}

const posts = (path: string) => sent(calls, 'POST', path);
const status = () => screen.getByTestId('mines-status').textContent;

describe('Mines screen', () => {
  it('resumes the open game; a tap sends {gameId, tile} and shows the answer; Cash out puts the answered wallet in place', async () => {
    open = gameView({ gameId: 31 });
    answer = (_method, path, body) => {
      if (path === '/api/mines/reveal')
        return moved(
          gameView({
            gameId: 31,
            revealed: [body.tile as number],
            safe: 1,
            multiplier: 1.2125,
            payout: 121.25,
            nextMultiplier: 1.5156,
            nextPayout: 151.56,
          }),
          900,
          100,
        );
      if (path === '/api/mines/cashout')
        return moved(
          gameView({
            gameId: 31,
            status: 'won',
            revealed: [12],
            safe: 1,
            multiplier: 1.2125,
            payout: 121.25,
            nextMultiplier: null,
            nextPayout: null,
            mineTiles: [0, 1, 2, 3, 4],
            serverSeed: 'e'.repeat(64),
          }),
          1021.25,
          0,
        );
      return undefined;
    };
    const { qc } = renderPage();
    await waitFor(() => expect(screen.getByTestId('mines-next').textContent).toBe('Next tile: 1.21x · ₹121.25'));
    expect(screen.getByTestId('mines-bet')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('mines-stake')).toHaveProperty('value', '100');

    fireEvent.click(screen.getByTestId('mines-tile-12'));
    await waitFor(() => expect(screen.getByTestId('mines-tile-12').getAttribute('data-face')).toBe('gem'));
    expect(posts('/api/mines/reveal')).toEqual([{ gameId: 31, tile: 12 }]);
    expect(screen.getByTestId('mines-multiplier').textContent).toBe('Multiplier: 1.21x');
    expect(qc.getQueryData(walletQueryKey('7'))).toEqual({ balance: 900, exposureBalance: 100 });

    fireEvent.click(screen.getByTestId('mines-cashout'));
    await waitFor(() => expect(status()).toBe('You won ₹121.25 at 1.21x'));
    expect(posts('/api/mines/cashout')).toEqual([{ gameId: 31 }]);
    expect(screen.getByTestId('mines-overlay-won').textContent).toContain('You won ₹121.25');
    expect(screen.getByTestId('mines-tile-0').getAttribute('data-face')).toBe('mine');
    expect(screen.getByTestId('mines-verify-link').getAttribute('href')).toBe('/fairness?game=mines&gameId=31');
    expect(qc.getQueryData(walletQueryKey('7'))).toEqual({ balance: 1021.25, exposureBalance: 0 });
  });

  it('checks the stake before BET, and Cash out without a game, with the spec’s messages', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('mines-bet')).toHaveProperty('disabled', false));
    const stake = screen.getByTestId('mines-stake');
    fireEvent.change(stake, { target: { value: 'a1b2' } });
    expect(stake).toHaveProperty('value', '12');
    fireEvent.change(stake, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('mines-bet'));
    expect(status()).toBe('Bet amount must be more than 0');
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/getwalletandexposure'))).toBe(true));
    fireEvent.click(screen.getByTestId('mines-quick-5000'));
    expect(stake).toHaveProperty('value', '5000');
    await act(async () => undefined);
    fireEvent.click(screen.getByTestId('mines-bet'));
    expect(status()).toBe('Insufficient balance!');
    fireEvent.click(screen.getByTestId('mines-cashout'));
    expect(status()).toBe('Please place a bet before cashing out.');
    expect(posts('/api/mines/betPlace')).toEqual([]);
    expect(posts('/api/mines/cashout')).toEqual([]);
  });

  it('sends the stake and mines, and shows the server’s refusal', async () => {
    answer = (_m, path) =>
      path === '/api/mines/betPlace'
        ? reply(409, { error: 'suspended', message: 'Mines is paused: no new games' })
        : undefined;
    renderPage();
    await waitFor(() => expect(screen.getByTestId('mines-bet')).toHaveProperty('disabled', false));
    fireEvent.change(screen.getByTestId('mines-count'), { target: { value: '24' } });
    fireEvent.click(screen.getByTestId('mines-quick-200'));
    fireEvent.click(screen.getByTestId('mines-bet'));
    await waitFor(() => expect(status()).toBe('Mines is paused: no new games'));
    expect(posts('/api/mines/betPlace')).toEqual([{ betAmt: 200, mines: 24 }]);

    answer = (_m, path) =>
      path === '/api/mines/betPlace'
        ? reply(409, { error: 'some_new_refusal', message: 'Mines is paused: no new games' })
        : undefined;
    fireEvent.click(screen.getByTestId('mines-bet'));
    await waitFor(() => expect(status()).toBe('Mines is paused: no new games'));
  });

  it('auto: the bar fills for 10 s, then a tile every 500 ms, then Cash out after the chosen safe tiles', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let game = gameView({ gameId: 40 });
    answer = (_m, path, body) => {
      if (path === '/api/mines/betPlace') {
        wallet = { balance: 900, exposureBalance: 100 };
        return reply(201, { success: true, game, balance: 900, exposureBalance: 100 });
      }
      if (path === '/api/mines/reveal') {
        game = { ...game, revealed: [...game.revealed, body.tile as number], safe: game.safe + 1, payout: 150 };
        return moved(game, 900, 100);
      }
      if (path === '/api/mines/cashout') {
        game = { ...game, status: 'won', mineTiles: [], serverSeed: 'f'.repeat(64) };
        return moved(game, 1050, 0);
      }
      return undefined;
    };
    renderPage();
    await vi.waitFor(() => expect(screen.getByTestId('mines-bet')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('mines-mode-auto'));
    fireEvent.change(screen.getByTestId('mines-auto-tiles'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('mines-bet'));
    await vi.waitFor(() => expect(screen.getByTestId('mines-stop')).toBeTruthy());
    expect(screen.getByTestId('mines-cashout')).toHaveProperty('disabled', true);
    await advance(9_000);
    expect(posts('/api/mines/reveal')).toEqual([]);
    expect(Number(screen.getByTestId('mines-progress').getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(85);
    await advance(1_600);
    expect(posts('/api/mines/reveal')).toHaveLength(1);
    await advance(1_100);
    expect(posts('/api/mines/reveal')).toHaveLength(2);
    expect(posts('/api/mines/cashout')).toEqual([{ gameId: 40 }]);
    expect(status()).toBe('You won ₹150.00 at 1.00x');
  });

  it('auto: Stop ends it without cashing out; the game stays open for taps', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    answer = (_m, path) =>
      path === '/api/mines/betPlace'
        ? reply(201, { success: true, game: gameView({ gameId: 41 }), balance: 900, exposureBalance: 100 })
        : undefined;
    renderPage();
    await vi.waitFor(() => expect(screen.getByTestId('mines-bet')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('mines-mode-auto'));
    fireEvent.click(screen.getByTestId('mines-bet'));
    await vi.waitFor(() => expect(screen.getByTestId('mines-stop')).toBeTruthy());
    expect(screen.getByTestId('mines-tile-3')).toHaveProperty('disabled', true);
    await advance(2_000);
    fireEvent.click(screen.getByTestId('mines-stop'));
    await advance(12_000);
    expect(posts('/api/mines/reveal')).toEqual([]);
    expect(posts('/api/mines/cashout')).toEqual([]);
    expect(screen.getByTestId('mines-bet')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('mines-tile-3')).toHaveProperty('disabled', false);
  });
});
