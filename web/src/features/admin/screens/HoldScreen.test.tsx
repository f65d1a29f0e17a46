// @vitest-environment jsdom
/** The hold screen on a fake server: each game's figures and verdict, the flagged players, the day-by-day table, the range. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HoldScreen from './HoldScreen';
import { pct, signed } from '../hold';
import { renderWithClient, reply } from '@/testing/server';

const rules = { confidence: 0.99, bandZ: 2.5758293035489, minUnits: 30, playerMinBets: 50, playerZ: 4 };
const idle = (game: string) => ({
  game,
  bets: 0,
  units: 0,
  turnover: 0,
  payouts: 0,
  ggr: 0,
  realisedHold: null,
  coveredTurnover: 0,
  realisedCoveredHold: null,
  theoreticalHold: null,
  band: null,
  z: null,
  sigma: null,
  effectiveBets: null,
  outOfBand: false,
});
const mines = {
  ...idle('mines'),
  bets: 40,
  units: 40,
  turnover: 40,
  payouts: 0,
  ggr: 40,
  realisedHold: 1,
  coveredTurnover: 40,
  realisedCoveredHold: 1,
  theoreticalHold: 0.03,
  band: { low: -0.36505614195645864, high: 0.4250561419564586 },
  z: 6.324555320336758,
  outOfBand: true,
};
const aviator = {
  ...idle('aviator'),
  bets: 1200,
  units: 400,
  turnover: 250_000,
  payouts: 241_500,
  ggr: 8_500,
  realisedHold: 0.034,
  coveredTurnover: 250_000,
  realisedCoveredHold: 0.034,
  theoreticalHold: 0.03,
  band: { low: -0.01, high: 0.07 },
  z: 0.26,
};
const titli = {
  ...idle('titli'),
  bets: 3,
  units: 1,
  turnover: 30,
  payouts: 100,
  ggr: -70,
  realisedHold: -2.3333,
  coveredTurnover: 30,
  theoreticalHold: 1 / 6,
  z: -0.9,
};
const parchi = { ...idle('parchi'), bets: 3, units: 1, turnover: 250, payouts: 250, realisedHold: 0 };
const games = [
  'aviator',
  'titli',
  'andar_bahar',
  'color',
  'mines',
  'matka',
  'parchi',
  'exchange',
  'bookmaker',
  'fancy',
].map((g) => ({ aviator, titli, mines, parchi })[g] ?? idle(g));
const players = [
  {
    userId: 9,
    userNo: 1009,
    name: 'Lucky',
    bets: 60,
    turnover: 60,
    payouts: 104.4,
    return: 1.74,
    expectedReturn: 2.9 / 3,
    z: 4.381780460041329,
  },
];
const report = {
  success: true,
  from: '2026-02-28T18:30:00.000Z',
  to: '2026-03-01T18:30:00.000Z',
  rules,
  games,
  players,
};
const daily = {
  success: true,
  from: report.from,
  to: report.to,
  rules,
  days: [{ day: '2026-03-01', games: [aviator, mines] }],
};

let fetchMock: ReturnType<typeof vi.fn>;
const calls = (path: string) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((u) => u.pathname === path)
    .map((u) => Object.fromEntries(u.searchParams));

beforeEach(() => {
  // 1 March 2026, noon IST.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T06:30:00Z'));
  fetchMock = vi.fn(async (path: string) => {
    const url = new URL(path, 'http://x');
    if (url.pathname === '/api/admin/hold') return reply(200, report);
    if (url.pathname === '/api/admin/hold/daily') return reply(200, daily);
    return reply(404, { error: 'not_found', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const renderScreen = () => renderWithClient(<HoldScreen />);

describe('hold screen', () => {
  it('shows each game against its theory, the band and the verdict, and what is out of band', async () => {
    const r = renderScreen();
    const table = await screen.findByTestId('hold-games');
    const rows = within(table)
      .getAllByTestId(/^hold-game-/)
      .map((row) => row.getAttribute('data-testid'));
    expect(rows).toHaveLength(10);
    const m = within(table).getByTestId('hold-game-mines');
    expect(m.textContent).toContain('Mines');
    expect(within(m).getByTestId('realised-mines').textContent).toBe('100.00 %');
    expect(within(m).getByTestId('theoretical-mines').textContent).toBe('3.00 %');
    expect(m.textContent).toContain('−36.51 % to 42.51 %');
    expect(m.textContent).toContain('+6.3');
    expect(within(m).getByText('Out of band').getAttribute('data-verdict')).toBe('outOfBand');
    const a = within(table).getByTestId('hold-game-aviator');
    expect(a.textContent).toContain('₹2,50,000.00');
    expect(within(a).getByTestId('realised-aviator').textContent).toBe('3.40 %');
    expect(within(a).getByText('In band')).toBeTruthy();
    expect(within(within(table).getByTestId('hold-game-titli')).getByText('Too few rounds')).toBeTruthy();
    expect(within(within(table).getByTestId('hold-game-parchi')).getByText('No theory')).toBeTruthy();
    expect(within(within(table).getByTestId('hold-game-fancy')).getByText('No bets')).toBeTruthy();
    expect(within(table).getByTestId('hold-game-exchange').textContent).toContain('Exchange: Match Odds');

    expect(screen.getByTestId('hold-alerts').textContent).toBe(
      'Outside the band: Mines · Players above expectation: 1',
    );
    const flagged = screen.getByTestId('hold-players');
    const link = within(flagged).getByRole('link', { name: '1009' });
    expect(link.getAttribute('href')).toBe('/admin/money/users/9');
    expect(flagged.textContent).toContain('Lucky');
    expect(flagged.textContent).toContain('174.00 %');
    expect(flagged.textContent).toContain('96.67 %');
    expect(flagged.textContent).toContain('+4.4');

    const days = await screen.findByTestId('hold-daily');
    await waitFor(() => expect(within(days).getAllByRole('row')).toHaveLength(3));
    expect(days.textContent).toContain('2026-03-01');
    expect(r.container.textContent).not.toMatch(/undefined|NaN/);
  });

  it('asks for today in IST, then for the range the operator picks', async () => {
    renderScreen();
    await screen.findByTestId('hold-games');
    expect(calls('/api/admin/hold')[0]).toEqual({ from: '2026-03-01', to: '2026-03-02' });
    expect(calls('/api/admin/hold/daily')[0]).toEqual({ from: '2026-03-01', to: '2026-03-02' });
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(calls('/api/admin/hold').at(-1)).toEqual({ from: '2026-02-23', to: '2026-03-02' }));
    fireEvent.change(screen.getByLabelText('From (IST)'), { target: { value: '2026-02-10' } });
    fireEvent.change(screen.getByLabelText('To (IST, included)'), { target: { value: '2026-02-20' } });
    await waitFor(() => expect(calls('/api/admin/hold').at(-1)).toEqual({ from: '2026-02-10', to: '2026-02-21' }));
  });

  it('asks for nothing when the first day is after the last, and says so', async () => {
    renderScreen();
    await screen.findByTestId('hold-games');
    const before = fetchMock.mock.calls.length;
    fireEvent.change(screen.getByLabelText('From (IST)'), { target: { value: '2026-03-05' } });
    expect(screen.getByRole('alert').textContent).toBe('Choose a first day on or before the last day.');
    expect(screen.queryByTestId('hold-games')).toBeNull();
    expect(fetchMock.mock.calls.length).toBe(before);
  });

  it('shows a server refusal of the range', async () => {
    fetchMock.mockImplementation(async () =>
      reply(400, { success: false, error: 'range_too_long', message: 'The range may cover at most 366 days' }),
    );
    renderScreen();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The range may cover at most 366 days'));
  });
});

describe('hold formatting', () => {
  it('writes ratios as percentages and z with its sign', () => {
    expect(pct(0.03)).toBe('3.00 %');
    expect(pct(-0.365)).toBe('−36.50 %');
    expect(pct(-0.00001)).toBe('0.00 %');
    expect(pct(null)).toBe('—');
    expect(pct(Number.NaN)).toBe('—');
    expect(signed(4.38)).toBe('+4.4');
    expect(signed(-0.31)).toBe('−0.3');
    expect(signed(0.01)).toBe('0.0');
    expect(signed(null)).toBe('—');
  });
});
