// @vitest-environment jsdom
/**
 * The sports screens on a fake server and socket: the match detail subscribes to its match, applies deltas live
 * (score and prices; a repeat skipped, a gap → the detail asked again), disables suspended cells and leaves on exit;
 * the matches list shows live rows with best prices, links to the detail and asks again when the live set changes.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { detail, score } from '../testing/detail';
import { answers, emitted, handlers, resetFakeSocket, serverSends } from '@/testing/fake-socket';
import { liveItem } from '../testing/live';
import type { ListItem } from '../api/types';
import type { MatchDetail } from '../wire';
import { MatchesList } from './MatchesList';
import { MatchPage } from './MatchPage';
import { cleanUpAfterEach } from '@/testing/server';

vi.mock('@/lib/socket', () => import('@/testing/fake-socket'));

let restDetail: MatchDetail | null = detail();
let restList: ListItem[] = [];
const fetches: string[] = [];

beforeEach(() => {
  resetFakeSocket();
  answers.subscribe = () => detail();
  answers.getMatches = () => [liveItem(101)];
  fetches.length = 0;
  restDetail = detail();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetches.push(url);
      if (url.includes('/api/match/'))
        return restDetail
          ? new Response(JSON.stringify(restDetail), { status: 200 })
          : new Response('{"error":"not_found"}', { status: 404 });
      return new Response(JSON.stringify({ data: restList }), { status: 200 });
    }),
  );
});
cleanUpAfterEach();

function show(path: string, sportId = '4') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/match/:matchId" element={<MatchPage />} />
          <Route path="/" element={<MatchesList sportId={sportId} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('match detail', () => {
  it('the Ball by ball popup lists the balls newest first and moves with the deltas', async () => {
    show('/match/101');
    await screen.findByTestId('match-detail');
    fireEvent.click(screen.getByRole('button', { name: 'Ball by ball' }));
    const popup = screen.getByTestId('ball-by-ball');
    expect(screen.getByRole('dialog', { name: 'Ball By Ball Result' })).toBeTruthy();
    const overs = () =>
      within(popup)
        .getAllByTestId('ball-row')
        .map((r) => r.getAttribute('data-over'));
    expect(overs()).toEqual(['5.2', '5.1', '4.6', '4.5', '4.4', '4.3']);
    expect(within(popup).getAllByTestId('ball-row')[2]!.textContent).toContain('W');
    const balls = [
      ...(score().balls ?? []),
      { over: '5.2', runs: 1, wicket: false, mark: 'Wd', at: 1_800_000_009_000 },
      { over: '5.3', runs: 6, wicket: false, mark: '6', at: 1_800_000_010_500 },
    ];
    serverSends('match:delta', {
      matchId: 101,
      seq: 11,
      at: 0,
      updates: [{ type: 'score', data: score({ runs: 49, overs: '5.3', balls }) }],
    });
    await waitFor(() => expect(overs()[0]).toBe('5.3'));
    const rows = within(popup).getAllByTestId('ball-row');
    expect(rows[0]!.textContent).toContain('6');
    expect(rows[1]!.textContent).toContain('Wd');
    // A new innings starts with no balls.
    serverSends('match:delta', {
      matchId: 101,
      seq: 12,
      at: 0,
      updates: [{ type: 'score', data: score({ runs: 0, wickets: 0, overs: '0.0', balls: [] }) }],
    });
    await waitFor(() => expect(within(popup).getByText('No balls bowled yet')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('ball-by-ball')).toBeNull();
  });

  it('subscribes, shows the header, score and Match Odds first with K/M sizes, then bookmaker and fancy', async () => {
    show('/match/101');
    expect(screen.getByText('Loading match details...')).toBeTruthy();
    await screen.findByTestId('match-detail');
    expect(emitted).toContainEqual(['subscribe', { eventId: 101 }]);
    expect(screen.getByText('LIVE')).toBeTruthy();
    expect(screen.getByTestId('score-line').textContent).toBe('Mumbai Mariners 42/1 (5.2)');
    const sections = [
      ...document.querySelectorAll('[data-testid="match-odds"], [data-testid="bookmaker"], [data-testid="fancy"]'),
    ].map((e) => e.getAttribute('data-testid'));
    expect(sections).toEqual(['match-odds', 'bookmaker', 'fancy']);
    const back = screen.getByTestId('runner-0-back');
    expect(back.textContent).toBe('1.8012.5K');
    expect(within(screen.getByTestId('runner-0')).getByText('2.3M')).toBeTruthy();
    expect(within(screen.getByTestId('bookmaker')).getByText('60')).toBeTruthy();
  });

  it('applies deltas in order, skips a repeat and flashes a moved price', async () => {
    show('/match/101');
    await screen.findByTestId('match-detail');
    const moved = detail().match;
    moved.runners[0]!.ex.availableToBack[0] = { price: 1.75, size: 3000 };
    serverSends('match:delta', {
      matchId: 101,
      seq: 11,
      at: 0,
      updates: [
        { type: 'score', data: score({ runs: 46, overs: '5.3' }) },
        { type: 'market', data: moved },
      ],
    });
    serverSends('match:delta', {
      matchId: 101,
      seq: 11,
      at: 0,
      updates: [{ type: 'score', data: score({ runs: 99 }) }],
    });
    await waitFor(() => expect(screen.getByTestId('score-line').textContent).toBe('Mumbai Mariners 46/1 (5.3)'));
    expect(screen.getByTestId('runner-0-back').textContent).toBe('1.753K');
    expect(screen.getByTestId('runner-0-back').querySelector('.sp-flash')).toBeTruthy();
    expect(screen.getByTestId('match-detail').getAttribute('data-seq')).toBe('11');
  });

  it('asks for the detail again on a gap', async () => {
    show('/match/101');
    await screen.findByTestId('match-detail');
    const before = fetches.filter((u) => u.includes('/api/match/101')).length;
    restDetail = detail({ seq: 20, score: score({ runs: 80 }) });
    serverSends('match:delta', { matchId: 101, seq: 15, at: 0, updates: [{ type: 'heartbeat' }] });
    await waitFor(() => expect(screen.getByTestId('score-line').textContent).toContain('80/1'));
    expect(fetches.filter((u) => u.includes('/api/match/101')).length).toBe(before + 1);
  });

  it('disables suspended cells and shows the badges', async () => {
    const d = detail();
    d.match = { ...d.match, status: 'SUSPENDED' };
    d.fancyMarkets = [{ ...d.fancyMarkets[0]!, status: 'SUSPENDED' }];
    restDetail = d;
    answers.subscribe = () => d;
    show('/match/101');
    await screen.findByTestId('match-detail');
    expect(screen.getByTestId('runner-0-back').hasAttribute('disabled')).toBe(true);
    expect(within(screen.getByTestId('match-odds')).getByText('SUSPENDED')).toBeTruthy();
    expect(within(screen.getByTestId('bookmaker')).getByText('OPEN')).toBeTruthy();
    expect(
      within(screen.getByTestId('fancy-row'))
        .getAllByRole('button')
        .every((b) => b.hasAttribute('disabled')),
    ).toBe(true);
  });

  it('leaves the match when the screen closes', async () => {
    const { unmount } = show('/match/101');
    await screen.findByTestId('match-detail');
    unmount();
    expect(emitted).toContainEqual(['leave', { eventId: 101 }]);
    expect(handlers.get('match:delta')?.size ?? 0).toBe(0);
  });

  it('says so when there is no such match', async () => {
    restDetail = null;
    answers.subscribe = () => ({ success: false, error: 'not_found' });
    show('/match/5');
    expect((await screen.findByTestId('match-missing')).textContent).toBe('Match not found or no data available.');
  });
});

const row = (id: number, inplay: boolean): ListItem => ({
  id,
  matchId: id,
  event_id: id,
  name: `Team ${id}A v Team ${id}B`,
  event_name: `Team ${id}A v Team ${id}B`,
  competition: 'T20 League',
  event_date: Date.UTC(2027, 0, 15, 14, 0),
  inplay,
  isLive: inplay,
  has_stream: false,
  status: inplay ? 'in_play' : 'upcoming',
  marketId: `1.${id}`,
  runners: [
    { ex: { b: [{ price: 1.8 }], l: [{ price: 1.82 }] } },
    { ex: { b: [{ price: 2.2 }], l: [{ price: 2.24 }] } },
  ],
  runnerNames: ['A', 'B'],
  teams: ['A', 'B'],
  score: inplay ? 'A 42/1 (5.2)' : '',
  scoreIframe: `/score/${id}`,
});

describe('matches list', () => {
  it('shows live rows with best prices linking to the detail, and asks again when the live set changes', async () => {
    restList = [row(101, true), row(102, false)];
    show('/');
    expect(screen.getByText('Loading Cricket matches...')).toBeTruthy();
    const rows = await screen.findAllByTestId('match-row');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual(['/match/101', '/match/102']);
    expect(within(rows[0]!).getByText('LIVE')).toBeTruthy();
    expect(within(rows[1]!).queryByText('LIVE')).toBeNull();
    expect(within(rows[0]!).getByText('1.82')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('15 Jan');
    expect(rows[0]!.textContent).not.toContain('Invalid');
    expect(emitted.map(([e]) => e)).toContain('getMatches');
    const asked = fetches.length;
    serverSends('updateMatches', [liveItem(101)]);
    expect(fetches.length).toBe(asked);
    serverSends('updateMatches', [liveItem(101), liveItem(102)]);
    await waitFor(() => expect(fetches.length).toBe(asked + 1));
  });

  it('an old link naming a sport by a word lists nothing and asks the server nothing', async () => {
    show('/', 'horse-racing');
    expect((await screen.findByTestId('matches-empty')).textContent).toBe(
      'No Horse Racing matches available at the moment.',
    );
    expect(fetches.filter((u) => u.includes('/api/matches/'))).toEqual([]);
    expect(screen.queryByText('Failed to fetch matches')).toBeNull();
  });

  it('says so when the sport has no matches', async () => {
    restList = [];
    show('/');
    expect((await screen.findByTestId('matches-empty')).textContent).toBe(
      'No Cricket matches available at the moment.',
    );
  });
});
