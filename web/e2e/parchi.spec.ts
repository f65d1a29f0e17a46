/**
 * Aar Par Parchi against a real server of its own at 390×844: fast matches (a ball every 120 ms, two in play, plays
 * open the whole match), so a match ends within the test. A visitor opens /cricket2 logged out (no redirect), sees a
 * LIVE row, opens its game: the score frame and the three cards, no login needed. Play sends them to log in, and the
 * login brings them back to the game. Signed in, they open the freshest match, play an empty card with two of its
 * players for ₹100: the success message, the card locked with those players and People Played 1, the wallet held.
 * When the match ends, the balance is the start − 100 + what the server says the play paid (200 won, 100 returned,
 * 0 lost), nothing is held, and the header shows it.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, fundedPlayer, rupees, serverWallet, shot, test as shared } from './fixtures';
import { startServer, type RunningServer } from './server';

const TIMINGS: Record<string, string> = {
  CASINO_SPORTS_BALL_MS: '120',
  CASINO_SPORTS_LIVE: '2',
  CASINO_PARCHI_CLOSE_BALLS: '240',
};
const START = 1000;
const STAKE = 100;
/** How many matches to try a play on, should one end between opening it and the play arriving. */
const ATTEMPTS = 3;
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

interface Live {
  matchName: string;
  eventId: number;
}
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

/** Balls bowled so far in the match (the first innings counted as 20 overs once it is over). */
async function progress(request: APIRequestContext, eventId: number): Promise<number> {
  const res = await request.get(`/api/match/${eventId}`);
  if (!res.ok()) return Number.POSITIVE_INFINITY;
  const { score } = (await res.json()) as { score: { overs: string; firstInnings: string | null } };
  const [overs = '0', balls = '0'] = score.overs.split('.');
  return (score.firstInnings ? 120 : 0) + Number(overs) * 6 + Number(balls);
}

/** The live match furthest from its end whose plays are open and that has an empty card. */
async function freshestMatch(request: APIRequestContext): Promise<Live> {
  let best: Live | null = null;
  await expect
    .poll(
      async () => {
        let bestBalls = Number.POSITIVE_INFINITY;
        best = null;
        for (const m of await json<Live[]>(request, '/api/live-matches')) {
          const b = await json<Board>(request, `/api/cards/${m.eventId}`);
          if (b.status !== 'open' || !b.playsOpen || !b.cards.some((c) => !c.locked)) continue;
          const balls = await progress(request, m.eventId);
          if (balls < bestBalls) [best, bestBalls] = [m, balls];
        }
        return best !== null;
      },
      { timeout: 60_000, message: 'a live match with plays open' },
    )
    .toBe(true);
  return best as unknown as Live;
}

/** The page's path, decoded (the match name travels URL-encoded). */
const pathOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Opens `m`'s game from the live list, once its row is listed. */
async function openFromList(page: Page, m: Live): Promise<void> {
  const row = page.getByTestId('parchi-live-row').filter({ hasText: m.matchName }).first();
  await expect(row).toBeVisible();
  await expect(row.locator('.live-badge')).toHaveText('LIVE');
  await row.click();
  await expect.poll(() => pathOf(page)).toBe(`/cricket2/games/${m.matchName}`);
  await expect(page.getByTestId('parchi-title')).toHaveText(m.matchName);
  for (const n of [1, 2, 3]) await expect(page.getByTestId(`parchi-card-${n}`)).toContainText(`Card ${n}`);
}

interface Play {
  match: Live;
  card: BoardCard;
  players: [string, string];
}

/**
 * From the live list, opens the freshest match and plays its first empty card with the first two players offered,
 * for ₹100. A match that ended in between refuses it ('Plays are closed'): then the next one.
 */
async function playAnEmptyCard(page: Page): Promise<Play> {
  const refusals: string[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    await page.getByRole('link', { name: '← Live matches' }).click();
    await expect(page).toHaveURL(/\/cricket2$/);
    const match = await freshestMatch(page.request);
    await openFromList(page, match);
    const board = await json<Board>(page.request, `/api/cards/${match.eventId}`);
    const card = board.cards.find((c) => !c.locked);
    if (!card) continue;
    const tile = page.getByTestId(`parchi-card-${card.card}`);
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
    await shot(page, 'parchi-05-dialog');

    const answer = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.startsWith('/api/match/select/'));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const res = await answer;
    const body = (await res.json()) as { success: boolean; message?: string; error?: string };
    if (res.status() === 201) {
      expect(res.request().postDataJSON()).toEqual({ cardId: card._id, player1: p1, player2: p2, betpoints: STAKE });
      return { match, card, players: [p1, p2] };
    }
    // Only the race with the match's end is retried.
    await expect(page.getByTestId('parchi-overlay-error')).toHaveText(body.message ?? '');
    expect(body.message, `attempt ${attempt}: ${res.status()} ${JSON.stringify(body)}`).toBe('Plays are closed for this match.');
    refusals.push(`${match.matchName}: ${body.message}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
  throw new Error(`no play was taken in ${ATTEMPTS} matches: ${refusals.join('; ')}`);
}

test('a visitor watches Aar Par Parchi, logs in at Play, plays an empty card, and the end pays what the server says', async ({ page, parchiServer }) => {
  test.setTimeout(300_000);
  const info = parchiServer.info;
  const player = await fundedPlayer(info.baseURL, START, { name: 'Parchi Player', operator: info });

  // --- A visitor: the live list, not sent to /login.
  await page.goto('/cricket2');
  await expect(page).toHaveURL(/\/cricket2$/);
  await expect(page.getByTestId('public-login')).toBeVisible();
  const first = await freshestMatch(page.request);
  const row = page.getByTestId('parchi-live-row').filter({ hasText: first.matchName }).first();
  await expect(row).toBeVisible();
  await expect(row.locator('small')).toHaveText(/\d{2} \w{3}/);
  await noSidewaysScroll(page);
  await shot(page, 'parchi-01-list-visitor');

  // --- The game without logging in: the score frame and the three cards.
  await openFromList(page, first);
  const frame = page.getByTestId('score-frame');
  await expect(frame).toHaveAttribute('src', `/score/${first.eventId}`);
  await expect(page.frameLocator('[data-testid="score-frame"]').getByTestId('score-total')).toHaveText(/\d+\/\d+/);
  await expect(page.getByTestId('parchi-status')).toHaveAttribute('data-status', /open|closed|finished|abandoned/);
  await expect(page.getByTestId('parchi-card-1').getByTestId('parchi-people')).toHaveText(/^\d+$/);
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
  await expect.poll(() => pathOf(page)).toBe(`/cricket2/games/${first.matchName}`);
  await expect(page.getByTestId('parchi-title')).toHaveText(first.matchName);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(START));
  await expect(page.getByTestId('public-login')).toHaveCount(0);
  await shot(page, 'parchi-04-back-signed-in');

  // --- Signed in: a play on an empty card of the freshest match.
  const { match, card, players } = await playAnEmptyCard(page);
  await expect(page.getByTestId('parchi-overlay-success')).toHaveText('Players selected and bet placed successfully!');
  await expect(page.getByTestId('parchi-dialog')).toHaveCount(0);
  const tile = page.getByTestId(`parchi-card-${card.card}`);
  await expect(tile).toHaveAttribute('data-locked', 'true');
  await expect(tile.getByTestId('parchi-player1')).toHaveText(players[0]);
  await expect(tile.getByTestId('parchi-player2')).toHaveText(players[1]);
  await expect(tile.getByTestId('parchi-people')).toHaveText('1');
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(START - STAKE));
  expect(await serverWallet(page, player.id)).toEqual({ balance: START - STAKE, exposureBalance: STAKE });
  await noSidewaysScroll(page);
  await shot(page, 'parchi-06-played');

  // --- The match ends (a ball every 120 ms): the play is settled as the server says.
  await expect
    .poll(async () => (await json<Board>(page.request, `/api/cards/${match.eventId}`)).status, { timeout: 150_000, intervals: [1000] })
    .toMatch(/^(finished|abandoned)$/);
  await expect(page.getByTestId('parchi-status')).toHaveAttribute('data-status', /^(finished|abandoned)$/, { timeout: 15_000 });
  type Entries = { entries: { card: string; betpoints: number; status: string; payout: number }[] };
  let entry: Entries['entries'][number] | undefined;
  await expect
    .poll(
      async () => {
        entry = (await json<Entries>(page.request, `/api/match/get-by-matchname/${match.eventId}`)).entries.find((e) => e.card === card._id);
        return entry?.status;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^(won|lost|returned)$/);
  expect(entry?.betpoints).toBe(STAKE);
  expect(entry?.payout).toBe(PAID[entry!.status]);
  const end = START - STAKE + entry!.payout;
  await expect.poll(() => serverWallet(page, player.id), { timeout: 15_000 }).toEqual({ balance: end, exposureBalance: 0 });
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(end), { timeout: 10_000 });
  if (entry!.status === 'won') {
    await expect(tile).toHaveAttribute('data-winner', 'true');
    await expect(page.getByTestId('parchi-winners')).toContainText(rupees(2 * STAKE));
  }
  await shot(page, 'parchi-07-settled');
});
