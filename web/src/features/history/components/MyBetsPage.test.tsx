// @vitest-environment jsdom
/** My Bets: the Cricket tab (the exchange bets of every match) first; the Parchi and Aviator tabs kept in the address (the other tabs: HistoryTabs.test). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { betView } from '../../exchange/testing/bets';
import type { BetView } from '../../exchange/wire';
import { MyBetsPage } from './MyBetsPage';
import { cleanUpAfterEach } from '@/testing/server';

let bets: BetView[];
let fancy: BetView[];
let fail: boolean;
const paths: string[] = [];

beforeEach(() => {
  bets = [];
  fancy = [];
  fail = false;
  paths.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0]!;
      paths.push(url);
      if (fail) return new Response('{}', { status: 500 });
      if (path === '/api/laggai_khai_getuserbet/7')
        return new Response(JSON.stringify({ success: true, bets }), { status: 200 });
      if (path === '/api/cricket-market/7')
        return new Response(JSON.stringify({ success: true, bets: fancy }), { status: 200 });
      if (path === '/api/parchi/bets/7')
        return new Response(
          JSON.stringify({
            success: true,
            bets: [
              {
                id: 9,
                matchId: 5,
                matchName: 'Goa v Pune',
                card: 2,
                player1: 'A Sharma',
                player2: 'R Iyer',
                betpoints: 500,
                status: 'won',
                payout: 1000,
                createdAt: 1_800_000_000_000,
              },
              {
                id: 8,
                matchId: 5,
                matchName: 'Goa v Pune',
                card: 1,
                player1: 'K Rao',
                player2: 'M Das',
                betpoints: 100,
                status: 'held',
                payout: 0,
                createdAt: 1_799_999_000_000,
              },
            ],
          }),
          { status: 200 },
        );
      if (url === '/api/history/7?limit=20')
        return new Response(
          JSON.stringify([
            {
              round_id: 3,
              slot: 0,
              createdAt: '2027-01-15T14:05:00Z',
              betAmt: 50,
              multiplier: 2,
              winningAmt: 100,
              crashPoint: 2.5,
              status: 'Won',
            },
          ]),
          { status: 200 },
        );
      return new Response('{}', { status: 404 });
    }),
  );
});
cleanUpAfterEach();

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function show(userId: string | null = '7', entry = '/history') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="/history"
            element={
              <>
                <MyBetsPage userId={userId} />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('My Bets', () => {
  it('opens on the Cricket History: the spec columns in its order (Balance and Exposure as the bet left the wallet, "—" where the server has none); Lgaai rows red', async () => {
    bets = [
      betView({
        id: 2,
        type: 'khaai',
        side: 'khai',
        odds: 62,
        stake: 500,
        profit: 500,
        loss: 310,
        status: 'won',
        pl: 500,
        balance: 9190,
        exposure: 310,
      }),
      betView({ id: 1, status: 'lost', pl: -100 }),
      betView({ id: 3, label: 'Delhi Dashers', profit: 140 }),
    ];
    show();
    const table = await screen.findByTestId('cricket-history-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Label', 'Match', 'Odds', 'Stake', 'Profit', 'Balance', 'Exposure', 'Time', 'Type', 'Status']);
    await within(table).findByText('Delhi Dashers');
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => r.className)).toEqual(['row-win', 'row-loss', 'row-loss']);
    expect(body[0]!.textContent).toContain(
      'Mumbai MarinersMumbai Mariners v Delhi Dashers62500.00+500.009,190.00310.00',
    );
    expect(body[0]!.textContent).toMatch(/khaaiwon$/);
    expect(body[1]!.textContent).toContain('-100.00——');
    expect(body[1]!.textContent).toMatch(/lost$/);
    expect(body[2]!.textContent).toContain('140.00——'); // an open bet: what it would win
    expect(body[2]!.textContent).toMatch(/open$/);
    expect(screen.getByRole('tab', { name: 'Cricket' }).getAttribute('aria-selected')).toBe('true');
    // A page at a time: both lists asked for their latest 20.
    expect(paths).toContain('/api/laggai_khai_getuserbet/7?limit=20');
    expect(paths).toContain('/api/cricket-market/7?limit=20');
  });

  it('lists the fancy bets of every match with the runner-market ones, newest first', async () => {
    bets = [betView({ id: 1, createdAt: '2027-01-15T14:00:00.000Z' })];
    fancy = [
      betView({
        id: 9,
        marketType: 'fancy',
        label: '6 overs runs Mumbai Mariners',
        type: 'yes',
        runs: 48,
        createdAt: '2027-01-15T14:01:00.000Z',
      }),
    ];
    show();
    const table = await screen.findByTestId('cricket-history-table');
    await within(table).findByText('6 overs runs Mumbai Mariners');
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => r.className)).toEqual(['row-win', 'row-loss']);
    expect(body[0]!.textContent).toContain('6 overs runs Mumbai Mariners');
  });

  it('says "No betting history available." without bets, and "Failed to fetch bets" on an error', async () => {
    show();
    expect(await screen.findByText('No betting history available.')).toBeTruthy();
    cleanup();
    fail = true;
    show();
    expect(await screen.findByText('Failed to fetch bets')).toBeTruthy();
  });

  it("the Parchi tab lists the player's own plays: card and players, points, what was paid, the status", async () => {
    show();
    fireEvent.click(screen.getByRole('tab', { name: 'Parchi' }));
    const table = await screen.findByTestId('parchi-history-table');
    await within(table).findByText(/A Sharma/);
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent ?? '');
    expect(rows.slice(1)).toEqual([
      expect.stringContaining('Card 2: A Sharma & R Iyer'),
      expect.stringContaining('Card 1: K Rao & M Das'),
    ]);
    expect(rows[1]).toContain('₹1,000.00');
    expect(rows[1]).toContain('Won');
    expect(rows[2]).toContain('Open');
    expect(screen.getByTestId('where').textContent).toBe('?tab=parchi');
  });

  it('the Aviator tab shows the Aviator history and is kept in the address', async () => {
    show();
    fireEvent.click(screen.getByRole('tab', { name: 'Aviator' }));
    const table = await screen.findByTestId('history-table');
    expect((await within(table).findByText('Aviator')).closest('tr')?.textContent).toContain('₹50.00');
    expect(screen.getByTestId('where').textContent).toBe('?tab=aviator');
    cleanup();
    paths.length = 0;
    show('7', '/history?tab=aviator');
    expect(await screen.findByTestId('history-table')).toBeTruthy();
    expect(paths.some((p) => p.startsWith('/api/laggai_khai_getuserbet/'))).toBe(false);
  });

  it('asks the player to log in without a user', () => {
    show(null);
    expect(screen.getByText('User is not logged in. Please log in to view your bets.')).toBeTruthy();
    expect(paths).toEqual([]);
  });
});
