// @vitest-environment jsdom
/**
 * The books and the money screens by money mode, on a fake server: the books list every line with the play account
 * and say the mode; in play mode the requests and payment-details screens say there is no money in or out (and ask
 * the server nothing of it), with real money they are as they were.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { platformQueryKey } from '@/lib/platform';
import { cleanUpAfterEach, fakeServer, renderWithClient, reply, testQueryClient, type Call } from '@/testing/server';
import BooksScreen from './BooksScreen';
import PaymentScreen from './PaymentScreen';
import RequestsScreen from './RequestsScreen';

const line = (accounts: number, balance: number) => ({ accounts, balance, exposure: 0 });
const BOOKS = {
  success: true,
  moneyMode: 'play',
  players: line(2, 1500),
  house: line(4, 0),
  cashier: line(4, 0),
  play: line(4, -1500),
  loadTest: line(4, 0),
  fixturePlayers: line(0, 0),
  total: 0,
};

function serve(moneyMode: 'play' | 'real'): Call[] {
  return fakeServer((_, path) => {
    if (path === '/api/platform') return reply(200, { success: true, moneyMode });
    if (path === '/api/admin/books') return reply(200, { ...BOOKS, moneyMode });
    if (path.startsWith('/api/admin/deposits')) return reply(200, { success: true, deposits: [] });
    if (path.startsWith('/api/admin/withdrawals')) return reply(200, { success: true, withdrawals: [] });
    return undefined;
  });
}

/** A query client that knows the mode, as the console's shell does before it shows a screen. */
function knowing(moneyMode: 'play' | 'real') {
  const client = testQueryClient();
  client.setQueryData(platformQueryKey, { success: true, moneyMode });
  return client;
}

const money = (calls: Call[]) => calls.filter((c) => /deposits|withdrawals|getupiqr/.test(c.path)).map((c) => c.path);

cleanUpAfterEach();

describe('books', () => {
  it('lists every line, the play account among them, the total and the mode', async () => {
    serve('play');
    renderWithClient(<BooksScreen />);
    expect((await screen.findByTestId('books-mode')).textContent).toBe('Play mode: points with no cash value');
    const rows = within(screen.getByTestId('books-table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual([
      'Players',
      'House',
      'Cashier',
      'Play points',
      'Load test',
      'Load-test players',
    ]);
    expect(screen.getByTestId('book-play').textContent).toContain('₹-1,500.00');
    expect(screen.getByTestId('books-total').textContent).toMatch(/₹0\.00$/);
  });

  it('says real money', async () => {
    serve('real');
    renderWithClient(<BooksScreen />);
    expect((await screen.findByTestId('books-mode')).textContent).toBe('Real money');
  });
});

describe('money in and out by mode', () => {
  it('play mode: requests and payment details say there is none, and ask nothing', async () => {
    const calls = serve('play');
    renderWithClient(
      <>
        <RequestsScreen />
        <PaymentScreen />
      </>,
      knowing('play'),
    );
    await waitFor(() => expect(screen.getAllByTestId('play-mode-notice')).toHaveLength(2));
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Deposits & withdrawals',
      'Payment details',
    ]);
    expect(screen.getAllByTestId('play-mode-notice')[0]?.textContent).toMatch(/no money comes in or goes out/);
    expect(money(calls)).toEqual([]);
  });

  it('real money: the requests as they were', async () => {
    serve('real');
    renderWithClient(<RequestsScreen />, knowing('real'));
    expect(await screen.findByTestId('deposits-table')).toBeTruthy();
    expect(screen.queryByTestId('play-mode-notice')).toBeNull();
  });
});
