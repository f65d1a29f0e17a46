// @vitest-environment jsdom
/**
 * The three-card game's screens on a fake server and socket: the upcoming matches (plays open) with the time left
 * until each one's first ball; a visitor's live list and board come from polling (no socket at all) and Play sends
 * them to log in; a signed-in player's list and board follow the socket (the match's room joined, pushed, left). The
 * game counts down to the first ball while plays are open and says "Plays closed" once the match is in play; a game
 * whose cards were not all filled then says it is void and every stake returned. The play dialog offers only free
 * players, fixes a locked card's two, checks the balance and the players before sending (the spec's messages), sends
 * one play however often Submit is tapped, puts the answer in place and shows the server's refusals; the winning card
 * is highlighted and its plays listed.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { walletQueryKey } from '@/lib/wallet';
import { answers, emitted, emittedNames, resetFakeSocket, serverSends } from '@/testing/fake-socket';
import { detail, score } from '../../sports/testing/detail';
import { liveItem } from '../../sports/testing/live';
import { gamePath, gameStateOf } from '../paths';
import { board, card, entry, MATCH, players } from '../testing/board';
import type { Entry, Played } from '../api/types';
import type { Board, LiveItem } from '../wire';
import { ParchiGamePage } from './ParchiGamePage';
import { ParchiListPage } from './ParchiListPage';
import { cleanUpAfterEach, fakeServer, reply, sent, type Call, type FakeAnswer } from '@/testing/server';

vi.mock('@/lib/socket', () => import('@/testing/fake-socket'));

let live: LiveItem[];
let upcoming: { event_id: number; event_name: string; event_date: number; status: string; scoreIframe: string }[];
/** Match 101's start time, as its sports detail says (`null`: no detail, 404). */
let startsAt: number | null;
let held: Board | null;
let entries: Entry[];
let wallet: { balance: number; exposureBalance: number };
let calls: Call[];
let answer: FakeAnswer;
const gets = (path: string) => sent(calls, 'GET', path).length;
const puts = () => calls.filter((c) => c.method === 'PUT');

const NAME_PATH = encodeURIComponent(MATCH);

beforeEach(() => {
  resetFakeSocket();
  live = [liveItem(101), liveItem(102)];
  upcoming = [];
  startsAt = null;
  held = board();
  entries = [];
  wallet = { balance: 1000, exposureBalance: 0 };
  answer = () => undefined;
  answers['parchi:join'] = () => held;
  answers.getMatches = () => live;
  calls = fakeServer((method, path, body) => {
    const custom = answer(method, path, body);
    if (custom) return custom;
    if (path === '/api/live-matches') return reply(200, live);
    if (path === '/api/matches/4') return reply(200, { data: upcoming });
    if (path === '/api/match/101')
      return startsAt === null
        ? reply(404, { success: false, error: 'not_found', message: 'No such match' })
        : reply(200, { event: { id: 101, eventDate: startsAt } });
    if (path.startsWith('/api/cards/'))
      return held ? reply(200, held) : reply(404, { success: false, error: 'not_found', message: 'No such match' });
    if (path.startsWith('/api/match/get-players-by-matchname/'))
      return reply(200, { success: true, matchId: 101, matchName: MATCH, players: players() });
    if (path.startsWith('/api/match/get-by-matchname/')) return reply(200, { success: true, matchId: 101, entries });
    if (path === '/api/getwalletandexposure/7') return reply(200, wallet);
  });
});
cleanUpAfterEach();

function LoginProbe() {
  const from = (useLocation().state as { from?: { pathname: string; state: unknown } } | null)?.from;
  return (
    <p data-testid="login-screen" data-from={from?.pathname} data-from-state={JSON.stringify(from?.state ?? null)}>
      login
    </p>
  );
}

/** `userId`: signed in as player 7, or a visitor (`null`). */
function show(entry: InitialEntry, userId: string | null) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/cricket2" element={<ParchiListPage signedIn={userId !== null} />} />
          <Route path="/cricket2/games/:Livematch" element={<ParchiGamePage userId={userId} />} />
          <Route path="/login" element={<LoginProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { qc, ...view };
}

/** The game of match 101 as opened from the list (navigation state: its event id). */
const fromList = { pathname: gamePath(MATCH), state: gameStateOf(liveItem(101)) };
const cardEl = (n: number) => screen.getByTestId(`parchi-card-${n}`);
const dialog = () => screen.getByTestId('parchi-dialog');
const pick = (label: string, value: string) =>
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(within(dialog()).getByRole('button', { name: /Submit|Placing/ }));
const optionsOf = (label: string) =>
  Array.from((within(dialog()).getByLabelText(label) as HTMLSelectElement).options)
    .map((o) => o.value)
    .filter(Boolean);

async function openDialog(n: number) {
  show(fromList, '7');
  await screen.findByTestId('parchi-card-1');
  // The balance is known before the checks are made.
  await waitFor(() => expect(gets('/api/getwalletandexposure/7')).toBeGreaterThan(0));
  fireEvent.click(screen.getByTestId(`parchi-play-${n}`));
  return dialog();
}

describe('live match list (/cricket2)', () => {
  it('a visitor: the matches in play from GET /api/live-matches, LIVE with name and date, and no socket', async () => {
    show('/cricket2', null);
    const rows = await screen.findAllByTestId('parchi-live-row');
    expect(rows.map((r) => r.querySelector('.pc-live-name')?.textContent)).toEqual([
      'Team 101A v Team 101B',
      'Team 102A v Team 102B',
    ]);
    expect(within(rows[0]!).getByText('LIVE')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('15 Jan');
    expect(rows[0]!.getAttribute('href')).toBe('/cricket2/games/Team%20101A%20v%20Team%20101B');
    expect(emitted).toEqual([]);
  });

  it('a visitor’s list is asked again every second', async () => {
    show('/cricket2', null);
    await screen.findAllByTestId('parchi-live-row');
    live = [liveItem(103)];
    await waitFor(
      () =>
        expect(
          screen.getAllByTestId('parchi-live-row').map((r) => r.querySelector('.pc-live-name')?.textContent),
        ).toEqual(['Team 103A v Team 103B']),
      {
        timeout: 2500,
      },
    );
  });

  it('the upcoming matches take plays: each counts down to its first ball and opens its game', async () => {
    const soon = Date.now() + 125_000;
    upcoming = [
      {
        event_id: 202,
        event_name: 'Team 202A v Team 202B',
        event_date: soon + 3_600_000,
        status: 'upcoming',
        scoreIframe: '/score/202',
      },
      { event_id: 101, event_name: MATCH, event_date: soon, status: 'upcoming', scoreIframe: '/score/101' },
      {
        event_id: 102,
        event_name: 'Team 102A v Team 102B',
        event_date: soon - 600_000,
        status: 'in_play',
        scoreIframe: '/score/102',
      },
    ];
    show('/cricket2', null);
    const rows = await screen.findAllByTestId('parchi-upcoming-row');
    // Soonest first; a match in play is not upcoming.
    expect(rows.map((r) => r.querySelector('.pc-live-name')?.textContent)).toEqual([MATCH, 'Team 202A v Team 202B']);
    expect(within(rows[0]!).getByText('OPEN')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('parchi-closes-in').textContent).toMatch(/^Plays close in 2:0[45]$/);
    expect(within(rows[1]!).getByTestId('parchi-closes-in').textContent).toMatch(/^Plays close in 1:02:0[45]$/);
    expect(rows[0]!.getAttribute('href')).toBe('/cricket2/games/Team%20101A%20v%20Team%20101B');
    fireEvent.click(rows[0]!);
    expect((await screen.findByTestId('score-frame')).getAttribute('src')).toBe('/score/101');
    // Opened from the list: the game is asked by its event id.
    await screen.findByTestId('parchi-card-1');
    expect(gets('/api/cards/101')).toBe(1);
  });

  it('an upcoming match past its start time says plays are closing; none upcoming says so', async () => {
    upcoming = [
      {
        event_id: 101,
        event_name: MATCH,
        event_date: Date.now() - 1_000,
        status: 'upcoming',
        scoreIframe: '/score/101',
      },
    ];
    const view = show('/cricket2', null);
    expect((await screen.findByTestId('parchi-closes-in')).textContent).toBe('Plays closing: the first ball is due');
    view.unmount();
    upcoming = [];
    show('/cricket2', null);
    expect((await screen.findByTestId('parchi-upcoming-empty')).textContent).toBe(
      'No upcoming matches right now. Check back soon.',
    );
  });

  it('says so when no match is live', async () => {
    live = [];
    show('/cricket2', null);
    expect((await screen.findByTestId('parchi-live-empty')).textContent).toBe(
      'No live matches right now. Check back soon.',
    );
  });

  it('signed in: the socket’s live list, and a row opens the game with its score frame and event id', async () => {
    show('/cricket2', '7');
    fireEvent.click((await screen.findAllByTestId('parchi-live-row'))[0]!);
    expect(emittedNames()).toContain('getMatches');
    expect(gets('/api/live-matches')).toBe(0);
    expect((await screen.findByTestId('score-frame')).getAttribute('src')).toBe('/score/101');
    expect(screen.getByTestId('parchi-title').textContent).toBe(MATCH);
    // The list's state names the match by its event id.
    expect(emitted).toContainEqual(['parchi:join', { match: '101' }]);
    await screen.findByTestId('parchi-card-1');
    expect(gets('/api/cards/101')).toBe(1);
  });
});

describe('game screen (/cricket2/games/{Livematch})', () => {
  it('Ball by ball: a visitor’s popup asks the scoreboard (no socket); signed in, it follows the match’s room', async () => {
    answer = (_method, path) =>
      path === '/api/score/101'
        ? reply(200, { matchId: 101, name: MATCH, seq: 10, status: 'in_play', score: score() })
        : undefined;
    const visitor = show(`/cricket2/games/${NAME_PATH}`, null);
    await screen.findByTestId('parchi-card-1');
    fireEvent.click(screen.getByRole('button', { name: 'Ball by ball' }));
    const rows = await screen.findAllByTestId('ball-row');
    expect(rows.map((r) => r.getAttribute('data-over'))).toEqual(['5.2', '5.1', '4.6', '4.5', '4.4', '4.3']);
    expect(gets('/api/score/101')).toBeGreaterThan(0);
    expect(emitted.filter(([e]) => e === 'subscribe')).toEqual([]);
    visitor.unmount();

    answers.subscribe = () => detail({ score: score({ balls: [] }) });
    show(`/cricket2/games/${NAME_PATH}`, '7');
    await screen.findByTestId('parchi-card-1');
    fireEvent.click(screen.getByRole('button', { name: 'Ball by ball' }));
    expect(await screen.findByText('No balls bowled yet')).toBeTruthy();
    expect(emitted).toContainEqual(['subscribe', { eventId: 101 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(emitted).toContainEqual(['leave', { eventId: 101 }]);
  });

  it('a visitor sees the title, the score frame and the three cards (Not Selected until played), polled with no socket', async () => {
    show(`/cricket2/games/${NAME_PATH}`, null);
    expect((await screen.findByTestId('parchi-card-1')).textContent).toContain('Card 1');
    expect(screen.getByTestId('parchi-title').textContent).toBe(MATCH);
    expect(screen.getByTestId('score-frame').getAttribute('src')).toBe('/score/101');
    const one = within(cardEl(1));
    expect(one.getByTestId('parchi-player1').textContent).toBe('A Sharma');
    expect(one.getByTestId('parchi-player2').textContent).toBe('R Iyer');
    expect(one.getByTestId('parchi-runs').textContent).toBe('37');
    expect(one.getByTestId('parchi-people').textContent).toBe('2');
    expect(one.getByTestId('parchi-staked').textContent).toBe('₹300.00');
    expect(cardEl(1).dataset.locked).toBe('true');
    const two = within(cardEl(2));
    expect(two.getByTestId('parchi-player1').textContent).toBe('Not Selected');
    expect(two.getByTestId('parchi-player2').textContent).toBe('Not Selected');
    expect(two.getByTestId('parchi-people').textContent).toBe('0');
    expect(screen.getByTestId('parchi-status').textContent).toBe('Plays open until the first ball of the match.');
    expect(gets(`/api/cards/${NAME_PATH}`)).toBe(1);
    expect(emitted).toEqual([]);
    // Every 2 s the board is asked again.
    held = board({
      cards: [
        board().cards[0]!,
        card(2, { player1: 'D Rao', player2: 'S Gill', locked: true, peoplePlayed: 1 }),
        card(3),
      ],
    });
    await waitFor(() => expect(within(cardEl(2)).getByTestId('parchi-player1').textContent).toBe('D Rao'), {
      timeout: 3500,
    });
  });

  it('a visitor’s Play sends them to log in, to come back to this match afterwards', async () => {
    show(fromList, null);
    fireEvent.click(await screen.findByTestId('parchi-play-2'));
    const login = await screen.findByTestId('login-screen');
    expect(login.dataset.from).toBe(gamePath(MATCH));
    expect(JSON.parse(login.dataset.fromState ?? 'null')).toEqual(gameStateOf(liveItem(101)));
    expect(screen.queryByTestId('parchi-dialog')).toBeNull();
  });

  it('says "Live Score Not Available" without a score page, and when the server has no such match', async () => {
    held = null;
    show(`/cricket2/games/${NAME_PATH}`, null);
    expect((await screen.findByTestId('parchi-missing')).textContent).toBe('Match not found or no data available.');
    expect(screen.getByTestId('score-frame-missing').textContent).toBe('Live Score Not Available');
  });

  it('plays closed: every Play is disabled and the status says so', async () => {
    held = board({ status: 'closed', playsOpen: false, matchStatus: 'in_play' });
    startsAt = Date.now() - 60_000;
    show(fromList, '7');
    await screen.findByTestId('parchi-card-1');
    for (const n of [1, 2, 3])
      expect((screen.getByTestId(`parchi-play-${n}`) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('parchi-status').textContent).toBe(
      'Plays closed at the first ball: the match is on, waiting for the result.',
    );
    const clock = screen.getByTestId('parchi-clock');
    expect([clock.dataset.state, clock.textContent]).toEqual(['closed', 'Plays closed']);
    // No countdown once closed: the start time is not even asked.
    expect(gets('/api/match/101')).toBe(0);
  });

  it('while plays are open: the countdown to the first ball (the match’s start time), moving each second', async () => {
    startsAt = Date.now() + 125_000;
    show(fromList, null);
    const clock = await screen.findByTestId('parchi-clock');
    expect(clock.dataset.state).toBe('countdown');
    expect(clock.textContent).toMatch(/^First ball in 2:0[45]: plays close then\.$/);
    const first = clock.textContent;
    await waitFor(() => expect(screen.getByTestId('parchi-clock').textContent).not.toBe(first), { timeout: 2500 });
    expect(screen.getByTestId('parchi-clock').textContent).toMatch(/^First ball in 2:0[345]: plays close then\.$/);
    expect((screen.getByTestId('parchi-play-2') as HTMLButtonElement).disabled).toBe(false);
  });

  it('the start time passed but the match not yet in play: the first ball is due, plays still open', async () => {
    startsAt = Date.now() - 2_000;
    show(fromList, null);
    const clock = await screen.findByTestId('parchi-clock');
    expect([clock.dataset.state, clock.textContent]).toEqual(['due', 'First ball due: plays close any moment.']);
  });

  it('no start time known: the status line alone says plays are open', async () => {
    show(fromList, null);
    await screen.findByTestId('parchi-card-1');
    await waitFor(() => expect(gets('/api/match/101')).toBe(1));
    expect(screen.queryByTestId('parchi-clock')).toBeNull();
  });

  it('signed in: the match goes in play (the room’s push): the countdown gives way to "Plays closed" and Play is disabled', async () => {
    startsAt = Date.now() + 30_000;
    show(fromList, '7');
    expect((await screen.findByTestId('parchi-clock')).dataset.state).toBe('countdown');
    const full = board().cards.map((c, i) => card(c.card, { player1: `P${i}a`, player2: `P${i}b`, locked: true }));
    serverSends('parchi:board', board({ status: 'closed', playsOpen: false, matchStatus: 'in_play', cards: full }));
    await waitFor(() => expect(screen.getByTestId('parchi-clock').dataset.state).toBe('closed'));
    expect(screen.getByTestId('parchi-clock').textContent).toBe('Plays closed');
    for (const n of [1, 2, 3])
      expect((screen.getByTestId(`parchi-play-${n}`) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a game left incomplete at the first ball: void, every stake returned, and the wallet asked again', async () => {
    startsAt = Date.now() + 30_000;
    entries = [entry({ status: 'held' })];
    show(fromList, '7');
    expect((await screen.findByTestId('parchi-clock')).dataset.state).toBe('countdown');
    const walletAsks = gets('/api/getwalletandexposure/7');
    entries = [entry({ status: 'returned', payout: 100, profit: 0 })];
    serverSends('parchi:board', board({ status: 'void', playsOpen: false, matchStatus: 'in_play' }));
    const status = await screen.findByText(/^Void:/);
    expect(status.getAttribute('data-testid')).toBe('parchi-status');
    expect(status.dataset.status).toBe('void');
    expect(status.textContent).toBe(
      'Void: the three cards were not all filled at the first ball, so the game is off and every stake has been returned.',
    );
    expect(screen.getByTestId('parchi-clock').textContent).toBe('Plays closed');
    for (const n of [1, 2, 3])
      expect((screen.getByTestId(`parchi-play-${n}`) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(gets('/api/getwalletandexposure/7')).toBeGreaterThan(walletAsks));
    // The plays are asked again for the new status; nobody won.
    await waitFor(() => expect(gets('/api/match/get-by-matchname/101')).toBeGreaterThan(1));
    expect(screen.queryByTestId('parchi-winners')).toBeNull();
  });

  it('signed in: the room’s ack and pushes keep the board; leaving the screen leaves the room', async () => {
    const { unmount } = show(fromList, '7');
    await screen.findByTestId('parchi-card-1');
    serverSends(
      'parchi:board',
      board({
        cards: [
          board().cards[0]!,
          card(2),
          card(3, { player1: 'V Nair', player2: 'M Khan', locked: true, peoplePlayed: 1, totalStake: 100 }),
        ],
      }),
    );
    await waitFor(() => expect(within(cardEl(3)).getByTestId('parchi-player1').textContent).toBe('V Nair'));
    // Another match's board is not ours.
    serverSends('parchi:board', board({ matchId: 999, cards: [card(1), card(2), card(3)] }));
    expect(within(cardEl(3)).getByTestId('parchi-player1').textContent).toBe('V Nair');
    unmount();
    expect(emitted).toContainEqual(['parchi:leave', { match: '101' }]);
  });

  it('the winning card is highlighted and the winners table lists the won plays', async () => {
    held = board({
      status: 'finished',
      matchStatus: 'finished',
      playsOpen: false,
      winnerCard: 1,
      cards: board().cards.map((c) => (c.card === 1 ? { ...c, isWinner: true } : c)),
    });
    entries = [
      entry({ _id: 1, status: 'won', payout: 200, userArray: ['ab***1'] }),
      entry({ _id: 2, status: 'won', betpoints: 200, profit: 200, payout: 400, userArray: ['cd***2'] }),
      entry({ _id: 3, card: '101-2', cardNo: 2, status: 'lost', userArray: ['ef***3'] }),
    ];
    show(fromList, null);
    await screen.findByTestId('parchi-card-1');
    expect(cardEl(1).dataset.winner).toBe('true');
    expect(cardEl(1).classList.contains('pc-winner')).toBe(true);
    expect(within(cardEl(1)).getByText('Winner')).toBeTruthy();
    expect(cardEl(2).dataset.winner).toBe('false');
    expect(screen.getByTestId('parchi-status').textContent).toBe('Match finished: Card 1 wins.');
    const table = await screen.findByTestId('parchi-winners');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['User', 'Bet Amount', 'Profit', 'Total Winnings']);
    const rows = within(table).getAllByTestId('parchi-winner-row');
    expect(rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent))).toEqual([
      ['ab***1', '₹100.00', '₹100.00', '₹200.00'],
      ['cd***2', '₹200.00', '₹200.00', '₹400.00'],
    ]);
  });

  it('no winners table while nobody has won', async () => {
    entries = [entry()];
    show(fromList, null);
    await screen.findByTestId('parchi-card-1');
    await waitFor(() => expect(gets('/api/match/get-by-matchname/101')).toBe(1));
    expect(screen.queryByTestId('parchi-winners')).toBeNull();
  });
});

describe('the play dialog', () => {
  it('an empty card: points with their profit, player 1 from the free players, player 2 never player 1', async () => {
    await openDialog(2);
    expect(screen.getByRole('dialog', { name: 'Play Card 2' })).toBeTruthy();
    expect(optionsOf('Points')).toEqual(['100', '200', '500', '1000', '2000', '5000', '10000']);
    expect((within(dialog()).getByLabelText('Profit') as HTMLInputElement).value).toBe('₹100.00');
    pick('Points', '2000');
    expect((within(dialog()).getByLabelText('Profit') as HTMLInputElement).value).toBe('₹2,000.00');
    await waitFor(() => expect(optionsOf('Player 1')).toEqual(['K Patel', 'M Khan', 'D Rao', 'S Gill', 'V Nair']));
    pick('Player 1', 'D Rao');
    expect(optionsOf('Player 2')).toEqual(['K Patel', 'M Khan', 'S Gill', 'V Nair']);
    // Cancel closes it.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('parchi-dialog')).toBeNull();
  });

  it('checks before sending: the balance first (Insufficient Balance), then both players', async () => {
    wallet = { balance: 150, exposureBalance: 0 };
    await openDialog(2);
    pick('Points', '200');
    submit();
    expect((await screen.findByTestId('parchi-overlay-error')).textContent).toBe('Insufficient Balance');
    pick('Points', '100');
    await waitFor(() => expect(optionsOf('Player 1').length).toBeGreaterThan(0));
    pick('Player 1', 'K Patel');
    submit();
    await waitFor(() =>
      expect(screen.getByTestId('parchi-overlay-error').textContent).toBe(
        'Please select both players before submitting.',
      ),
    );
    expect(puts()).toEqual([]);
  });

  it('a locked card: the two players are fixed, and the play sends them', async () => {
    answer = (method) => (method === 'PUT' ? reply(201, played(board())) : undefined);
    await openDialog(1);
    const p1 = within(dialog()).getByLabelText('Player 1') as HTMLSelectElement;
    const p2 = within(dialog()).getByLabelText('Player 2') as HTMLSelectElement;
    expect([p1.disabled, p1.value, p2.disabled, p2.value]).toEqual([true, 'A Sharma', true, 'R Iyer']);
    expect(screen.getByTestId('parchi-dialog-note').textContent).toContain('locked');
    submit();
    await screen.findByTestId('parchi-overlay-success');
    expect(puts()).toEqual([
      {
        method: 'PUT',
        path: `/api/match/select/101`,
        body: { cardId: '101-1', player1: 'A Sharma', player2: 'R Iyer', betpoints: 100 },
      },
    ]);
  });

  it('a play: one request however often Submit is tapped, then the success message, the locked card, the wallet', async () => {
    let release: (r: Response) => void = () => undefined;
    const after = board({
      cards: [
        board().cards[0]!,
        card(2, {
          player1: 'K Patel',
          player2: 'D Rao',
          locked: true,
          peoplePlayed: 1,
          totalStake: 500,
          user: ['pl***7'],
        }),
        card(3),
      ],
    });
    answer = (method) => (method === 'PUT' ? new Promise<Response>((r) => (release = r)) : undefined);
    await openDialog(2);
    pick('Points', '500');
    await waitFor(() => expect(optionsOf('Player 1').length).toBeGreaterThan(0));
    pick('Player 1', 'K Patel');
    pick('Player 2', 'D Rao');
    submit();
    submit();
    await waitFor(() =>
      expect((within(dialog()).getByRole('button', { name: 'Placing...' }) as HTMLButtonElement).disabled).toBe(true),
    );
    submit();
    expect(puts()).toEqual([
      {
        method: 'PUT',
        path: '/api/match/select/101',
        body: { cardId: '101-2', player1: 'K Patel', player2: 'D Rao', betpoints: 500 },
      },
    ]);
    held = after;
    wallet = { balance: 500, exposureBalance: 500 };
    const walletAsks = gets('/api/getwalletandexposure/7');
    release(reply(201, { ...played(after), balance: 500, exposureBalance: 500 }));
    expect((await screen.findByTestId('parchi-overlay-success')).textContent).toBe(
      'Players selected and bet placed successfully!',
    );
    expect(screen.queryByTestId('parchi-dialog')).toBeNull();
    const two = within(cardEl(2));
    expect(two.getByTestId('parchi-player1').textContent).toBe('K Patel');
    expect(two.getByTestId('parchi-player2').textContent).toBe('D Rao');
    expect(two.getByTestId('parchi-people').textContent).toBe('1');
    expect(cardEl(2).dataset.locked).toBe('true');
    // The wallet and the plays are asked again.
    await waitFor(() => expect(gets('/api/getwalletandexposure/7')).toBeGreaterThan(walletAsks));
    await waitFor(() => expect(gets('/api/match/get-by-matchname/101')).toBeGreaterThan(1));
  });

  it('the answered wallet is put in place at once', async () => {
    const view = show(fromList, '7');
    await screen.findByTestId('parchi-card-1');
    answer = (method) =>
      method === 'PUT' ? reply(201, { ...played(board()), balance: 900, exposureBalance: 100 }) : undefined;
    wallet = { balance: 900, exposureBalance: 100 };
    fireEvent.click(screen.getByTestId('parchi-play-1'));
    submit();
    await screen.findByTestId('parchi-overlay-success');
    expect(view.qc.getQueryData(walletQueryKey('7'))).toEqual({ balance: 900, exposureBalance: 100 });
  });

  it('a refusal shows the text for the server’s error code (or the spec’s fallback) and keeps the dialog', async () => {
    answer = (method) =>
      method === 'PUT'
        ? reply(409, { success: false, error: 'player_taken', message: 'K Patel is already on a card.' })
        : undefined;
    await openDialog(3);
    await waitFor(() => expect(optionsOf('Player 1').length).toBeGreaterThan(0));
    pick('Player 1', 'K Patel');
    pick('Player 2', 'M Khan');
    submit();
    // The player's language's text for the code (`errors:player_taken`), as `errorMessage` gives it.
    expect((await screen.findByTestId('parchi-overlay-error')).textContent).toBe('K Patel is already on a card.');
    expect(screen.getByTestId('parchi-dialog')).toBeTruthy();
    answer = (method) => (method === 'PUT' ? reply(500, {}) : undefined);
    await waitFor(() =>
      expect((within(dialog()).getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false),
    );
    // The players were asked again: K Patel may be gone; choose two still free.
    await waitFor(() => expect(optionsOf('Player 1').length).toBeGreaterThan(1));
    pick('Player 1', 'S Gill');
    pick('Player 2', 'V Nair');
    submit();
    await waitFor(() =>
      expect(screen.getByTestId('parchi-overlay-error').textContent).toBe('Failed to place bet. Please try again.'),
    );
  });
});

function played(b: Board): Played {
  return {
    success: true,
    message: 'Players selected and bet placed successfully!',
    entry: entry(),
    board: b,
    balance: 900,
    exposureBalance: 100,
  };
}
