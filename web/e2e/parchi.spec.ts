/**
 * Aar Par Parchi against a real server of its own at 390×844, on the test hooks' cricket matches (a match that moves
 * only when the spec plays it, so "before the first ball" and "after it" are exact; timed matches still run, two in
 * play). Plays close at a match's first ball. A visitor opens /cricket2 logged out (no redirect), sees the upcoming
 * match with plays open and the live ones, opens the upcoming game: the score frame, the three cards and the
 * countdown to the first ball, no login needed. Play sends them to log in, and the login brings them back to the
 * game. Signed in, they play an empty card with two of its players for ₹100: the success message, the card locked
 * with those players and People Played 1, the wallet held. Another player fills the other two cards; the match starts:
 * "Plays closed", every Play disabled; when it ends, the balance is the start − 100 + what the server says the play
 * paid (200 won, 100 returned, 0 lost), nothing is held, and the header shows it. A game left incomplete at the first
 * ball is void: the screen says so and the stake is back at once, before the match is played.
 */
import { request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import {
  expect,
  fundedPlayer,
  login,
  operatorToken,
  rupees,
  serverWallet,
  shot,
  test as shared,
  type Operator,
  type Player,
  overlaySeen,
} from './fixtures';
import { startServer, type RunningServer } from './server';

const TIMINGS: Record<string, string> = {
  CASINO_SPORTS_BALL_MS: '120',
  CASINO_SPORTS_LIVE: '2',
  // The operators' test hooks: a cricket match this spec plays step by step.
  CASINO_TEST_HOOKS: '1',
};
const START = 1000;
const STAKE = 100;
const PAID: Record<string, number> = { won: 2 * STAKE, returned: STAKE, lost: 0 };

/** This spec's own server, started with the first test of a worker; stopped when the file's tests are done. */
const test = shared.extend<object, { parchiServer: RunningServer }>({
  parchiServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ env: TIMINGS, logName: 'server-parchi.log' });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ parchiServer }, use) => use(parchiServer.info.baseURL),
});

// The worker goes on with the other specs: no need to keep fast matches running for them.
test.afterAll(async ({ parchiServer }) => parchiServer.stop());

interface BoardCard {
  _id: string;
  card: number;
  player1: string | null;
  player2: string | null;
  peoplePlayed: number;
  locked: boolean;
}
interface Board {
  matchId: number;
  status: string;
  playsOpen: boolean;
  cards: BoardCard[];
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** A cricket match of this spec's server's test hooks: upcoming (plays open) until `play` starts it. */
interface TestMatch {
  matchId: number;
  name: string;
  /** Plays the next `steps` steps now (the first starts the match: plays close; then each ball is two); its status. */
  play: (steps: number) => Promise<string>;
}

/** Starts one from `seed` as the operator `op`, in a request context of its own (the page's session stays the player's). */
async function testMatch(op: Operator, seed: number): Promise<TestMatch> {
  const request = await apiRequest.newContext({ baseURL: op.baseURL });
  const headers = { Authorization: `Bearer ${await operatorToken(request, op)}` };
  const res = await request.post(`${op.baseURL}/api/admin/test/sports/matches`, { headers, data: { seed } });
  expect(res.status(), await res.text()).toBe(201);
  const { matchId, name } = (await res.json()) as { matchId: number; name: string };
  const play = async (steps: number): Promise<string> => {
    const r = await request.post(`${op.baseURL}/api/admin/test/sports/matches/${matchId}/play`, {
      headers,
      data: { steps },
    });
    expect(r.status(), await r.text()).toBe(200);
    return ((await r.json()) as { status: string }).status;
  };
  return { matchId, name, play };
}

/** Plays `m` to its end. */
async function finish(m: TestMatch): Promise<void> {
  for (let i = 0; i < 5; i += 1) if ((await m.play(1000)) === 'finished') return;
  throw new Error(`${m.name} did not end`);
}

/** A player's bearer token, through the API. */
async function tokenOf(baseURL: string, p: Player): Promise<string> {
  const api = await apiRequest.newContext({ baseURL });
  try {
    const res = await api.post('/api/login', { data: { userNo: p.userNo, password: p.password } });
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { token: string }).token;
  } finally {
    await api.dispose();
  }
}

/** `who` locks each empty card of match `m` with two free players, ₹100 each, through the API (a context of its own). */
async function fillCards(baseURL: string, who: Player, m: TestMatch): Promise<void> {
  const headers = { Authorization: `Bearer ${await tokenOf(baseURL, who)}` };
  const request = await apiRequest.newContext({ baseURL });
  try {
    const board = await json<Board>(request, `/api/cards/${m.matchId}`);
    for (const card of board.cards.filter((c) => !c.locked)) {
      const { players } = await json<{ players: { playername: string; taken: boolean }[] }>(
        request,
        `/api/match/get-players-by-matchname/${m.matchId}`,
      );
      const [a, b] = players.filter((p) => !p.taken);
      const data = { cardId: card._id, player1: a?.playername, player2: b?.playername, betpoints: STAKE };
      const res = await request.put(`/api/match/select/${m.matchId}`, { headers, data });
      expect(res.status(), await res.text()).toBe(201);
    }
  } finally {
    await request.dispose();
  }
}

/** The page's path, decoded (the match name travels URL-encoded). */
const pathOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Opens `m`'s game from the upcoming list, once its row is listed. */
async function openFromList(page: Page, m: TestMatch): Promise<void> {
  const row = page.getByTestId('parchi-upcoming-row').filter({ hasText: m.name }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('OPEN');
  await row.click();
  await expect.poll(() => pathOf(page)).toBe(`/cricket2/games/${m.name}`);
  await expect(page.getByTestId('parchi-title')).toHaveText(m.name);
  for (const n of [1, 2, 3]) await expect(page.getByTestId(`parchi-card-${n}`)).toContainText(`Card ${n}`);
}

/** Plays card 1 (empty) of the game on screen with the first two players offered, for ₹100; its players. */
async function playFirstCard(page: Page): Promise<[string, string]> {
  const tile = page.getByTestId('parchi-card-1');
  await expect(tile.getByTestId('parchi-player1')).toHaveText('Not Selected');
  await tile.getByRole('button', { name: 'Play' }).click();
  const dialog = page.getByTestId('parchi-dialog');
  await dialog.getByLabel('Points').selectOption(String(STAKE));
  await expect(dialog.getByLabel('Profit')).toHaveValue(rupees(STAKE));
  const first = dialog.getByLabel('Player 1');
  await expect.poll(() => first.locator('option').count()).toBeGreaterThan(2);
  await first.selectOption({ index: 1 });
  const p1 = await first.inputValue();
  const second = dialog.getByLabel('Player 2');
  await expect(second.locator(`option[value="${p1}"]`)).toHaveCount(0); // player 2 is never player 1
  await second.selectOption({ index: 1 });
  const p2 = await second.inputValue();
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.startsWith('/api/match/select/'),
  );
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const res = await answer;
  expect(res.status(), await res.text()).toBe(201);
  return [p1, p2];
}

test('a visitor watches Aar Par Parchi, logs in at Play, plays before the first ball, and the end pays what the server says', async ({
  page,
  parchiServer,
}) => {
  test.setTimeout(240_000);
  const info = parchiServer.info;
  const player = await fundedPlayer(info.baseURL, START, { name: 'Parchi Player', operator: info });
  const other = await fundedPlayer(info.baseURL, START, { name: 'Parchi Other', operator: info });
  const match = await testMatch(info, 21);

  // --- A visitor: the upcoming match (plays open) and the live ones, not sent to /login.
  await page.goto('/cricket2');
  await expect(page).toHaveURL(/\/cricket2$/);
  await expect(page.getByTestId('public-login')).toBeVisible();
  const row = page.getByTestId('parchi-upcoming-row').filter({ hasText: match.name }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByTestId('parchi-closes-in')).toHaveText(/^Plays clos/);
  const live = page.getByTestId('parchi-live-row').first();
  await expect(live).toBeVisible({ timeout: 30_000 });
  await expect(live.locator('.live-badge')).toHaveText('LIVE');
  await noSidewaysScroll(page);
  await shot(page, 'parchi-01-list-visitor');

  // --- The game without logging in: the score frame, the three cards, plays open until the first ball.
  await openFromList(page, match);
  await expect(page.getByTestId('score-frame')).toHaveAttribute('src', `/score/${match.matchId}`);
  await expect(page.getByTestId('parchi-status')).toHaveAttribute('data-status', 'open');
  await expect(page.getByTestId('parchi-status')).toHaveText('Plays open until the first ball of the match.');
  // The test match was due to start when it was made: its first ball is due (a timed one counts down to its start).
  await expect(page.getByTestId('parchi-clock')).toHaveAttribute('data-state', /^(countdown|due)$/);
  await expect(page.getByTestId('parchi-card-1').getByTestId('parchi-people')).toHaveText('0');
  await noSidewaysScroll(page);
  await shot(page, 'parchi-02-game-visitor');

  // --- Play asks the visitor to log in; the login brings them back to this game.
  const play = page.getByTestId('parchi-card-1').getByRole('button', { name: 'Play' });
  await expect(play).toBeEnabled();
  await play.click();
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, 'parchi-03-login');
  await page.getByLabel('User Number').fill(player.userNo);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect.poll(() => pathOf(page)).toBe(`/cricket2/games/${match.name}`);
  await expect(page.getByTestId('parchi-title')).toHaveText(match.name);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(START));
  await expect(page.getByTestId('public-login')).toHaveCount(0);
  await shot(page, 'parchi-04-back-signed-in');

  // --- Signed in: a play on card 1, empty, before the first ball.
  const played = overlaySeen(page, 'parchi-overlay-success', 'Players selected and bet placed successfully!');
  const players = await playFirstCard(page);
  await played;
  await expect(page.getByTestId('parchi-dialog')).toHaveCount(0);
  const tile = page.getByTestId('parchi-card-1');
  await expect(tile).toHaveAttribute('data-locked', 'true');
  await expect(tile.getByTestId('parchi-player1')).toHaveText(players[0]);
  await expect(tile.getByTestId('parchi-player2')).toHaveText(players[1]);
  await expect(tile.getByTestId('parchi-people')).toHaveText('1');
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(START - STAKE));
  expect(await serverWallet(page, player.id)).toEqual({ balance: START - STAKE, exposureBalance: STAKE });
  await noSidewaysScroll(page);
  await shot(page, 'parchi-05-played');

  // --- Another player fills cards 2 and 3; the match starts: plays closed, every Play disabled.
  await fillCards(info.baseURL, other, match);
  await expect(page.getByTestId('parchi-card-3')).toHaveAttribute('data-locked', 'true');
  expect(await match.play(1)).toBe('in_play');
  await expect(page.getByTestId('parchi-status')).toHaveAttribute('data-status', 'closed', { timeout: 15_000 });
  await expect(page.getByTestId('parchi-clock')).toHaveText('Plays closed');
  for (const n of [1, 2, 3]) await expect(page.getByTestId(`parchi-play-${n}`)).toBeDisabled();
  const late = await page.request.put(`/api/match/select/${match.matchId}`, {
    headers: { Authorization: `Bearer ${await tokenOf(info.baseURL, player)}` },
    data: { cardId: `${match.matchId}-2`, betpoints: STAKE },
  });
  expect([late.status(), ((await late.json()) as { error: string }).error]).toEqual([409, 'plays_closed']);
  expect(await serverWallet(page, player.id)).toEqual({ balance: START - STAKE, exposureBalance: STAKE });
  await shot(page, 'parchi-06-closed');

  // --- The match ends: the play is settled as the server says.
  await finish(match);
  await expect
    .poll(async () => (await json<Board>(page.request, `/api/cards/${match.matchId}`)).status, { timeout: 15_000 })
    .toBe('finished');
  await expect(page.getByTestId('parchi-status')).toHaveAttribute('data-status', 'finished', { timeout: 15_000 });
  type Entries = { entries: { card: string; betpoints: number; status: string; payout: number }[] };
  let entry: Entries['entries'][number] | undefined;
  await expect
    .poll(
      async () => {
        entry = (await json<Entries>(page.request, `/api/match/get-by-matchname/${match.matchId}`)).entries.find(
          (e) => e.card === `${match.matchId}-1`,
        );
        return entry?.status;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^(won|lost|returned)$/);
  expect(entry?.betpoints).toBe(STAKE);
  expect(entry?.payout).toBe(PAID[entry!.status]);
  const end = START - STAKE + entry!.payout;
  await expect
    .poll(() => serverWallet(page, player.id), { timeout: 15_000 })
    .toEqual({ balance: end, exposureBalance: 0 });
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(end), { timeout: 10_000 });
  if (entry!.status === 'won') {
    await expect(tile).toHaveAttribute('data-winner', 'true');
    await expect(page.getByTestId('parchi-winners')).toContainText(rupees(2 * STAKE));
  }
  await shot(page, 'parchi-07-settled');

  // --- My Bets' Parchi tab lists the play as it ended.
  await page.goto('/history?tab=parchi');
  const mine = page.getByTestId('parchi-history-table').locator('tbody tr');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText(players[0]);
  await expect(mine.first()).toContainText(rupees(STAKE));
  await shot(page, 'parchi-08-my-bets');
});

test('a game left incomplete at the first ball is void: the screen says so and the stake is back at once', async ({
  page,
  parchiServer,
}) => {
  test.setTimeout(120_000);
  const info = parchiServer.info;
  const player = await fundedPlayer(info.baseURL, START, { name: 'Parchi Voided', operator: info });
  const match = await testMatch(info, 22);
  await login(page, player);
  await page.goto('/cricket2');
  await openFromList(page, match);
  await playFirstCard(page);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(START - STAKE));

  // Cards 2 and 3 stay empty; the match starts.
  expect(await match.play(1)).toBe('in_play');
  const status = page.getByTestId('parchi-status');
  await expect(status).toHaveAttribute('data-status', 'void', { timeout: 15_000 });
  await expect(status).toHaveText(
    'Void: the three cards were not all filled at the first ball, so the game is off and every stake has been returned.',
  );
  await expect(page.getByTestId('parchi-clock')).toHaveText('Plays closed');
  for (const n of [1, 2, 3]) await expect(page.getByTestId(`parchi-play-${n}`)).toBeDisabled();
  // Back at once, with the match still to be played.
  expect(await serverWallet(page, player.id)).toEqual({ balance: START, exposureBalance: 0 });
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(START), { timeout: 10_000 });
  const entries = await json<{ entries: { status: string; payout: number }[] }>(
    page.request,
    `/api/match/get-by-matchname/${match.matchId}`,
  );
  expect(entries.entries.map((e) => [e.status, e.payout])).toEqual([['returned', STAKE]]);
  await noSidewaysScroll(page);
  await shot(page, 'parchi-08-void');
});
