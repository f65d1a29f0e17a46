// @vitest-environment jsdom
/**
 * The exchange betting screen (`/matchlist/currmtc`) on a fake server and socket: the Match Odds and Over Market
 * tables drawn from the live detail with the player's P/L, a suspended market's cells disabled, the popup's profit,
 * Submit's request (the price shown) and its answer put in place, the server's refusals shown as they are said.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { walletQueryKey } from '@/lib/wallet';
import { LiveMatchPage } from '../../sports/components/LiveMatchPage';
import { liveMatchStateOf } from '../../sports/live-state';
import { detail } from '../../sports/testing/detail';
import { answers, resetFakeSocket, serverSends } from '@/testing/fake-socket';
import { liveItem } from '../../sports/testing/live';
import type { Bookmaker } from '../../sports/wire';
import { betView, bmBook, fancyBet, lgaaiRequest, matchBook, placed, yesRequest } from '../testing/bets';
import type { BetView, MatchBook } from '../wire';
import { cleanUpAfterEach, fakeServer, reply, sent, type Call, type FakeAnswer } from '@/testing/server';

vi.mock('@/lib/socket', () => import('@/testing/fake-socket'));

let book: MatchBook;
let wallet: { balance: number; exposureBalance: number };
let runnerBets: BetView[];
let fancyBets: BetView[];
let calls: Call[];
let answer: FakeAnswer;
const posts = (path: string) => sent(calls, 'POST', path);
const gets = (path: string) => sent(calls, 'GET', path).length;

beforeEach(() => {
  resetFakeSocket();
  answers.subscribe = () => detail();
  book = matchBook();
  wallet = { balance: 1000, exposureBalance: 0 };
  runnerBets = [];
  fancyBets = [];
  answer = () => undefined;
  calls = fakeServer((method, path, body) => {
    const custom = answer(method, path, body);
    if (custom) return custom;
    if (path.startsWith('/api/match/')) return reply(200, detail());
    if (path === '/api/exchange/book/101') return reply(200, book);
    if (path === '/api/laggai_khai_getuserbet/7/101') return reply(200, { success: true, bets: runnerBets });
    if (path === '/api/cricket-market/7/101') return reply(200, { success: true, bets: fancyBets });
    if (path === '/api/getwalletandexposure/7') return reply(200, wallet);
  });
});
cleanUpAfterEach();

function show() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[{ pathname: '/matchlist/currmtc', state: liveMatchStateOf(liveItem(101)) }]}>
        <Routes>
          <Route path="/matchlist/currmtc" element={<LiveMatchPage userId="7" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return qc;
}

const bookmaker = (over: Partial<Bookmaker> = {}): Bookmaker => ({ ...detail().bookmakers[0]!, ...over });
const popup = () => screen.getByTestId('bet-popup');
const stake = (v: string) => fireEvent.change(within(popup()).getByLabelText('Stake'), { target: { value: v } });
const submit = () => fireEvent.click(within(popup()).getByRole('button', { name: 'Submit' }));

describe('exchange betting screen', () => {
  it('draws Match Odds (team, Lgaai, khaai) with each team’s P/L, and the Over Market (session, NO, YES)', async () => {
    book = matchBook([bmBook()]);
    show();
    const odds = await screen.findByTestId('ex-match-odds');
    expect(within(odds).getByText('Min: 100 Max: 25000')).toBeTruthy();
    expect(screen.getByTestId('ex-team-0').textContent).toContain('Mumbai Mariners');
    expect(screen.getByTestId('ex-lgaai-0').textContent).toBe('60');
    expect(screen.getByTestId('ex-khaai-0').textContent).toBe('62');
    expect(screen.getByTestId('ex-lgaai-1').textContent).toBe('140');
    await waitFor(() => expect(screen.getByTestId('ex-team-pl-0').textContent).toBe('+60.00'));
    expect(screen.getByTestId('ex-team-pl-0').classList.contains('ex-plus')).toBe(true);
    expect(screen.getByTestId('ex-team-pl-1').textContent).toBe('-100.00');
    expect(screen.getByTestId('ex-team-pl-1').classList.contains('ex-minus')).toBe(true);

    const over = screen.getByTestId('ex-over-market');
    expect(within(over).getByText('Min: 100 Max: 25000')).toBeTruthy();
    expect(screen.getByTestId('ex-session-0').textContent).toContain('6 overs runs Mumbai Mariners');
    expect(screen.getByTestId('ex-no-0').textContent).toBe('48100');
    expect(screen.getByTestId('ex-yes-0').textContent).toBe('49100');
    // The score and header stay above the tables; the display-only market cards are not drawn here.
    expect(screen.getByTestId('score-line')).toBeTruthy();
    expect(screen.queryByTestId('bookmaker')).toBeNull();
  });

  it('a suspended market disables its cells and shows its badge; reopened, they work again', async () => {
    show();
    await screen.findByTestId('ex-match-odds');
    serverSends('match:delta', {
      matchId: 101,
      seq: 11,
      at: 0,
      updates: [
        { type: 'bookmaker', data: bookmaker({ status: 'SUSPENDED' }) },
        { type: 'fancy', data: [{ ...detail().fancyMarkets[0]!, status: 'SUSPENDED' }] },
      ],
    });
    await waitFor(() => expect((screen.getByTestId('ex-lgaai-0') as HTMLButtonElement).disabled).toBe(true));
    for (const id of ['ex-khaai-0', 'ex-lgaai-1', 'ex-khaai-1', 'ex-no-0', 'ex-yes-0'])
      expect((screen.getByTestId(id) as HTMLButtonElement).disabled).toBe(true);
    expect(within(screen.getByTestId('ex-match-odds')).getByTestId('market-status').textContent).toBe('SUSPENDED');
    expect(within(screen.getByTestId('ex-session-0')).getByTestId('market-status').textContent).toBe('SUSPENDED');
    serverSends('match:delta', { matchId: 101, seq: 12, at: 0, updates: [{ type: 'bookmaker', data: bookmaker() }] });
    await waitFor(() => expect((screen.getByTestId('ex-lgaai-0') as HTMLButtonElement).disabled).toBe(false));
  });

  it('the popup shows Bet For and the rate read-only, and what the stake wins and loses', async () => {
    show();
    fireEvent.click(await screen.findByTestId('ex-lgaai-0'));
    expect((within(popup()).getByLabelText('Bet For') as HTMLInputElement).value).toBe('Mumbai Mariners · Lgaai');
    expect((within(popup()).getByLabelText('Rate/Odds') as HTMLInputElement).readOnly).toBe(true);
    expect((within(popup()).getByLabelText('Rate/Odds') as HTMLInputElement).value).toBe('60');
    fireEvent.click(within(popup()).getByTestId('quick-1000'));
    expect((within(popup()).getByLabelText('Profit') as HTMLInputElement).value).toBe('600.00');
    expect(screen.getByTestId('bet-loss').textContent).toBe('Loss if it loses: ₹1,000.00');
    fireEvent.click(within(popup()).getByRole('button', { name: 'Reset' }));
    expect((within(popup()).getByLabelText('Stake') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByTestId('ex-no-0'));
    expect((within(popup()).getByLabelText('Bet For') as HTMLInputElement).value).toBe(
      '6 overs runs Mumbai Mariners · NO 48',
    );
    stake('250');
    expect((within(popup()).getByLabelText('Profit') as HTMLInputElement).value).toBe('250.00');
    expect(screen.getByTestId('bet-loss').textContent).toBe('Loss if it loses: ₹250.00');
  });

  it('Submit sends the rate shown; the answer’s wallet and book are put in place and the lists asked again', async () => {
    const qc = show();
    // The fake server holds the bet as the real one does: its book, list and wallet move with the 201.
    answer = (method, path) => {
      if (method !== 'POST' || path !== '/api/laggai_khai_bets') return undefined;
      book = matchBook([bmBook()]);
      runnerBets = [betView({ odds: 61 })];
      wallet = { balance: 900, exposureBalance: 100 };
      return reply(201, placed(betView({ odds: 61 }), bmBook(), 900, 100));
    };
    fireEvent.click(await screen.findByTestId('ex-lgaai-0'));
    // The rate moves while the popup is open: the popup follows it, and Submit names what it shows.
    serverSends('match:delta', {
      matchId: 101,
      seq: 11,
      at: 0,
      updates: [
        {
          type: 'bookmaker',
          data: bookmaker({
            selections: [{ ...bookmaker().selections[0]!, backOdds: 61 }, bookmaker().selections[1]!],
          }),
        },
      ],
    });
    await waitFor(() => expect((within(popup()).getByLabelText('Rate/Odds') as HTMLInputElement).value).toBe('61'));
    const listed = gets('/api/laggai_khai_getuserbet/7/101');
    stake('100');
    submit();
    expect(await screen.findByTestId('ex-overlay-success')).toHaveProperty('textContent', 'Bet placed successfully.');
    expect(posts('/api/laggai_khai_bets')).toEqual([lgaaiRequest(61, 100)]);
    expect(screen.queryByTestId('bet-popup')).toBeNull();
    expect(qc.getQueryData(walletQueryKey('7'))).toEqual({ balance: 900, exposureBalance: 100 });
    await waitFor(() => expect(screen.getByTestId('ex-team-pl-1').textContent).toBe('-100.00'));
    await waitFor(() => expect(gets('/api/laggai_khai_getuserbet/7/101')).toBeGreaterThan(listed));
    const row = await within(screen.getByTestId('ex-runner-bets')).findByText('Mumbai Mariners');
    expect(row.closest('tr')?.textContent).toContain('Lgaai61100.00');
  });

  it('a YES bet posts the spec’s one-item myBets list with the line and rate shown', async () => {
    show();
    const fancyBook = bmBook({
      marketId: '101-f6',
      marketType: 'fancy',
      runners: [],
      runs: [
        { from: 0, pl: -100 },
        { from: 49, pl: 100 },
      ],
    });
    answer = (method, path) => {
      if (method !== 'POST' || path !== '/api/cricket-market/bets') return undefined;
      book = matchBook([fancyBook]);
      return reply(201, placed(fancyBet(), fancyBook));
    };
    fireEvent.click(await screen.findByTestId('ex-yes-0'));
    stake('200');
    expect((within(popup()).getByLabelText('Profit') as HTMLInputElement).value).toBe('200.00');
    submit();
    await screen.findByTestId('ex-overlay-success');
    expect(posts('/api/cricket-market/bets')).toEqual([{ myBets: [yesRequest(49, 100, 200)] }]);
    await waitFor(() => expect(screen.getByTestId('ex-session-exposure-0').textContent).toBe('-100.00'));
  });

  it('an over-market selection left alone clears itself after 7 s; typing a stake starts the count again', async () => {
    show();
    const yes = await screen.findByTestId('ex-yes-0');
    vi.useFakeTimers();
    try {
      fireEvent.click(yes);
      expect(screen.getByTestId('bet-countdown').textContent).toBe('Clears in 7s');
      act(() => vi.advanceTimersByTime(5_000));
      expect(screen.getByTestId('bet-countdown').textContent).toBe('Clears in 2s');
      stake('300');
      act(() => vi.advanceTimersByTime(5_000));
      expect(screen.getByTestId('bet-countdown').textContent).toBe('Clears in 2s');
      act(() => vi.advanceTimersByTime(2_000));
      expect(screen.queryByTestId('bet-popup')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    // A team's selection has no count.
    fireEvent.click(screen.getByTestId('ex-lgaai-0'));
    expect(screen.queryByTestId('bet-countdown')).toBeNull();
  });

  it('a refusal shows the server’s message in red and keeps the popup; the spec’s stake checks send nothing', async () => {
    show();
    answer = (method) =>
      method === 'POST'
        ? reply(409, { success: false, error: 'price_changed', message: 'The price has changed. Please try again.' })
        : undefined;
    fireEvent.click(await screen.findByTestId('ex-khaai-1'));
    stake('abc');
    expect((within(popup()).getByLabelText('Stake') as HTMLInputElement).value).toBe('');
    submit();
    expect((await screen.findByTestId('ex-overlay-error')).textContent).toBe('Invalid stake amount!');
    stake('50');
    submit();
    await waitFor(() => expect(screen.getByTestId('ex-overlay-error').textContent).toBe('Min: 100 Max: 25000'));
    expect(posts('/api/laggai_khai_bets')).toEqual([]);
    stake('100');
    submit();
    await waitFor(() =>
      expect(screen.getByTestId('ex-overlay-error').textContent).toBe('The price has changed. Please try again.'),
    );
    expect(posts('/api/laggai_khai_bets')).toHaveLength(1);
    expect(popup()).toBeTruthy();
  });

  it('a market suspended while the popup is open holds Submit back; a closed one says so', async () => {
    show();
    fireEvent.click(await screen.findByTestId('ex-lgaai-0'));
    serverSends('match:delta', {
      matchId: 101,
      seq: 11,
      at: 0,
      updates: [{ type: 'bookmaker', data: bookmaker({ status: 'SUSPENDED' }) }],
    });
    await waitFor(() =>
      expect((within(popup()).getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(screen.getByTestId('bet-note').textContent).toBe('Market suspended: wait for it to reopen.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByTestId('ex-yes-0'));
    serverSends('match:delta', { matchId: 101, seq: 12, at: 0, updates: [{ type: 'fancy', data: [] }] });
    await waitFor(() => expect(screen.getByTestId('bet-note').textContent).toBe('This market is closed.'));
  });

  it('lists the latest 10 bets of each kind with their status, or "No bets found"', async () => {
    runnerBets = Array.from({ length: 12 }, (_, i) => betView({ id: i + 1 }));
    show();
    await waitFor(() => expect(within(screen.getByTestId('ex-runner-bets')).getAllByRole('row')).toHaveLength(11));
    expect(within(screen.getByTestId('ex-fancy-bets')).getByText('No bets found')).toBeTruthy();
  });

  it('a settled line shows its winning runs, green when the bet won and red when it lost', async () => {
    fancyBets = [
      fancyBet({ id: 2, status: 'won', pl: 100, winningRuns: 52 }),
      fancyBet({ id: 3, type: 'no', side: 'khai', status: 'lost', pl: -100, winningRuns: 52 }),
    ];
    show();
    const cells = await within(await screen.findByTestId('ex-fancy-bets')).findAllByTestId('winning-runs');
    expect(cells.map((c) => [c.textContent, c.className])).toEqual([
      ['52', 'ex-plus'],
      ['52', 'ex-minus'],
    ]);
    expect(within(screen.getByTestId('ex-fancy-bets')).getByText('won').className).toContain('status-approved');
  });
});
