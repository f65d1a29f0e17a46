// @vitest-environment jsdom
/** The accounting screen on a fake server: each day's games and total, the range's figures, the CSV link, the range. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AccountingScreen from './AccountingScreen';
import { renderWithClient, reply } from '@/testing/server';

const zero = {
  bets: 0,
  turnover: 0,
  payouts: 0,
  ggr: 0,
  ledgerGgr: 0,
  unreconciled: 0,
  adjustments: 0,
  ngr: 0,
  playPoints: 0,
  fixtures: 0,
  deposits: 0,
  withdrawals: 0,
  other: 0,
  playersChange: 0,
};
const day1 = {
  ...zero,
  bets: 3,
  turnover: 300,
  payouts: 350.5,
  ggr: -50.5,
  ledgerGgr: -50.5,
  adjustments: 105.5,
  ngr: -156,
  deposits: 5_000,
  withdrawals: 700,
  playersChange: 4_456,
};
const report = {
  success: true,
  from: '2026-02-28T18:30:00.000Z',
  to: '2026-03-01T18:30:00.000Z',
  days: [
    {
      day: '2026-02-28',
      games: [],
      totals: zero,
    },
    {
      day: '2026-03-01',
      games: [
        { game: 'aviator', bets: 1, turnover: 100, payouts: 0, ggr: 100 },
        { game: 'mines', bets: 2, turnover: 200, payouts: 350.5, ggr: -150.5 },
      ],
      totals: day1,
    },
  ],
  totals: day1,
};

let fetchMock: ReturnType<typeof vi.fn>;
const calls = () =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((u) => u.pathname === '/api/admin/accounting')
    .map((u) => Object.fromEntries(u.searchParams));

beforeEach(() => {
  // 1 March 2026, noon IST.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T06:30:00Z'));
  fetchMock = vi.fn(async (path: string) =>
    new URL(path, 'http://x').pathname === '/api/admin/accounting'
      ? reply(200, report)
      : reply(404, { error: 'not_found', message: 'Not found' }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('accounting screen', () => {
  it("shows each day's games and total, the range's figures and the CSV link", async () => {
    const r = renderWithClient(<AccountingScreen />);
    const table = await screen.findByTestId('accounting-daily');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 1 + 3);
    const mines = within(table).getByTestId('accounting-2026-03-01-mines');
    expect(mines.textContent).toContain('Mines');
    expect(mines.textContent).toContain('₹350.50');
    expect(mines.textContent).not.toContain('₹5,000.00');
    const total = within(table).getByTestId('accounting-2026-03-01-total');
    expect(total.textContent).toContain('Day total');
    expect(total.textContent).toContain('₹5,000.00');
    expect(total.textContent).toContain('₹105.50');
    expect(within(screen.getByTestId('accounting-total-playersChange')).getByText('₹4,456.00')).toBeTruthy();
    expect(screen.getByTestId('accounting-reconciled').textContent).toBe(
      "The bets' GGR equals the ledger's on every day.",
    );
    const csv = screen.getByTestId('accounting-csv');
    expect(csv.getAttribute('href')).toBe('/api/admin/accounting.csv?from=2026-02-23&to=2026-03-02');
    expect(csv.textContent).toBe('Download CSV');
    expect(r.container.textContent).not.toMatch(/undefined|NaN/);
  });

  it('asks for the last seven IST days, then for the range the operator picks, and refuses a backwards one', async () => {
    renderWithClient(<AccountingScreen />);
    await screen.findByTestId('accounting-daily');
    expect(calls()[0]).toEqual({ from: '2026-02-23', to: '2026-03-02' });
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(calls().at(-1)).toEqual({ from: '2026-03-01', to: '2026-03-02' }));
    const before = fetchMock.mock.calls.length;
    fireEvent.change(screen.getByLabelText('From (IST)'), { target: { value: '2026-03-05' } });
    expect(screen.getByRole('alert').textContent).toBe('Choose a first day on or before the last day.');
    expect(screen.queryByTestId('accounting-csv')).toBeNull();
    fireEvent.change(screen.getByLabelText('From (IST)'), { target: { value: '2025-01-01' } });
    expect(screen.getByRole('alert').textContent).toBe('The report covers at most 92 days: choose a shorter range.');
    expect(fetchMock.mock.calls.length).toBe(before);
  });

  it('names the days whose bets and ledger disagree', async () => {
    const off = { ...report, days: [{ ...report.days[1], totals: { ...day1, ledgerGgr: 0, unreconciled: -50.5 } }] };
    fetchMock.mockImplementation(async () => reply(200, off));
    renderWithClient(<AccountingScreen />);
    await waitFor(() => expect(screen.getByTestId('accounting-reconciled').textContent).toContain('2026-03-01'));
  });
});
