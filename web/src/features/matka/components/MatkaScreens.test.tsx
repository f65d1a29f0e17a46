// @vitest-environment jsdom
/**
 * The Matka screens on a fake server and socket: the list joins and leaves the `matka` room and follows its pushes;
 * Play greys out jodi and sangams in the close session; the bid page sends the server's totals for several numbers,
 * shows the summary and the answered wallet, checks before sending, and shows the server's refusals as they come.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/Toaster';
import { walletQueryKey } from '@/lib/wallet';
import { answers, emittedNames, listeners, resetFakeSocket, serverSends } from '@/testing/fake-socket';
import type { MarketList, MarketView } from '../wire';
import { BidPage } from './BidPage';
import { MatkaListPage } from './MatkaListPage';
import { PlayPage } from './PlayPage';
import { cleanUpAfterEach, reply } from '@/testing/server';

vi.mock('@/lib/socket', () => import('@/testing/fake-socket'));

const market = (over: Partial<MarketView> = {}): MarketView => ({
  id: 1,
  marketName: 'Quick Matka',
  openNumber: '***',
  jodiDigit: '**',
  closeNumber: '***',
  closeStatus: 'Open',
  openTime: '14:05:10',
  closeTime: '14:05:20',
  mode: 'drawn',
  cycleSeconds: null,
  drawNo: 900,
  opensAt: 1_000_010_000,
  closesAt: 1_000_020_000,
  commitment: 'c'.repeat(64),
  lastResult: '450-99-135',
  active: true,
  ...over,
});

const rates: MarketList['rates'] = [
  { bidType: 'single_digit', rate: 9.5, caption: '10 Ka 95', rtp: 0.95 },
  { bidType: 'jodi', rate: 95, caption: '10 Ka 950', rtp: 0.95 },
  { bidType: 'single_panna', rate: 150, caption: '10 Ka 1500', rtp: 0.9 },
  { bidType: 'double_panna', rate: 300, caption: '10 Ka 3000', rtp: 0.9 },
  { bidType: 'triple_panna', rate: 900, caption: '10 Ka 9000', rtp: 0.9 },
  { bidType: 'half_sangam', rate: 1400, caption: '10 Ka 14000', rtp: 0.84 },
  { bidType: 'full_sangam', rate: 15000, caption: '10 Ka 150000', rtp: 0.54 },
];

let list: MarketList;
let wallet: { balance: number; exposureBalance: number };
let posts: Record<string, unknown>[];
let answerBid: (body: Record<string, unknown>) => Response;

beforeEach(() => {
  resetFakeSocket();
  answers['matka:join'] = () => list;
  list = {
    success: true,
    markets: [
      market(),
      market({
        id: 4,
        marketName: 'Kalyan',
        mode: 'declared',
        openTime: '15:45',
        closeTime: '17:45',
        closeStatus: 'Closed',
        lastResult: null,
      }),
    ],
    rates,
    minPoints: 10,
    maxPoints: 10000,
    serverTime: Date.now(),
  };
  wallet = { balance: 1000, exposureBalance: 0 };
  posts = [];
  answerBid = (body) => {
    const bids = (body.bids as { number: string; points: number }[]).map((b) => ({
      ...b,
      rate: 9.5,
      payout: b.points * 9.5,
    }));
    wallet = { balance: 900, exposureBalance: 100 };
    return reply(201, {
      success: true,
      message: 'Bid placed successfully!',
      slipId: 77,
      marketName: 'Quick Matka',
      drawNo: 900,
      bidType: 'single_digit',
      session: 'close',
      bids,
      totalBidPoints: 100,
      estimatedProfit: 950,
      ...wallet,
    });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/admin/getMatkas') return reply(200, list);
      if (path.startsWith('/api/getwalletandexposure')) return reply(200, wallet);
      if (path.startsWith('/api/bids') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posts.push(body);
        return answerBid(body);
      }
      if (path.startsWith('/api/bids')) return reply(200, { success: true, bids: [] });
      return reply(404, { error: 'not_found', message: 'not found' });
    }),
  );
});
cleanUpAfterEach();

function renderAt(path: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/casino/matka" element={<MatkaListPage userId="7" />} />
          <Route path="/casino/play/:gameName/:bidStatus" element={<PlayPage userId="7" />} />
          <Route
            path="/casino/bidpage/:gameName/:bitType/:pointsToplay/:profit/:bitStatus"
            element={<BidPage userId="7" />}
          />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, qc };
}

describe('market list', () => {
  it('joins the matka room, shows each market, follows matka:status pushes, and leaves when it closes', async () => {
    const view = renderAt('/casino/matka');
    const quick = await screen.findByTestId('matka-market-1');
    expect(emittedNames()).toContain('matka:join');
    expect(within(quick).getByTestId('matka-result').textContent).toBe('***-**-***');
    expect(within(quick).getByTestId('matka-badge').textContent).toBe('Bid Live · OPEN');
    expect(within(quick).getByTestId('matka-last').textContent).toBe('Last: 450-99-135');
    expect(within(quick).getByTestId('matka-play').getAttribute('href')).toBe('/casino/play/Quick%20Matka/Open');
    expect(within(quick).getByTestId('matka-chart-link').getAttribute('href')).toBe('/casino/matka/chart/1');
    const kalyan = screen.getByTestId('matka-market-4');
    expect(within(kalyan).getByTestId('matka-badge').textContent).toBe('CLOSED');
    expect(within(kalyan).getByTestId('matka-play').getAttribute('aria-disabled')).toBe('true');
    expect(within(kalyan).getByText('03:45 PM')).toBeTruthy();

    serverSends('matka:status', {
      markets: [market({ openNumber: '188', jodiDigit: '7*', closeStatus: 'Close' })],
      serverTime: Date.now(),
    });
    await waitFor(() =>
      expect(within(screen.getByTestId('matka-market-1')).getByTestId('matka-result').textContent).toBe('188-7*-***'),
    );
    expect(within(screen.getByTestId('matka-market-1')).getByTestId('matka-badge').textContent).toBe(
      'Bid Live · CLOSE SESSION',
    );
    expect(screen.getByTestId('matka-market-4')).toBeTruthy();
    view.unmount();
    expect(emittedNames()).toContain('matka:leave');
    expect(listeners('matka:status')).toBe(0);
  });

  it('says the spec’s message when the list cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(500, { error: 'internal', message: '' })),
    );
    answers['matka:join'] = () => ({ success: false });
    renderAt('/casino/matka');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load games. Please try again later.');
  });
});

describe('play', () => {
  it('shows the seven bid types with the server’s captions; in the close session jodi and sangams are greyed out', async () => {
    list.markets[0] = market({ closeStatus: 'Close', openNumber: '188', jodiDigit: '7*' });
    renderAt('/casino/play/Quick%20Matka/Close');
    const single = await screen.findByTestId('matka-type-single_digit');
    expect(single.textContent).toContain('SINGLE DIGIT');
    expect(single.textContent).toContain('10 Ka 95');
    expect(single.getAttribute('href')).toBe('/casino/bidpage/Quick%20Matka/single_digit/10/95/Close');
    expect(screen.getByTestId('matka-type-triple_panna').textContent).toContain('TRIPPLE PANNA');
    for (const t of ['jodi', 'half_sangam', 'full_sangam']) {
      expect(screen.getByTestId(`matka-type-${t}`).getAttribute('aria-disabled')).toBe('true');
      expect(screen.getByTestId(`matka-type-${t}`).getAttribute('href')).toBeNull();
    }
  });
});

describe('bid page', () => {
  const points = (n: string, v: string) =>
    fireEvent.change(screen.getByTestId(`matka-points-${n}`), { target: { value: v } });

  it('bids 10 points on all ten digits for the close session: the server’s totals go out, the summary and the answered wallet come back', async () => {
    const { qc } = renderAt('/casino/bidpage/Quick%20Matka/single_digit/10/95/Open');
    await screen.findByTestId('matka-points-0');
    expect(screen.getByTestId('matka-session-open')).toHaveProperty('checked', true);
    fireEvent.click(screen.getByTestId('matka-session-close'));
    for (let d = 0; d < 10; d++) points(String(d), '10');
    points('3', '1x0');
    expect(screen.getByTestId('matka-points-3')).toHaveProperty('value', '10');
    expect(screen.getByTestId('matka-total').textContent).toBe('100');
    await waitFor(() => expect(screen.getByTestId('matka-balance').textContent).toBe('₹1,000.00'));
    fireEvent.click(screen.getByTestId('matka-submit'));
    const summary = await screen.findByTestId('matka-summary');
    expect(posts).toEqual([
      {
        gameName: 'Quick Matka',
        bidType: 'single_digit',
        session: 'close',
        bids: Array.from({ length: 10 }, (_, d) => ({ number: String(d), points: 10 })),
        totalBidPoints: 100,
        estimatedProfit: 950,
      },
    ]);
    expect(screen.getByText('Bid placed successfully!')).toBeTruthy();
    expect(summary.getAttribute('data-draw-no')).toBe('900');
    expect(within(summary).getByTestId('matka-summary-total').textContent).toBe('₹100.00');
    expect(within(summary).getByTestId('matka-summary-profit').textContent).toBe('₹950.00');
    expect(within(summary).getByText('SINGLE DIGIT')).toBeTruthy();
    expect(within(summary).getByText('Close', { selector: 'dd' })).toBeTruthy();
    expect(qc.getQueryData(walletQueryKey('7'))).toEqual({ balance: 900, exposureBalance: 100 });
    expect(screen.getByTestId('matka-balance').textContent).toBe('₹900.00');
    // The slip starts again.
    expect(screen.getByTestId('matka-points-0')).toHaveProperty('value', '');
    fireEvent.click(within(summary).getByTestId('matka-summary-close'));
    await waitFor(() => expect(screen.queryByTestId('matka-summary')).toBeNull());
  });

  it('checks before sending: nothing to bid, too few points, more than the balance', async () => {
    renderAt('/casino/bidpage/Quick%20Matka/single_digit/10/95/Open');
    await screen.findByTestId('matka-points-0');
    await waitFor(() => expect(screen.getByTestId('matka-balance').textContent).toBe('₹1,000.00'));
    fireEvent.click(screen.getByTestId('matka-submit'));
    expect(screen.getByTestId('matka-problem').textContent).toBe('Please enter at least 1 valid bid.');
    points('1', '5');
    fireEvent.click(screen.getByTestId('matka-submit'));
    expect(screen.getByTestId('matka-problem').textContent).toBe('A number takes at least 10 points (1)');
    points('1', '600');
    points('2', '600');
    fireEvent.click(screen.getByTestId('matka-submit'));
    expect(screen.getByTestId('matka-problem').textContent).toBe('Insufficient balance. Please add more funds.');
    expect(posts).toEqual([]);
  });

  it('shows a refusal as the server words it, and the spec’s text when no answer came', async () => {
    answerBid = () =>
      reply(409, {
        success: false,
        error: 'session_closed',
        message: 'The open session is closed: bid for the close session',
      });
    renderAt('/casino/bidpage/Quick%20Matka/single_digit/10/95/Open');
    await screen.findByTestId('matka-points-0');
    points('7', '10');
    fireEvent.click(screen.getByTestId('matka-submit'));
    expect(await screen.findByText('The open session is closed: bid for the close session')).toBeTruthy();
    expect(posts[0]).toMatchObject({
      session: 'open',
      bids: [{ number: '7', points: 10 }],
      totalBidPoints: 10,
      estimatedProfit: 95,
    });
    answerBid = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(screen.getByTestId('matka-submit'));
    expect(await screen.findByText('There was an error placing your bid. Please try again.')).toBeTruthy();
    expect(screen.queryByTestId('matka-summary')).toBeNull();
  });

  it('follows the market: once the open session is over only Close is offered; jodi then takes no bids', async () => {
    renderAt('/casino/bidpage/Quick%20Matka/single_digit/10/95/Open');
    await screen.findByTestId('matka-session-open');
    serverSends('matka:status', {
      markets: [market({ closeStatus: 'Close', openNumber: '188', jodiDigit: '7*' })],
      serverTime: Date.now(),
    });
    await waitFor(() => expect(screen.queryByTestId('matka-session-open')).toBeNull());
    expect(screen.getByTestId('matka-session-close')).toHaveProperty('checked', true);
    cleanup();
    renderAt('/casino/bidpage/Quick%20Matka/jodi/10/950/Open');
    await screen.findByTestId('matka-points-80');
    expect(screen.queryByTestId('matka-sessions')).toBeNull();
    serverSends('matka:status', { markets: [market({ closeStatus: 'Close' })], serverTime: Date.now() });
    await waitFor(() => expect(screen.getByTestId('matka-submit')).toHaveProperty('disabled', true));
    expect(screen.getByRole('alert').textContent).toBe('JODI DIGIT bids close with the open session.');
  });

  it('sangams are typed in: three digits in any order make their panna', async () => {
    renderAt('/casino/bidpage/Quick%20Matka/half_sangam/10/14000/Open');
    const open = await screen.findByTestId('matka-sangam-open');
    fireEvent.change(open, { target: { value: '8' } });
    fireEvent.change(screen.getByTestId('matka-sangam-close'), { target: { value: '974' } });
    fireEvent.change(screen.getByTestId('matka-sangam-points'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('matka-sangam-add'));
    expect(screen.getByText('8-479')).toBeTruthy();
    expect(screen.getByTestId('matka-total').textContent).toBe('10');
    answerBid = () =>
      reply(201, {
        success: true,
        message: 'Bid placed successfully!',
        slipId: 1,
        marketName: 'Quick Matka',
        drawNo: 900,
        bidType: 'half_sangam',
        session: 'close',
        bids: [{ number: '8-479', points: 10, rate: 1400, payout: 14000 }],
        totalBidPoints: 10,
        estimatedProfit: 14000,
        balance: 990,
        exposureBalance: 10,
      });
    fireEvent.click(screen.getByTestId('matka-submit'));
    await screen.findByTestId('matka-summary');
    expect(posts[0]).toEqual({
      gameName: 'Quick Matka',
      bidType: 'half_sangam',
      session: '',
      bids: [{ number: '8-479', points: 10 }],
      totalBidPoints: 10,
      estimatedProfit: 14000,
    });
  });
});
