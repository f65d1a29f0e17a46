import { test as base, expect, request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import { join } from 'node:path';
import { SCREENSHOTS, serverInfo, type ServerInfo } from './server-info';

/** Every spec talks to the server started by global setup (read lazily: setup runs after collection). */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(serverInfo().baseURL),
});
export { expect };

const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Same rendering as the app's formatInr. */
export const rupees = (n: number) => `₹${inr.format(Math.round(n * 100) / 100)}`;

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** Which server's operator: the shared server's unless a spec started its own. */
export type Operator = Pick<ServerInfo, 'baseURL' | 'operatorUserNo' | 'operatorPassword'>;

/** Logs in as the operator through the API and returns a Bearer token. */
export async function operatorToken(request: APIRequestContext, info: Operator = serverInfo()): Promise<string> {
  const res = await request.post(`${info.baseURL}/api/login`, {
    data: { userNo: info.operatorUserNo, password: info.operatorPassword },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { token: string };
  return body.token;
}

/** Logs the operator in through the login form; lands on the console. */
export async function operatorLogin(page: Page, info: Operator = serverInfo()): Promise<void> {
  await page.goto(`${info.baseURL}/login`);
  await page.getByLabel('User Number').fill(info.operatorUserNo);
  await page.getByLabel('Password', { exact: true }).fill(info.operatorPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * What sign-up asks in real mode besides the name, phone and password (the shared server runs in real mode; play mode
 * ignores them): an adult's date of birth and an allowed region.
 */
export const REAL_SIGNUP = { dateOfBirth: '1990-01-15', region: 'IN-MH' } as const;

/** Fills in the sign-up form's real-mode fields (date of birth, region) as `REAL_SIGNUP`. */
export async function fillRealSignup(page: Page, dateOfBirth: string = REAL_SIGNUP.dateOfBirth): Promise<void> {
  await page.getByLabel('Date of Birth').fill(dateOfBirth);
  await page.getByLabel('State or Country').selectOption(REAL_SIGNUP.region);
}

export interface Player {
  userNo: string;
  /** The server's user id (the one in /api/getwalletandexposure/{userId}). */
  id: number;
  phone: string;
  password: string;
}

/**
 * A new player with `amount` rupees: signs up, requests a deposit and has the operator approve it, all through
 * the API in a request context of its own (the caller's cookies stay untouched). Log in through the UI with `login`.
 * `opts.operator`: the operator of the server at `baseURL` when it is not the shared one.
 */
export async function fundedPlayer(
  baseURL: string,
  amount: number,
  opts: { name?: string; password?: string; operator?: Operator } = {},
): Promise<Player> {
  const password = opts.password ?? 'player-pass';
  const name = opts.name ?? 'Funded Player';
  const phone = `7${String(Date.now()).slice(-9)}`;
  const api = await apiRequest.newContext({ baseURL });
  try {
    const signup = await api.post('/api/signup', {
      data: { username: phone, email: name, password, ...REAL_SIGNUP },
    });
    expect(signup.ok(), await signup.text()).toBeTruthy();
    const { userNo } = (await signup.json()) as { userNo: number };
    const login = await api.post('/api/login', { data: { userNo: String(userNo), password } });
    expect(login.ok(), await login.text()).toBeTruthy();
    const { token, user } = (await login.json()) as { token: string; user: { id: number } };
    const utr = `UTR-FUND-${userNo}`;
    const dep = await api.post('/api/add-more-points', {
      headers: { Authorization: `Bearer ${token}` },
      data: { Utr: utr, userName: name, user: user.id, phoneNumber: phone, deposite: amount },
    });
    expect(dep.ok(), await dep.text()).toBeTruthy();
    const depositId = ((await dep.json()) as { deposit: { id: number } }).deposit.id;

    const op = await apiRequest.newContext({ baseURL });
    try {
      const auth = { Authorization: `Bearer ${await operatorToken(op, opts.operator)}` };
      const approve = await op.post(`/api/admin/deposits/${depositId}/approve`, { headers: auth });
      expect(approve.ok(), await approve.text()).toBeTruthy();
    } finally {
      await op.dispose();
    }
    const wallet = await api.get(`/api/getwalletandexposure/${user.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(wallet.ok(), await wallet.text()).toBeTruthy();
    expect(((await wallet.json()) as { balance: number }).balance).toBe(amount);
    return { userNo: String(userNo), id: user.id, phone, password };
  } finally {
    await api.dispose();
  }
}

/** Logs the player in through the login form; lands on the home page. */
export async function login(page: Page, player: Pick<Player, 'userNo' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('User Number').fill(player.userNo);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

export interface Wallet {
  balance: number;
  exposureBalance: number;
}

/** The server's wallet figures, asked with the page's own session cookie. */
export async function serverWallet(page: Page, userId: number | string): Promise<Wallet> {
  const res = await page.request.get(`/api/getwalletandexposure/${userId}`);
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Wallet;
}

/** A round game's round is about 11 s (Andar Bahar up to ~20 s with a long deal): room for a missed one and the next. */
/** The header's balance and the top bar's balance and exposure agree with `GET /api/getwalletandexposure`: the wallet. */
export async function walletAgrees(page: Page, userId: number): Promise<Wallet> {
  let w: Wallet = { balance: 0, exposureBalance: 0 };
  await expect
    .poll(
      async () => {
        w = await serverWallet(page, userId);
        const shown = await Promise.all(
          ['header-balance', 'topbar-balance', 'topbar-exposure'].map((id) => page.getByTestId(id).textContent()),
        );
        return (
          JSON.stringify(shown) === JSON.stringify([rupees(w.balance), rupees(w.balance), rupees(w.exposureBalance)])
        );
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return w;
}

export const ROUND_WAIT = 60_000;

/** Waits until a round game's screen shows betting open with at least `minSeconds` on the clock; returns the round id. */
export async function waitForBetting(page: Page, minSeconds = 6): Promise<number> {
  const handle = await page.waitForFunction(
    (min) => {
      const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '';
      const round = text('round-id');
      return text('status-badge') === 'Open' && Number(text('countdown')) >= min && /^\d+$/.test(round)
        ? Number(round)
        : 0;
    },
    minSeconds,
    { timeout: ROUND_WAIT },
  );
  return (await handle.jsonValue()) as number;
}

/** A cricket match of the shared server's test hooks (`CASINO_TEST_HOOKS=1`): it moves only when `play` says so. */
export interface TestMatch {
  matchId: number;
  name: string;
  /** Plays the next `steps` steps now (the first starts the match; then each ball is two: bowled, its result). */
  play: (steps: number) => Promise<TestMatchState>;
}

/** What `play` answers: the match detail's fields a spec reads. */
export interface TestMatchState {
  status: string;
  score: { runs: number; wickets: number; overs: string };
  fancyResults: { marketId: string; runs: number | null }[];
}

/** Starts a test match from `seed` (the same seed plays the same match) and plays its first step: in play, every market open. */
export async function testMatch(request: APIRequestContext, seed: number): Promise<TestMatch> {
  const info = serverInfo();
  const headers = { Authorization: `Bearer ${await operatorToken(request, info)}` };
  const res = await request.post(`${info.baseURL}/api/admin/test/sports/matches`, { headers, data: { seed } });
  expect(res.status(), await res.text()).toBe(201);
  const { matchId, name } = (await res.json()) as { matchId: number; name: string };
  const play = async (steps: number): Promise<TestMatchState> => {
    const r = await request.post(`${info.baseURL}/api/admin/test/sports/matches/${matchId}/play`, {
      headers,
      data: { steps },
    });
    expect(r.status(), await r.text()).toBe(200);
    return (await r.json()) as TestMatchState;
  };
  const started = await play(1);
  expect(started.status).toBe('in_play');
  return { matchId, name, play };
}

/**
 * Resolves once the message overlay `testId` has shown `text` (or, without `text`, once it has shown at all). Start
 * it before the tap that makes the message: the overlay is up for 2.3 s only, and watched from the page itself a
 * slow test runner cannot miss it.
 */
export function overlaySeen(page: Page, testId: string, text?: string): Promise<unknown> {
  return page.waitForFunction(
    ([id, want]) => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      return el !== null && (want === null || el.textContent === want);
    },
    [testId, text ?? null] as const,
    { polling: 'raf', timeout: 20_000 },
  );
}
