// @vitest-environment jsdom
/**
 * The live screens on a fake server and socket: the Live Cricket Market list follows the socket's live list (one
 * room however many screens use it), a row opens `/matchlist/currmtc` with its navigation state, and that screen
 * frames the score page above the match's live detail (or says there is no match without the state); the sports
 * counts are asked again when the live set changes.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSportCounts } from '../api/get-sport-counts';
import { LIVE_MATCH_PATH, liveMatchStateOf } from '../live-state';
import { detail, score } from '../testing/detail';
import { answers, emitted, emittedNames, resetFakeSocket, serverSends } from '@/testing/fake-socket';
import { liveItem } from '../testing/live';
import type { SportCount } from '../api/types';
import { LiveCricketMarket } from './LiveCricketMarket';
import { LiveMatchPage } from './LiveMatchPage';
import { MatchesList } from './MatchesList';
import { cleanUpAfterEach } from '@/testing/server';

vi.mock('@/lib/socket', () => import('@/testing/fake-socket'));

let counts: SportCount[] = [];
const fetches: string[] = [];
const asked = (path: string) => fetches.filter((u) => u.includes(path)).length;

beforeEach(() => {
  resetFakeSocket();
  answers.subscribe = () => detail();
  answers.getMatches = () => [liveItem(101), liveItem(102)];
  counts = [{ sportId: 4, inPlay: 2, upcoming: 4 }];
  fetches.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetches.push(url);
      const body = url.includes('/api/match/') ? detail() : url.includes('/api/sports/counts') ? counts : { data: [] };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
cleanUpAfterEach();

function Counts() {
  const { data } = useSportCounts(true);
  return <output data-testid="counts">{data ? JSON.stringify(data) : ''}</output>;
}

function show(entry: InitialEntry, home = <LiveCricketMarket />) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/" element={home} />
          <Route path="/counts" element={<Counts />} />
          <Route path="/matchlist/currmtc" element={<LiveMatchPage userId="7" />} />
          <Route path="/match/currmtc" element={<LiveMatchPage userId="7" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Live Cricket Market', () => {
  it('lists the matches in play with their date and a blinking LIVE badge, and follows the pushes', async () => {
    show('/');
    const rows = await screen.findAllByTestId('live-row');
    expect(screen.getByRole('heading', { name: 'Live Cricket Market' })).toBeTruthy();
    expect(rows.map((r) => r.querySelector('.match-name')?.textContent)).toEqual([
      'Team 101A v Team 101B',
      'Team 102A v Team 102B',
    ]);
    expect(rows[0]!.textContent).toContain('15 Jan');
    expect(within(rows[0]!).getByText('LIVE').classList.contains('live-blink')).toBe(true);
    serverSends('updateMatches', [liveItem(102), liveItem(103), { eventId: 'junk' }]);
    await waitFor(() =>
      expect(screen.getAllByTestId('live-row').map((r) => r.querySelector('.match-name')?.textContent)).toEqual([
        'Team 102A v Team 102B',
        'Team 103A v Team 103B',
      ]),
    );
  });

  it('says so when no cricket is in play, and waits for the first list', async () => {
    answers.getMatches = () => ({ success: false });
    show('/');
    expect(screen.getByText('Loading live matches...')).toBeTruthy();
    serverSends('updateMatches', []);
    expect((await screen.findByTestId('live-empty')).textContent).toBe('No live cricket right now.');
  });

  it('shares one room with the matches list: joined once, left only when the last of them closes', async () => {
    function Both() {
      const [list, setList] = useState(true);
      return (
        <>
          {list && <MatchesList sportId="4" />}
          <button type="button" onClick={() => setList(false)}>
            close the list
          </button>
          <LiveCricketMarket />
        </>
      );
    }
    const { unmount } = show('/', <Both />);
    await screen.findAllByTestId('live-row');
    expect(emittedNames().filter((e) => e === 'getMatches')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'close the list' }));
    expect(emittedNames()).not.toContain('leaveMatches');
    serverSends('updateMatches', [liveItem(104)]);
    await waitFor(() => expect(screen.getAllByTestId('live-row')).toHaveLength(1));
    unmount();
    expect(emittedNames().filter((e) => e === 'leaveMatches')).toHaveLength(1);
  });

  it('a row opens /matchlist/currmtc: the score frame, then the live detail that moves with the deltas', async () => {
    show('/');
    fireEvent.click((await screen.findAllByTestId('live-row'))[0]!);
    const frame = await screen.findByTestId('score-frame');
    expect(frame.getAttribute('src')).toBe('/score/101');
    expect(frame.getAttribute('title')).toBe('Live score: Team 101A v Team 101B');
    await screen.findByTestId('match-detail');
    expect(emitted).toContainEqual(['subscribe', { eventId: 101 }]);
    expect(emittedNames()).toContain('leaveMatches'); // the list closed
    serverSends('match:delta', {
      matchId: 101,
      seq: 11,
      at: 0,
      updates: [{ type: 'score', data: score({ runs: 46, overs: '5.3' }) }],
    });
    await waitFor(() => expect(screen.getByTestId('score-line').textContent).toBe('Mumbai Mariners 46/1 (5.3)'));
  });
});

describe('live match screen', () => {
  it('says "Live Score Not Available" without a score page', async () => {
    show({ pathname: '/match/currmtc', state: { ...liveMatchStateOf(liveItem(101)), scoreIframe: '' } });
    expect(screen.getByTestId('score-frame-missing').textContent).toBe('Live Score Not Available');
    expect(screen.queryByTestId('score-frame')).toBeNull();
    await screen.findByTestId('match-detail');
  });

  it('without navigation state (a typed address) there is no match, and a way home', () => {
    show(LIVE_MATCH_PATH);
    expect(screen.getByTestId('match-missing').textContent).toBe('Match not found or no data available.');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(emittedNames()).not.toContain('subscribe');
    expect(fetches).toEqual([]);
  });
});

describe('sports counts', () => {
  it('reads the in-play counts by sport id, asked again only when the live set changes', async () => {
    show('/counts');
    await waitFor(() => expect(screen.getByTestId('counts').textContent).toBe('{"4":2}'));
    expect(emittedNames()).toContain('getMatches');
    serverSends('updateMatches', [liveItem(101), liveItem(102)]);
    expect(asked('/api/sports/counts')).toBe(1);
    counts = [
      { sportId: 4, inPlay: 3, upcoming: 3 },
      { sportId: 1, inPlay: 1, upcoming: 2 },
    ];
    serverSends('updateMatches', [liveItem(101), liveItem(102), liveItem(103)]);
    await waitFor(() => expect(screen.getByTestId('counts').textContent).toBe('{"1":1,"4":3}'));
    expect(asked('/api/sports/counts')).toBe(2);
  });
});
