// @vitest-environment jsdom
/** Andar Bahar on a fake socket: the deal card by card, the resync that brings the joker, the slip's placeBet. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { payloadsOf, resetFakeSocket, serverSends } from '@/testing/fake-socket';
import { AndarBaharPage } from './AndarBaharPage';
import { cleanUpAfterEach } from '@/testing/server';
import { tableState, walletServer } from '../../round-table/testing/table';

vi.mock('@/lib/socket', () => import('@/testing/fake-socket'));

const table = (over: Record<string, unknown>) =>
  tableState({
    payouts: [
      { pick: 'Andar', payout: 1.9, rtp: 0.9785 },
      { pick: 'Bahar', payout: 2, rtp: 0.97 },
    ],
    ...over,
  });

let joinAnswer = table({});

beforeEach(() => {
  joinAnswer = table({});
  resetFakeSocket((event, payload) => {
    if (event === 'andar_bahar:join') return joinAnswer;
    if (event === 'andar_bahar:placeBet') {
      const p = payload as { roundId: number; bets: unknown[]; totalBets: number };
      return { success: true, roundId: p.roundId, ticket: 1, bets: p.bets, total: p.totalBets, balance: 500 };
    }
    return { success: true };
  });
  walletServer();
});

cleanUpAfterEach();

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <AndarBaharPage userId="7" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Andar Bahar screen', () => {
  it('places a bet from the slip with the chosen quick stake', async () => {
    renderPage();
    await screen.findByText('Place your bets!');
    expect(screen.getByTestId('payout-Andar').textContent).toBe('1.9×');
    fireEvent.click(screen.getByTestId('pick-Bahar'));
    fireEvent.click(screen.getByTestId('stake-500'));
    await act(async () => fireEvent.click(screen.getByTestId('place-bet')));
    expect(payloadsOf('andar_bahar:placeBet')[0]).toEqual({
      roundId: 9,
      bets: [{ pick: 'Bahar', amount: 500 }],
      totalBets: 500,
    });
    expect(screen.queryByTestId('bet-slip')).toBeNull();
    expect(screen.getByTestId('bet-status').textContent).toContain('Bahar ₹500.00');
  });

  it('deals cards into the rows, asks again for the joker, and shows the winner', async () => {
    renderPage();
    await screen.findByText('Place your bets!');
    serverSends('andar_bahar:timerUpdate', {
      roundId: 9,
      gamePhase: 'closed',
      bettingOpen: false,
      timeRemaining: 1,
      serverTime: 0,
    });
    expect(screen.getByTestId('round-message').textContent).toBe('Waiting for result!......');
    expect(screen.getByTestId('status-badge').textContent).toBe('Closed');

    // The reveal starts with no event of its own: the first step comes without the joker, so the screen joins again.
    joinAnswer = table({
      gamePhase: 'revealing',
      bettingOpen: false,
      result: { joker: 0, andar: [5], bahar: [], winner: null },
    });
    serverSends('andar_bahar:revealStep', { roundId: 9, index: 0, step: { card: 5, side: 'Andar' } });
    await waitFor(() => expect(screen.getByTestId('joker-card').textContent).toBe('A♠'));
    expect(payloadsOf('andar_bahar:join')).toHaveLength(2);
    serverSends('andar_bahar:revealStep', { roundId: 9, index: 1, step: { card: 13, side: 'Bahar' } });
    expect(screen.getByTestId('andar-card-0').textContent).toBe('6♠');
    expect(screen.getByTestId('bahar-card-0').textContent).toBe('A♥');
    expect(screen.getByTestId('andar-row').children).toHaveLength(14);
    expect(payloadsOf('andar_bahar:join')).toHaveLength(2);

    serverSends('andar_bahar:revealResult', {
      roundId: 9,
      result: { joker: 0, andar: [5], bahar: [13], winner: 'Bahar' },
      serverSeed: 's',
      commitment: 'c',
      clientSeed: 'public',
      nextRoundAt: 0,
    });
    expect(screen.getByTestId('winner-banner').textContent).toBe('Bahar wins!');
    expect(screen.getByTestId('round-message').textContent).toBe('Waiting for next round...');
  });
});
