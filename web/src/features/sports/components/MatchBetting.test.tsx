// @vitest-environment jsdom
/**
 * Betting from the match page (`/match/{id}`) on a fake server and socket: a tapped price (any Match Odds level,
 * Bookmaker lagai / khai, fancy NO / YES) opens the shared slip at that price with the market's terms; Submit sends
 * the price shown with the market's type; the answer's wallet and position are put in place; a refusal shows its
 * message and changes nothing.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { exchangeKeys } from '@/lib/bets/keys';
import type { MarketBook, MatchBook } from '@/lib/bets/wire';
import { walletQueryKey } from '@/lib/wallet';
import { answers, resetFakeSocket } from '@/testing/fake-socket';
import { cleanUpAfterEach, fakeServer, reply, sent, type Call, type FakeAnswer } from '@/testing/server';
import { betView, bmBook, fancyBet, matchBook, placed } from '../../exchange/testing/bets';
import { detail } from '../testing/detail';
import type { MatchDetail } from '../wire';
import { MatchPage } from './MatchPage';

vi.mock('@/lib/socket', () => import('@/testing/fake-socket'));

const lv = (price: number, size: number) => ({ price, size });
const runner = (selectionId: number, runnerName: string, back: number[], lay: number[]) => ({
  selectionId,
  runnerName,
  status: 'ACTIVE',
  ex: { availableToBack: back.map((p) => lv(p, 5000)), availableToLay: lay.map((p) => lv(p, 5000)) },
});

/** A football match in play: Match Odds (home, draw, away) and nothing else, with the exchange's terms. */
function football(): MatchDetail {
  const base = detail();
  const market = {
    marketId: '1.202',
    marketName: 'Match Odds',
    status: 'OPEN' as const,
    minStake: 100,
    maxStake: 25000,
    betDelay: 1,
    runners: [
      runner(11, 'Rivertown FC', [2.1, 2.08, 2.06], [2.12, 2.14, 2.16]),
      runner(12, 'The Draw', [3.4, 3.35, 3.3], [3.45, 3.5, 3.55]),
      runner(13, 'Harbour City', [3.6, 3.55, 3.5], [3.65, 3.7, 3.75]),
    ],
  };
  return {
    ...base,
    match: market,
    markets: [market],
    event: { ...base.event, id: 202, name: 'Rivertown FC v Harbour City', competition: 'Premier League' },
    bookmakers: [],
    fancyMarkets: [],
  };
}

/** The Match Odds position after a ₹100 back of Rivertown FC at 2.1. */
const moBook = (over: Partial<MarketBook> = {}): MarketBook => ({
  marketId: '1.202',
  marketType: 'exchange',
  name: 'Match Odds',
  exposure: 100,
  runners: [
    { name: 'Rivertown FC', pl: 110 },
    { name: 'The Draw', pl: -100 },
    { name: 'Harbour City', pl: -100 },
  ],
  runs: [],
  ...over,
});

let shown: MatchDetail;
let book: MatchBook;
let calls: Call[];
let answer: FakeAnswer;
const posts = (path: string) => sent(calls, 'POST', path);

beforeEach(() => {
  resetFakeSocket();
  shown = football();
  answers.subscribe = () => shown;
  book = { match: 202, exposure: 0, markets: [] };
  answer = () => undefined;
  calls = fakeServer((method, path, body) => {
    const custom = answer(method, path, body);
    if (custom) return custom;
    if (path.startsWith('/api/match/')) return reply(200, shown);
    if (path.startsWith('/api/exchange/book/')) return reply(200, book);
    if (path === '/api/getwalletandexposure/7') return reply(200, { balance: 1000, exposureBalance: 0 });
  });
});
cleanUpAfterEach();

function show() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(walletQueryKey('7'), { balance: 1000, exposureBalance: 0 });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[`/match/${shown.event.id}`]}>
        <Routes>
          <Route path="/match/:matchId" element={<MatchPage userId="7" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return qc;
}

const slip = () => screen.getByTestId('bet-popup');
const field = (label: string) => within(slip()).getByLabelText(label) as HTMLInputElement;
const stake = (v: string) => fireEvent.change(field('Stake'), { target: { value: v } });
const submit = () => fireEvent.click(within(slip()).getByRole('button', { name: 'Submit' }));

describe('betting from the match page', () => {
  it('a back price on a football match opens the slip at that price, with the market’s limits and bet delay', async () => {
    show();
    fireEvent.click(await screen.findByTestId('runner-0-back'));
    expect(field('Bet For').value).toBe('Rivertown FC · Back');
    expect(field('Rate/Odds').value).toBe('2.10');
    expect(screen.getByTestId('bet-terms').textContent).toBe('Min: 100 Max: 25000Bet delay: 1s');
    fireEvent.click(within(slip()).getByTestId('quick-1000'));
    expect(field('Profit').value).toBe('1,100.00');
    expect(screen.getByTestId('bet-loss').textContent).toBe('Loss if it loses: ₹1,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    // Any level: the third-best lay of the draw.
    fireEvent.click(screen.getByTestId('runner-1-lay-2'));
    expect(field('Bet For').value).toBe('The Draw · Lay');
    expect(field('Rate/Odds').value).toBe('3.55');
    stake('100');
    expect(field('Profit').value).toBe('100.00');
    expect(screen.getByTestId('bet-loss').textContent).toBe('Loss if it loses: ₹255.00');
  });

  it('placing sends the price shown as an exchange bet; the answer, the wallet and the position per runner show', async () => {
    const qc = show();
    answer = (method, path) => {
      if (method !== 'POST' || path !== '/api/laggai_khai_bets') return undefined;
      book = { match: 202, exposure: 100, markets: [moBook()] };
      const bet = betView({ match: 202, marketId: '1.202', marketType: 'exchange', label: 'Rivertown FC', odds: 2.1 });
      return reply(201, placed(bet, moBook(), 900, 100));
    };
    fireEvent.click(await screen.findByTestId('runner-0-back'));
    expect(screen.queryByTestId('runner-0-pl')).toBeNull();
    stake('100');
    submit();
    expect(await screen.findByTestId('sp-overlay-success')).toHaveProperty('textContent', 'Bet placed successfully.');
    expect(posts('/api/laggai_khai_bets')).toEqual([
      {
        match: 202,
        teamIndex: 0,
        label: 'Rivertown FC',
        type: 'Lgaai',
        odds: 2.1,
        stake: 100,
        marketType: 'exchange',
      },
    ]);
    expect(screen.queryByTestId('bet-popup')).toBeNull();
    expect(qc.getQueryData(walletQueryKey('7'))).toEqual({ balance: 900, exposureBalance: 100 });
    await waitFor(() => expect(screen.getByTestId('runner-0-pl').textContent).toBe('+110.00'));
    expect(screen.getByTestId('runner-1-pl').textContent).toBe('-100.00');
    expect(screen.getByTestId('runner-2-pl').textContent).toBe('-100.00');
  });

  it('a refusal shows its message; the slip stays, and the wallet and positions do not change', async () => {
    const qc = show();
    answer = (method, path) =>
      method === 'POST' && path === '/api/laggai_khai_bets'
        ? reply(409, { success: false, error: 'price_changed', message: 'The price has changed: look again.' })
        : undefined;
    fireEvent.click(await screen.findByTestId('runner-2-lay'));
    stake('500');
    submit();
    expect(await screen.findByTestId('sp-overlay-error')).toHaveProperty(
      'textContent',
      'The price has changed: look again.',
    );
    expect(posts('/api/laggai_khai_bets')).toHaveLength(1);
    expect(screen.getByTestId('bet-popup')).toBeTruthy();
    expect(qc.getQueryData(walletQueryKey('7'))).toEqual({ balance: 1000, exposureBalance: 0 });
    expect(qc.getQueryData(exchangeKeys.book(202))).toEqual({ match: 202, exposure: 0, markets: [] });
    expect(screen.queryByTestId('runner-2-pl')).toBeNull();
  });

  it('a stake outside the market’s limits is refused on the spot, and nothing is sent', async () => {
    show();
    fireEvent.click(await screen.findByTestId('runner-0-back'));
    stake('30000');
    submit();
    expect(await screen.findByTestId('sp-overlay-error')).toHaveProperty('textContent', 'Min: 100 Max: 25000');
    expect(posts('/api/laggai_khai_bets')).toEqual([]);
  });

  it('cricket: Bookmaker lagai sends a bookmaker bet at the rate, fancy NO the one-item myBets list', async () => {
    shown = detail();
    answer = (method, path) => {
      if (method === 'POST' && path === '/api/laggai_khai_bets') {
        book = matchBook([bmBook()]);
        return reply(201, placed(betView(), bmBook()));
      }
      if (method === 'POST' && path === '/api/cricket-market/bets') return reply(201, placed(fancyBet(), bmBook()));
    };
    show();
    fireEvent.click(await screen.findByTestId('bm-0-back'));
    expect(field('Bet For').value).toBe('Mumbai Mariners · Back');
    expect(field('Rate/Odds').value).toBe('60');
    // Bookmaker carries no terms of its own: the exchange screen's limits, no delay.
    expect(screen.getByTestId('bet-terms').textContent).toBe('Min: 100 Max: 25000');
    stake('100');
    submit();
    await screen.findByTestId('sp-overlay-success');
    expect(posts('/api/laggai_khai_bets')).toEqual([
      {
        match: 101,
        teamIndex: 0,
        label: 'Mumbai Mariners',
        type: 'Lgaai',
        odds: 60,
        stake: 100,
        marketType: 'bookmaker',
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('bm-0-pl').textContent).toBe('+60.00'));

    fireEvent.click(screen.getByTestId('fancy-0-no'));
    expect(field('Bet For').value).toBe('6 overs runs Mumbai Mariners · No 48');
    stake('200');
    submit();
    await waitFor(() => expect(posts('/api/cricket-market/bets')).toHaveLength(1));
    expect(posts('/api/cricket-market/bets')[0]).toEqual({
      myBets: [
        {
          match: 101,
          marketId: '101-f6',
          label: '6 overs runs Mumbai Mariners',
          type: 'no',
          runs: 48,
          odds: 100,
          stake: 200,
        },
      ],
    });
  });
});
