/**
 * Matka against the real server at 390×844 ("Quick Matka" drawn every 20 s: open result at 10 s, close at 20 s).
 * A player opens the list from the casino lobby, bids SINGLE DIGIT for the Close session on all ten digits, sees the
 * summary; after the close result one bid has won and nine lost, the balance on screen is the server's wallet
 * (start − 100 + 95), and the Fairness screen recomputes the drawn result from its revealed seed. An operator creates
 * a declared market in the console and declares its open and close results there; a player's bids settle on them.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, fundedPlayer, login, rupees, serverWallet, shot, test, type Player } from './fixtures';
import { serverInfo } from './server-info';

test.describe.configure({ mode: 'serial' });

const QUICK = 'Quick Matka';
const DEPOSIT = 2000;

interface Market {
  id: number;
  marketName: string;
  closeStatus: 'Open' | 'Close' | 'Closed';
  drawNo: number | null;
  opensAt: number | null;
  closesAt: number | null;
}

interface MarketList {
  markets: Market[];
  serverTime: number;
}

async function marketList(page: Page): Promise<MarketList> {
  const res = await page.request.get('/api/admin/getMatkas');
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as MarketList;
}

/**
 * Waits until `name` takes bids for `session` for at least `ms` more (by the server's clock), so that a slip filled
 * in now lands in this draw; at worst this waits out one cycle. Returns the market as the server lists it.
 */
async function biddingWindow(page: Page, name: string, session: 'open' | 'close', ms: number): Promise<Market> {
  const until = Date.now() + 60_000;
  for (;;) {
    const list = await marketList(page);
    const m = list.markets.find((x) => x.marketName === name);
    if (m && m.closeStatus !== 'Closed') {
      const end = session === 'open' ? m.opensAt : m.closesAt;
      const open = session === 'open' ? m.closeStatus === 'Open' : true;
      if (open && end !== null && end - list.serverTime >= ms) return m;
    }
    if (Date.now() > until) throw new Error(`${name} never took ${session} bids for ${ms} ms`);
    await page.waitForTimeout(250);
  }
}

/** Waits until the server's clock has passed `at` (epoch ms). */
async function serverPast(page: Page, at: number): Promise<void> {
  await expect
    .poll(async () => (await marketList(page)).serverTime, { timeout: 40_000, intervals: [250] })
    .toBeGreaterThanOrEqual(at);
}

const card = (page: Page, name: string) => page.locator(`[data-testid^="matka-market-"][data-name="${name}"]`);
const bidRows = (page: Page, drawNo: string, status?: string) =>
  page.locator(`[data-testid="matka-bid-row"][data-draw-no="${drawNo}"]${status ? `[data-status="${status}"]` : ''}`);

/** Play → the bid type → the slip, from a market's card on the list. */
async function openSlip(page: Page, name: string, type: string, playShot?: string) {
  await page.goto('/casino/matka');
  await card(page, name).getByTestId('matka-play').click();
  await expect(page).toHaveURL(/\/casino\/play\//);
  await expect(page.getByTestId('matka-type-single_digit')).toContainText('10 Ka 95');
  if (playShot) await shot(page, playShot);
  await page.getByTestId(`matka-type-${type}`).click();
  await expect(page).toHaveURL(new RegExp(`/casino/bidpage/.+/${type}/`));
}

/** Submit, and the server's answer as the screen shows it: the toast and the summary's draw. */
async function submit(page: Page, total: number, profit: number): Promise<string> {
  await page.getByTestId('matka-submit').click();
  await expect(page.getByText('Bid placed successfully!')).toBeVisible();
  const summary = page.getByTestId('matka-summary');
  await expect(summary).toBeVisible();
  await expect(summary.getByTestId('matka-summary-total')).toHaveText(rupees(total));
  await expect(summary.getByTestId('matka-summary-profit')).toHaveText(rupees(profit));
  return (await summary.getAttribute('data-draw-no')) ?? '';
}

/** Nothing held any more, and the header shows the server's balance. */
async function settledBalance(page: Page, player: Player): Promise<number> {
  await expect.poll(async () => (await serverWallet(page, player.id)).exposureBalance, { timeout: 30_000 }).toBe(0);
  const w = await serverWallet(page, player.id);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(w.balance), { timeout: 10_000 });
  return w.balance;
}

test('a player bids on all ten digits for the Close session of Quick Matka: one wins 9.5×, nine lose; the result checks out', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const player = await fundedPlayer(serverInfo().baseURL, DEPOSIT, { name: 'Matka Player' });
  await login(page, player);
  const start = (await serverWallet(page, player.id)).balance;

  // The lobby's Matka tile opens the list: one card per market, Quick Matka among them.
  await page.goto('/casino');
  await page.getByTestId('tile-matka').click();
  await expect(page).toHaveURL(/\/casino\/matka$/);
  const quick = card(page, QUICK);
  await expect(quick).toBeVisible();
  await expect(quick.getByTestId('matka-badge')).toHaveText(/^(Bid Live · (OPEN|CLOSE SESSION)|CLOSED)$/);
  await expect(quick.getByTestId('matka-result')).toHaveText(/^[\d*]{3}-[\d*]{2}-[\d*]{3}$/);
  await expect(page.locator('[data-testid^="matka-market-"]')).toHaveCount(5);
  await shot(page, 'matka-01-list');

  // Fill the slip while at least 8 s of close bidding are left in this draw.
  await biddingWindow(page, QUICK, 'close', 12_000);
  await openSlip(page, QUICK, 'single_digit', 'matka-02-play');
  await page.getByTestId('matka-session-close').check();
  for (let d = 0; d < 10; d++) await page.getByTestId(`matka-points-${d}`).fill('10');
  await expect(page.getByTestId('matka-total')).toHaveText('100');
  await shot(page, 'matka-03-slip-filled');
  // Filling the slip takes a while on a loaded machine: the draw may have moved on, so the window is awaited again.
  await biddingWindow(page, QUICK, 'close', 6_000);
  const drawNo = await submit(page, 100, 950);
  expect(drawNo).toMatch(/^\d+$/);
  await shot(page, 'matka-04-summary');
  const held = await serverWallet(page, player.id);
  expect(held).toEqual({ balance: start - 100, exposureBalance: 100 });
  await expect(page.getByTestId('matka-balance')).toHaveText(rupees(start - 100));
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(start - 100));
  await page.getByTestId('matka-summary-close').click();

  // My bids: ten held, then after the close result one won and nine lost.
  await page.goto('/casino/matka?tab=bids');
  await expect(bidRows(page, drawNo)).toHaveCount(10);
  await expect(bidRows(page, drawNo, 'won')).toHaveCount(1, { timeout: 40_000 });
  await expect(bidRows(page, drawNo, 'lost')).toHaveCount(9);
  await expect(bidRows(page, drawNo, 'won')).toContainText(`+${rupees(95)}`);
  const end = await settledBalance(page, player);
  expect(end).toBe(start - 100 + 95);
  await shot(page, 'matka-05-bids');

  // The chart shows the draw; the winning digit is the close panna's; its check recomputes the result.
  const winner = await bidRows(page, drawNo, 'won').getAttribute('data-number');
  await page.goto('/casino/matka');
  await card(page, QUICK).getByTestId('matka-chart-link').click();
  const row = page.locator(`[data-testid="matka-chart-row"][data-draw-no="${drawNo}"]`);
  await expect(row).toBeVisible();
  const result = (await row.getAttribute('data-result')) ?? '';
  expect(result).toMatch(/^\d{3}-\d\d-\d{3}$/);
  expect(result.split('-')[1]?.[1]).toBe(winner);
  await shot(page, 'matka-06-chart');
  await row.getByTestId('matka-chart-verify').click();
  await expect(page).toHaveURL(/\/fairness\?game=matka&market=\d+&draw=\d+/);
  await expect(page.getByTestId('fair-verdict')).toHaveAttribute('data-verdict', 'verified');
  await expect(page.getByTestId('fair-computed')).toHaveText(result);
  await expect(page.getByTestId('fair-step-commitment')).toContainText('✔');
  await shot(page, 'matka-07-fairness');

  // My Bets' Matka tab: the draw's ten bids, one won.
  await page.goto('/history?tab=matka');
  const mine = page.getByTestId('matka-history-table').locator('tbody tr', { hasText: `#${drawNo}` });
  await expect(mine).toHaveCount(10);
  await expect(mine.filter({ hasText: 'Won' })).toHaveCount(1);
  await shot(page, 'matka-08-my-bets');
});

async function operatorPage(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({
    baseURL: serverInfo().baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    hasTouch: true,
  });
  const page = await ctx.newPage();
  const info = serverInfo();
  await page.goto('/login');
  await page.getByLabel('User Number').fill(info.operatorUserNo);
  await page.getByLabel('Password', { exact: true }).fill(info.operatorPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

test('the operator creates a declared market in the console and declares its results; a player’s bids settle on them', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const name = `Test Bazar ${String(Date.now()).slice(-5)}`;
  const op = await operatorPage(browser);

  // The console: a new declared market drawing every 20 s.
  await op.getByRole('link', { name: 'Matka' }).click();
  await expect(op.getByTestId('matka-markets-table')).toBeVisible();
  await op.getByTestId('matka-new').click();
  const form = op.getByTestId('matka-new-market');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Results').selectOption('declared');
  await form.getByLabel('Every N seconds').check();
  await form.getByLabel(/^Cycle/).fill('20');
  await form.getByRole('button', { name: 'Create market' }).click();
  const opRow = op.locator(`[data-testid^="matka-row-"][data-name="${name}"]`);
  await expect(opRow).toBeVisible();
  await shot(op, 'matka-08-console-markets');

  // A player bids 10 on the open digits 8 and 3, while the open session has time left.
  const player = await fundedPlayer(serverInfo().baseURL, DEPOSIT, { name: 'Bazar Player' });
  await login(page, player);
  const start = (await serverWallet(page, player.id)).balance;
  await biddingWindow(page, name, 'open', 7_000);
  await openSlip(page, name, 'single_digit');
  await expect(page.getByTestId('matka-session-open')).toBeChecked();
  await page.getByTestId('matka-points-8').fill('10');
  await page.getByTestId('matka-points-3').fill('10');
  const m = await biddingWindow(page, name, 'open', 5_000);
  const drawNo = await submit(page, 20, 190);
  expect(drawNo).toBe(String(m.drawNo));
  await page.getByTestId('matka-summary-close').click();

  // The operator opens that draw's book; once the open time has passed, declares 134 (digit 8) after the preview.
  await opRow.getByRole('button', { name: 'Manage' }).click();
  const draw = op.getByTestId('matka-draw');
  await draw.getByTestId('matka-draw-input').fill(drawNo);
  await expect(draw.getByTestId('matka-book').locator('td[data-label="Number"]')).toHaveText(['3', '8']);
  await serverPast(page, m.opensAt ?? 0);
  await draw.getByTestId('matka-open-panna').fill('134');
  // Staked 20; the 8 pays 95: the house would pay 75.
  await expect(draw.getByTestId('matka-house-result')).toContainText(rupees(-75));
  await draw.getByTestId('matka-house-result').scrollIntoViewIfNeeded();
  await shot(op, 'matka-09-console-book');
  await draw.getByTestId('matka-declare-open').click();
  await expect(op.getByTestId('matka-confirm-text')).toContainText('134');
  await op.getByTestId('matka-confirm-declare').click();
  await expect(draw.getByTestId('matka-draw-results')).toHaveAttribute('data-open', '134');

  // The player's 8 won, the 3 lost; the wallet is the server's.
  await page.goto('/casino/matka?tab=bids');
  await expect(bidRows(page, drawNo, 'won')).toHaveCount(1, { timeout: 15_000 });
  await expect(bidRows(page, drawNo, 'won')).toHaveAttribute('data-number', '8');
  await expect(bidRows(page, drawNo, 'lost')).toHaveAttribute('data-number', '3');
  expect(await settledBalance(page, player)).toBe(start - 20 + 95);

  // After the close time the close result: 479 → 134-80-479 on the chart.
  await serverPast(page, m.closesAt ?? 0);
  await draw.getByTestId('matka-close-panna').fill('479');
  await draw.getByTestId('matka-declare-close').click();
  await op.getByTestId('matka-confirm-declare').click();
  await expect(draw.getByTestId('matka-draw-results')).toHaveAttribute('data-close', '479');
  await draw.getByTestId('matka-draw-results').scrollIntoViewIfNeeded();
  await shot(op, 'matka-10-console-declared');
  await page.goto(`/casino/matka/chart/${m.id}`);
  await expect(page.locator(`[data-testid="matka-chart-row"][data-draw-no="${drawNo}"]`)).toHaveAttribute(
    'data-result',
    '134-80-479',
  );
  await op.context().close();
});
