/**
 * The operators' console against the real server: an operator logs in through the UI, watches the live actors
 * (the Aviator row updates), opens its drill-down, approves a player's deposit (and sees a second operator's
 * earlier decision refused with the server's message), changes the Aviator min stake (pending, then applied
 * from the next round), suspends and resumes it, and reads Risk and Audit. Every screen is photographed at 1280×800 and 390×844.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, operatorToken, REAL_SIGNUP, shot, test } from './fixtures';
import { serverInfo } from './server-info';

test.describe.configure({ mode: 'serial' });

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const password = 'player-pass';

/** Both screenshots of the screen on show: wide first, then phone (the page is left at phone width). */
async function shots(page: Page, name: string) {
  await page.setViewportSize(WIDE);
  await expect(page.getByTestId('mobile-only')).toHaveCount(0);
  await shot(page, `admin-${name}-1280`);
  await page.setViewportSize(PHONE);
  await shot(page, `admin-${name}-390`);
}

/** A new player with a Bearer token, in a request context of its own. */
async function newPlayer(
  request: APIRequestContext,
  phone: string,
  name: string,
): Promise<{ token: string; userNo: string; id: number }> {
  const signup = await request.post('/api/signup', {
    data: { username: phone, email: name, password, ...REAL_SIGNUP },
  });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  const { userNo } = (await signup.json()) as { userNo: number };
  const login = await request.post('/api/login', { data: { userNo: String(userNo), password } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const body = (await login.json()) as { token: string; user: { id: number } };
  return { token: body.token, userNo: String(userNo), id: body.user.id };
}

async function requestDeposit(
  request: APIRequestContext,
  token: string,
  player: { id: number; phone: string },
  utr: string,
  amount: number,
) {
  const res = await request.post('/api/add-more-points', {
    headers: { Authorization: `Bearer ${token}` },
    data: { Utr: utr, userName: 'Console Player', user: player.id, phoneNumber: player.phone, deposite: amount },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { deposit: { id: number } }).deposit.id;
}

async function operatorLogin(page: Page) {
  const info = serverInfo();
  await page.goto('/login');
  await page.getByLabel('User Number').fill(info.operatorUserNo);
  await page.getByLabel('Password', { exact: true }).fill(info.operatorPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  // An operator lands on the console.
  await expect(page).toHaveURL(/\/admin$/);
}

test('without a session /admin goes to the login page', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});

test('a player visiting /admin is told the console is for operators only', async ({ page, baseURL, playwright }) => {
  const api = await playwright.request.newContext({ baseURL });
  const phone = `8${String(Date.now()).slice(-9)}`;
  const p = await newPlayer(api, phone, 'Curious Player');
  await api.dispose();
  await page.goto('/login');
  await page.getByLabel('User Number').fill(p.userNo);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Operators only' })).toBeVisible();
  await expect(page.getByTestId('actors-table')).toHaveCount(0);
  // The live feed refuses a player too.
  const ack = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
        ws.onmessage = (m) => {
          const t = String(m.data);
          if (t.startsWith('0')) ws.send('40');
          else if (t.startsWith('40')) ws.send('421["ops_watch",{}]');
          else if (t.startsWith('431')) {
            resolve(JSON.parse(t.slice(3)));
            ws.close();
          }
        };
        setTimeout(() => resolve('timeout'), 5000);
      }),
  );
  expect(ack).toEqual([expect.objectContaining({ success: false, error: 'forbidden' })]);
  await shot(page, 'admin-denied-390');
});

test('with websockets blocked the console stays live over long-polling; with no socket at all it polls the REST view', async ({
  page,
}) => {
  // A network that refuses websockets: the client's default transports keep the live feed on long-polling.
  await page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
  await operatorLogin(page);
  await page.goto('/admin');
  await expect(page.getByTestId('actors-source')).toHaveText(/live/);
  const row = page.getByTestId('actor-row-aviator');
  await expect(row).toBeVisible();
  let first = await row.getAttribute('data-handled');
  await expect.poll(() => row.getAttribute('data-handled'), { timeout: 10_000 }).not.toBe(first);

  // No socket at all (long-polling refused too): the console must still show and refresh the actors.
  await page.route(/\/socket\.io\//, (route) => route.abort());
  await page.reload();
  await expect(page.getByTestId('actors-source')).toHaveText(/polling/);
  await expect(row).toBeVisible();
  first = await row.getAttribute('data-handled');
  await expect.poll(() => row.getAttribute('data-handled'), { timeout: 10_000 }).not.toBe(first);
});

test('the operator watches the actors, approves a deposit, changes a setting and reads risk and audit', async ({
  page,
  request,
  baseURL,
  playwright,
}) => {
  test.setTimeout(300_000);
  // --- a player with two pending deposits, made through the API as that player
  const api = await playwright.request.newContext({ baseURL });
  const phone = `7${String(Date.now()).slice(-9)}`;
  const p = await newPlayer(api, phone, 'Console Player');
  const utr = `UTR-ADM-${Date.now()}`;
  const utrRace = `${utr}-B`;
  await requestDeposit(api, p.token, { id: p.id, phone }, utr, 750);
  const raceId = await requestDeposit(api, p.token, { id: p.id, phone }, utrRace, 20);

  // --- log in through the UI, open the console
  await operatorLogin(page);
  await page.goto('/admin');
  const row = page.getByTestId('actor-row-aviator');
  await expect(row).toBeVisible();
  await expect(page.getByTestId('actors-source')).toHaveText(/live/);
  // The row is live: the table actor's handled count keeps moving (it ticks every 20 ms).
  const first = await row.getAttribute('data-handled');
  await expect.poll(() => row.getAttribute('data-handled'), { timeout: 10_000 }).not.toBe(first);
  await expect(row.getByTestId('actor-figures')).toContainText('round');
  await shots(page, 'actors');

  // --- sorting: the column headers at desktop width, a select on a phone (the headers are hidden there)
  const rows = page.getByTestId('actors-table').locator('tbody tr');
  await page.setViewportSize(WIDE);
  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
  // By name, A to Z: the Andar Bahar table comes first.
  await expect(rows.first()).toHaveAttribute('data-testid', 'actor-row-andar-bahar');
  await page.setViewportSize(PHONE);
  await page.getByLabel('Sort actors by').selectOption('idleMs:desc');
  await expect(rows.first()).not.toHaveAttribute('data-testid', 'actor-row-andar-bahar');

  // --- drill-down
  await row.click();
  await expect(page).toHaveURL(/\/admin\/actors\/.+/);
  await expect(page.getByTestId('actor-chart')).toBeVisible();
  await expect(page.getByTestId('table-detail')).toBeVisible();
  await expect(page.getByTestId('detail-round')).not.toBeEmpty();
  const handled = await page.getByTestId('detail-handled').textContent();
  await expect(page.getByTestId('detail-handled')).not.toHaveText(handled ?? '', { timeout: 5000 });
  await page.waitForTimeout(2500); // a few points on the chart
  await shots(page, 'actor-detail');

  // --- money: approve the deposit; it leaves the pending list
  await page.getByRole('link', { name: 'Money' }).click();
  const deposits = page.getByTestId('deposits-table');
  const mine = deposits.getByRole('row').filter({ hasText: utr }).filter({ hasNotText: utrRace });
  await expect(mine).toBeVisible();
  await shots(page, 'money');
  await mine.getByRole('button', { name: /^Approve/ }).click();
  await expect(mine).toHaveCount(0);
  const wallet = await api.get(`/api/getwalletandexposure/${p.id}`, {
    headers: { Authorization: `Bearer ${p.token}` },
  });
  expect(((await wallet.json()) as { balance: number }).balance).toBe(750);

  // --- another operator decided the second one first: the console shows the server's 409 message
  const token = await operatorToken(request);
  const early = await request.post(`/api/admin/deposits/${raceId}/reject`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(early.ok(), await early.text()).toBeTruthy();
  const race = deposits.getByRole('row').filter({ hasText: utrRace });
  await expect(race).toBeVisible();
  await race.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByTestId('decision-notice')).toContainText('This request has already been decided');
  await expect(race).toHaveCount(0);

  // --- users: search, the player's page
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('Search users').fill(phone);
  await expect(page.getByTestId('users-table').locator('tbody tr')).toHaveCount(1);
  await shots(page, 'users');
  await page.getByTestId('users-table').getByRole('link', { name: p.userNo }).click();
  await expect(page.getByTestId('user-balance')).toHaveText('₹750.00');
  await expect(page.locator('td', { hasText: '+₹750.00' }).first()).toBeVisible();
  await shots(page, 'user');

  // --- payment details and news
  await page.getByRole('link', { name: 'Payment details' }).click();
  await page.getByLabel('UPI handle').fill('console@upi');
  await page
    .getByLabel('QR image URL')
    .fill(
      'data:image/svg+xml;base64,' +
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        ).toString('base64'),
    );
  await expect(page.getByTestId('qr-preview')).toBeVisible();
  await page.getByRole('button', { name: 'Save payment details' }).click();
  await expect(page.getByText('Payment details saved')).toBeVisible();
  await shots(page, 'payment');
  await page.getByRole('link', { name: 'News' }).click();
  await page.getByLabel('News item 1').fill('Console: weekend Aviator bonus');
  await page.getByRole('button', { name: 'Save news' }).click();
  await expect(page.getByText('News saved')).toBeVisible();
  await shots(page, 'news');

  // --- games: raise the Aviator min stake by a rupee; pending now, applied from the next round
  await page.getByRole('link', { name: 'Games' }).click();
  // Every game has a card (the round games have their own "Min stake per pick"): work in Aviator's.
  const game = page.getByTestId('game-aviator');
  const minStake = game.getByLabel(/^Min stake/);
  await expect(minStake).not.toHaveValue('');
  const next = Number(await minStake.inputValue()) + 1;
  await minStake.fill(String(next));
  await game.getByRole('button', { name: 'Save settings' }).click();
  // Pending until the round in play ends; a short flight can end before the console's next poll shows it, so
  // either the pending change or the new value already in force.
  const pending = page.getByTestId('pending-aviator');
  const inForce = page.getByTestId('current-aviator-minBet');
  const shown = pending
    .filter({ hasText: `Min stake ₹${next}.00` })
    .or(inForce.filter({ hasText: `in force: ₹${next}.00` }));
  await expect(shown.first()).toBeVisible();
  await shots(page, 'games');
  // An unbet round flies to its crash point; crash points are heavy-tailed, so allow a long one.
  await expect(page.getByTestId('current-aviator-minBet')).toHaveText(`in force: ₹${next}.00`, { timeout: 150_000 });
  await expect(pending).toHaveCount(0);
  // Suspend and resume (the round in play finishes; the table opens new rounds again after the resume).
  await game.getByRole('button', { name: 'Suspend' }).click();
  await expect(game.getByText('Suspended', { exact: true })).toBeVisible();
  await game.getByRole('button', { name: 'Resume' }).click();
  await expect(game.getByText('Running', { exact: true })).toBeVisible();

  // --- risk
  await page.getByRole('link', { name: 'Risk' }).click();
  await expect(page.getByTestId('exposure-total')).toBeVisible();
  await expect(page.getByTestId('house-result')).toContainText(/aviator/i);
  await shots(page, 'risk');

  // --- audit: newest first, shows the approval and the settings change
  await page.getByRole('link', { name: 'Audit' }).click();
  const audit = page.getByTestId('audit-table');
  await expect(audit.locator('tr[data-action="deposit.approve"]').first()).toBeVisible();
  await expect(audit.locator('tr[data-action="game.settings"]').first()).toContainText('minBet');
  await expect(audit.locator('tr[data-action="deposit.reject"]').first()).toBeVisible();
  // The newest of the games' rows (the specs running beside this one write rows of their own: deposits approved).
  const gameRows = audit.locator('tbody tr[data-action^="game."]');
  await expect(gameRows.first()).toHaveAttribute('data-action', 'game.resume');
  await expect(gameRows.nth(1)).toHaveAttribute('data-action', 'game.suspend');
  await shots(page, 'audit');
  await api.dispose();
});

test('the operator sees a player’s break and lifts it; a self-exclusion cannot be lifted', async ({
  page,
  request,
  baseURL,
  playwright,
}) => {
  // --- a player takes a one-day break, through the API with their own session
  const api = await playwright.request.newContext({ baseURL });
  const phone = `9${String(Date.now()).slice(-9)}`;
  const p = await newPlayer(api, phone, 'Break Player');
  const player = { Authorization: `Bearer ${p.token}` };
  const brk = await api.post('/api/account/exclusion', { headers: player, data: { kind: 'break', days: 1 } });
  expect(brk.ok(), await brk.text()).toBeTruthy();

  // --- the operator opens the person: the break badge, and a button to lift it
  await operatorLogin(page);
  await page.goto(`/admin/money/users/${p.id}`);
  const card = page.getByTestId('rg-card');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('rg-exclusion')).toHaveText(/^On a break until .+ IST$/);
  await expect(card.getByTestId('rg-limit-deposit_day')).toContainText('No limit');
  await shots(page, 'user-break');
  await page.setViewportSize(WIDE);
  await card.getByTestId('rg-lift').click();
  const dialog = page.getByRole('dialog', { name: 'Lift the break' });
  await expect(dialog).toContainText('Break Player');
  await dialog.getByRole('button', { name: 'Yes, lift the break' }).click();
  await expect(page.getByText('Break lifted')).toBeVisible();
  await expect(card.getByTestId('rg-exclusion')).toHaveCount(0);
  await expect(card.getByTestId('rg-lift')).toHaveCount(0);
  await expect(card.getByTestId('rg-no-exclusion')).toBeVisible();

  // --- the player then excludes themself for six months: the console shows it with no way to lift it
  const self = await api.post('/api/account/exclusion', {
    headers: player,
    data: { kind: 'self_exclusion', months: 6 },
  });
  expect(self.ok(), await self.text()).toBeTruthy();
  await page.reload();
  await expect(card.getByTestId('rg-exclusion')).toHaveText(/^Self-excluded until .+ IST$/);
  await expect(card.getByTestId('rg-lift')).toHaveCount(0);
  await expect(card.getByText('A self-exclusion cannot be lifted before it ends')).toBeVisible();
  await shots(page, 'user-self-excluded');
  // Nor can the API lift it.
  const token = await operatorToken(request);
  const refused = await request.post(`/api/admin/users/${p.id}/break/lift`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: string }).error).toBe('self_exclusion_locked');

  // --- the lift is in the audit log
  await page.setViewportSize(WIDE);
  await page.getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByTestId('audit-table').locator('tr[data-action="user.break_lift"]').first()).toBeVisible();
  await api.dispose();
});

test('the operator reads the accounting report and downloads it as CSV', async ({ page, baseURL, playwright }) => {
  // --- a deposit approved today: it shows in today's total
  const api = await playwright.request.newContext({ baseURL });
  const phone = `8${String(Date.now()).slice(-9)}`;
  const p = await newPlayer(api, phone, 'Accounting Player');
  const id = await requestDeposit(api, p.token, { id: p.id, phone }, `UTR-ACC-${Date.now()}`, 321);
  await operatorLogin(page);
  const approved = await page.request.post(`/api/admin/deposits/${id}/approve`);
  expect(approved.ok(), await approved.text()).toBeTruthy();

  await page.setViewportSize(WIDE);
  await page.getByRole('link', { name: 'Accounting' }).click();
  await expect(page).toHaveURL(/\/admin\/accounting$/);
  await page.getByRole('button', { name: 'Today' }).click();
  const today = page.getByTestId('accounting-daily').locator('tr[data-testid$="-total"]');
  await expect(today).toHaveCount(1);
  await expect(today).toContainText('Day total');
  await expect(page.getByTestId('accounting-total-deposits')).not.toContainText('₹0.00');
  await expect(page.getByTestId('accounting-reconciled')).toBeVisible();
  await shots(page, 'accounting');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('accounting-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^accounting-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\n')[0]).toMatch(/^date,game,bets,turnover,payouts,ggr,/);
  expect(csv).toMatch(/\ntotal,total,/);
  await api.dispose();
});
