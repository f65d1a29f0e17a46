// @vitest-environment jsdom
/**
 * My Bets' tabs for the games that had their bets only on their own screens: the round games (Titli Par, Andar Bahar,
 * Color Prediction), Mines and Matka; each read from its server route a page at a time ("Load more").
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MyBetsPage } from './MyBetsPage';
import { cleanUpAfterEach, fakeServer, renderWithClient, reply, type Call } from '@/testing/server';

cleanUpAfterEach();

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

/** The page on the tab called `tab`, the fake server answering with `route`; what it was sent comes back. */
async function openTab(tab: string, route: (path: string) => unknown): Promise<Call[]> {
  const calls = fakeServer((method, path) => {
    const body = method === 'GET' ? route(path) : undefined;
    return body === undefined ? undefined : reply(200, body);
  });
  renderWithClient(
    <>
      <MyBetsPage userId="7" />
      <Where />
    </>,
  );
  fireEvent.click(screen.getByRole('tab', { name: tab }));
  return calls;
}

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent ?? '');

const ticket = (over: Record<string, unknown>) => ({
  roundId: 12,
  ticket: 0,
  bets: [{ pick: 1, amount: 50 }],
  stake: 50,
  status: 'won',
  result: { winningImageNumber: 1, winningImage: 'butterfly' },
  payout: 500,
  createdAt: '2027-01-15T14:05:00Z',
  ...over,
});

/** `n` tickets of rounds `first`, `first - 1`…, as `GET /api/games/titli/bets` lists them. */
const tickets = (n: number, first = 100) =>
  Array.from({ length: n }, (_, i) => ticket({ roundId: first - i, status: 'lost', payout: 0 }));

describe('My Bets: the round games', () => {
  it("lists Titli Par tickets with the picture picked, the round's picture and what was paid", async () => {
    const calls = await openTab('Round games', (path) =>
      path === '/api/games/titli/bets?limit=20'
        ? {
            success: true,
            bets: [
              ticket({
                roundId: 13,
                status: 'open',
                result: null,
                payout: null,
                bets: [{ pick: 12, amount: 20 }],
                stake: 20,
              }),
              ticket({}),
              ticket({
                roundId: 11,
                status: 'lost',
                payout: 0,
                bets: [
                  { pick: 2, amount: 10 },
                  { pick: 3, amount: 15 },
                ],
                stake: 25,
              }),
            ],
          }
        : undefined,
    );
    const table = await screen.findByTestId('round-history-table');
    await within(table).findByText('#13');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Round', 'Bet', 'Stake', 'Result', 'Paid', 'Time', 'Status']);
    const [open, won, lost] = bodyRows(table);
    expect(open).toMatch(/^#13☀️ Sun ₹20\.00₹20\.00…—.*Open$/);
    expect(won).toMatch(/^#12🦋 Butterfly ₹50\.00₹50\.00🦋 Butterfly₹500\.00.*Won$/);
    expect(lost).toMatch(/^#11🐄 Cow ₹10\.00⚽ Football ₹15\.00₹25\.00🦋 Butterfly₹0\.00.*Lost$/);
    expect(screen.getByTestId('where').textContent).toBe('?tab=rounds');
    expect(calls.map((c) => c.path)).toContain('/api/games/titli/bets?limit=20');
  });

  it('switches to Andar Bahar (side, and the joker that decided it) and to Color, keeping the game in the address', async () => {
    await openTab('Round games', (path) => {
      if (path === '/api/games/titli/bets?limit=20') return { success: true, bets: [] };
      if (path === '/api/games/andar_bahar/bets?limit=20')
        return {
          success: true,
          bets: [
            ticket({
              roundId: 40,
              bets: [{ pick: 'Bahar', amount: 100 }],
              stake: 100,
              result: { joker: 19, andar: [1], bahar: [32], winner: 'Bahar' },
              payout: 190,
            }),
          ],
        };
      if (path === '/api/games/color/bets?limit=20')
        return {
          success: true,
          bets: [
            ticket({
              roundId: 50,
              status: 'lost',
              bets: [{ pick: 'red', amount: 30 }],
              stake: 30,
              result: { colour: 'blue' },
              payout: 0,
            }),
          ],
        };
      return undefined;
    });
    expect(await screen.findByText('No betting history available.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Andar Bahar' }));
    const ab = await screen.findByText('#40');
    expect(ab.closest('tr')?.textContent).toMatch(/^#40Bahar ₹100\.00₹100\.00Bahar \(joker 7♥\)₹190\.00.*Won$/);
    expect(screen.getByTestId('where').textContent).toBe('?tab=rounds&game=andar_bahar');
    fireEvent.click(screen.getByRole('tab', { name: 'Color' }));
    const colour = await screen.findByText('#50');
    expect(colour.closest('tr')?.textContent).toMatch(/^#50Red ₹30\.00₹30\.00Blue₹0\.00.*Lost$/);
    expect(colour.closest('tr')?.className).toBe('row-loss');
    expect(screen.getByTestId('where').textContent).toBe('?tab=rounds&game=color');
  });

  it('"Load more" asks for the next page and goes once the server has no more', async () => {
    const calls = await openTab('Round games', (path) => {
      if (path === '/api/games/titli/bets?limit=20') return { success: true, bets: tickets(20) };
      if (path === '/api/games/titli/bets?limit=40') return { success: true, bets: tickets(27) };
      return undefined;
    });
    const table = await screen.findByTestId('round-history-table');
    await within(table).findByText('#81');
    expect(bodyRows(table)).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await within(table).findByText('#74');
    expect(bodyRows(table)).toHaveLength(27);
    expect(bodyRows(table)[26]).toMatch(/^#74/);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/api/games/'))).toEqual([
      '/api/games/titli/bets?limit=20',
      '/api/games/titli/bets?limit=40',
    ]);
  });

  it('shows no "Load more" when the first page is not full', async () => {
    await openTab('Round games', (path) =>
      path === '/api/games/titli/bets?limit=20' ? { success: true, bets: tickets(3) } : undefined,
    );
    await screen.findByText('#98');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('My Bets: Mines', () => {
  it('lists finished games: the board, the multiplier reached, what was paid, linked to their check', async () => {
    await openTab('Mines', (path) =>
      path === '/api/mines/history?limit=20'
        ? {
            games: [
              { gameId: 31, bet: 100, mines: 3, safe: 4, multiplier: 1.878, winnings: 187.8, result: 'Won', date: 1 },
              { gameId: 30, bet: 50, mines: 5, safe: 1, multiplier: 1.19, winnings: 0, result: 'Lost', date: 0 },
            ],
          }
        : undefined,
    );
    const table = await screen.findByTestId('mines-history-table');
    await within(table).findByText('#31');
    const [won, lost] = bodyRows(table);
    expect(won).toMatch(/^#31₹100\.003 mines · 4 safe1\.87x₹187\.80.*Won$/);
    expect(lost).toMatch(/^#30₹50\.005 mines · 1 safe—₹0\.00.*Lost$/);
    expect(within(table).getByText('#31').getAttribute('href')).toBe('/fairness?game=mines&gameId=31');
  });
});

describe('My Bets: Matka', () => {
  it('lists bids: market and draw, bid type and session, number, points, what was paid', async () => {
    const bid = { market: 'KALYAN', session: 'open', rate: 9.5, createdAt: 0 };
    await openTab('Matka', (path) =>
      path === '/api/bids?limit=20'
        ? {
            success: true,
            bids: [
              { ...bid, id: 3, drawNo: 8, bidType: 'single_digit', number: '7', points: 10, payout: 0, status: 'held' },
              { ...bid, id: 2, drawNo: 7, bidType: 'jodi', number: '45', points: 20, payout: 1900, status: 'won' },
              {
                ...bid,
                id: 1,
                drawNo: 7,
                bidType: 'single_panna',
                session: 'close',
                number: '128',
                points: 5,
                payout: 0,
                status: 'lost',
              },
            ],
          }
        : undefined,
    );
    const table = await screen.findByTestId('matka-history-table');
    await within(table).findByText('45');
    const [held, won, lost] = bodyRows(table);
    expect(held).toMatch(/^KALYAN #8SINGLE DIGIT · Open7₹10\.00—.*Waiting$/);
    expect(won).toMatch(/^KALYAN #7JODI DIGIT · Open45₹20\.00₹1,900\.00.*Won$/);
    expect(lost).toMatch(/^KALYAN #7SINGLE PANNA · Close128₹5\.00₹0\.00.*Lost$/);
  });

  it('says "Failed to fetch bets" when the server fails', async () => {
    await openTab('Matka', () => undefined);
    expect(await screen.findByText('Failed to fetch bets')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
  });
});
