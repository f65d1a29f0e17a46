// @vitest-environment jsdom
/** Titli Par on a fake socket: join/leave, the bet a tap builds, the placeBet payload and the round's button text. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletQueryKey } from '@/lib/wallet';
import { answerWith, emitted, listeners, resetFakeSocket, serverSends } from '@/testing/fake-socket';
import { TitliPage } from './TitliPage';
import { tableState, walletServer } from '../../round-table/testing/table';

vi.mock('@/lib/socket', () => import('@/testing/fake-socket'));

const table = (roundId: number) =>
  tableState({
    roundId,
    timeRemaining: 25,
    msRemaining: 25_000,
    commitment: 'f'.repeat(64),
    history: [{ roundId: roundId - 1, result: { winningImageNumber: 3, winningImage: 'football' } }],
    payouts: [{ pick: 1, payout: 10, rtp: 0.8333 }],
    maxStake: 5000,
    maxPicks: 12,
  });

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <TitliPage userId="7" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, qc };
}

beforeEach(() => {
  walletServer();
  // jsdom draws no canvas: the scratch card falls back to its plain cover.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  resetFakeSocket((event, payload) => {
    if (event === 'titli:join') return table(42);
    if (event === 'titli:placeBet') {
      const p = payload as { roundId: number; bets: unknown[]; totalBets: number };
      return {
        success: true,
        roundId: p.roundId,
        ticket: 1,
        bets: p.bets,
        total: p.totalBets,
        balance: 1000 - p.totalBets,
      };
    }
    return { success: true };
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Titli Par screen', () => {
  it('joins on open, leaves on close, and shows the table', async () => {
    const { unmount } = renderPage();
    expect(emitted[0]).toEqual(['titli:join', {}]);
    expect(await screen.findByTestId('round-id')).toHaveProperty('textContent', '42');
    expect(screen.getByTestId('status-badge').textContent).toBe('Open');
    expect(screen.getByTestId('stake-10').textContent).toContain('wins ₹100');
    expect(screen.getByTestId('fair-link').getAttribute('href')).toBe('/fairness?game=titli&round=42');
    unmount();
    expect(emitted.at(-1)).toEqual(['titli:leave', {}]);
    expect(listeners('titli:timerUpdate')).toBe(0);
  });

  it('asks for a picture first, then sends the lines it built and reads Bet Placed until the next round', async () => {
    renderPage();
    await screen.findByText('42');
    fireEvent.click(screen.getByTestId('place-bet'));
    expect(screen.getByTestId('bet-status').textContent).toBe('Please select at least one image.');
    expect(emitted.some(([e]) => e === 'titli:placeBet')).toBe(false);

    fireEvent.click(screen.getByTestId('stake-20'));
    fireEvent.click(screen.getByTestId('pick-1'));
    fireEvent.click(screen.getByTestId('pick-1'));
    fireEvent.click(screen.getByTestId('stake-50'));
    fireEvent.click(screen.getByTestId('pick-12'));
    expect(screen.getByTestId('pick-amount-1').textContent).toBe('₹40');
    await act(async () => fireEvent.click(screen.getByTestId('place-bet')));
    expect(emitted.find(([e]) => e === 'titli:placeBet')?.[1]).toEqual({
      roundId: 42,
      bets: [
        { pick: 1, amount: 40 },
        { pick: 12, amount: 50 },
      ],
      totalBets: 90,
    });
    expect(screen.getByTestId('place-bet').textContent).toBe('Bet Placed');
    expect(screen.getByTestId('place-bet')).toHaveProperty('disabled', true);

    serverSends('titli:revealResult', {
      roundId: 42,
      result: { winningImageNumber: 12, winningImage: 'sun' },
      serverSeed: 'aa',
      commitment: 'f',
      clientSeed: 'public',
      nextRoundAt: 0,
    });
    expect(screen.getByTestId('winner-banner').textContent).toContain('Sun wins!');
    // The result comes under a scratch card; the bet flow goes on without it being scratched.
    expect(screen.getByTestId('scratch-card').getAttribute('data-state')).toBe('covered');
    expect(screen.getByTestId('scratch-card').contains(screen.getByTestId('winner-banner'))).toBe(true);
    expect(screen.getByTestId('pick-12').className).toContain('titli-win');
    serverSends('titli:roundStart', {
      roundId: 43,
      commitment: 'e'.repeat(64),
      clientSeed: 'public',
      bettingClosesAt: 0,
      revealAt: 0,
      timeRemaining: 30,
      serverTime: 0,
    });
    expect(screen.getByTestId('round-id').textContent).toBe('43');
    expect(screen.getByTestId('place-bet').textContent).toBe('Place Bet');
    expect(screen.queryByTestId('pick-amount-1')).toBeNull();
    expect(screen.queryByTestId('scratch-card')).toBeNull();
  });

  it('refuses a total above the balance with the shortfall', async () => {
    const { qc } = renderPage();
    await screen.findByText('42');
    await waitFor(() => expect(qc.getQueryData(walletQueryKey('7'))).toEqual({ balance: 1000, exposureBalance: 0 }));
    fireEvent.click(screen.getByTestId('stake-5000'));
    fireEvent.click(screen.getByTestId('pick-2'));
    fireEvent.click(screen.getByTestId('place-bet'));
    expect(screen.getByTestId('bet-status').textContent).toBe('Insufficient Balance! Need ₹4,000.00 more');
    expect(emitted.some(([e]) => e === 'titli:placeBet')).toBe(false);
  });

  it('says the bet failed when the server refuses it', async () => {
    answerWith((event) =>
      event === 'titli:join'
        ? table(42)
        : { success: false, error: 'betting_closed', message: 'betting is closed for this round' },
    );
    renderPage();
    await screen.findByText('42');
    fireEvent.click(screen.getByTestId('pick-3'));
    await act(async () => fireEvent.click(screen.getByTestId('place-bet')));
    expect(screen.getByTestId('bet-status').textContent).toBe('Bet Failed! Please try again.');
    expect(screen.getByTestId('place-bet').textContent).toBe('Place Bet');
  });
});
