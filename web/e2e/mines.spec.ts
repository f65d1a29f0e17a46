/**
 * Mines against the real server at 390×844: a funded player plays manual games (a safe tile and a cash-out, across a
 * reload that resumes the open game; 24 mines until one is hit), an auto game, changes seeds, and the Fairness screen
 * recomputes finished boards in the browser. After every game the balance on screen is the server's wallet.
 */
import type { Page } from '@playwright/test';
import { expect, fundedPlayer, login, rupees, serverWallet, shot, test, type Player } from './fixtures';
import { serverInfo } from './server-info';

test.describe.configure({ mode: 'serial' });

const DEPOSIT = 5000;
/** A game that ended with a mine, as the game screen showed it, for the Fairness screen to recompute. */
let lost: { gameId: number; mines: number[]; serverSeed: string; commitment: string } | null = null;
let player: Player;

test.beforeAll(async () => {
  player = await fundedPlayer(serverInfo().baseURL, DEPOSIT, { name: 'Mines Player' });
});

const board = (page: Page) => page.getByTestId('mines-board');
const tile = (page: Page, t: number) => page.getByTestId(`mines-tile-${t}`);
const money = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

async function openMines(page: Page) {
  await login(page, player);
  await page.goto('/casino/mines');
  await expect(page.getByRole('heading', { name: 'Mines' })).toBeVisible();
}

/** The server settled (nothing held) and the header shows its balance. */
async function balancesAgree(page: Page): Promise<number> {
  await expect.poll(async () => (await serverWallet(page, player.id)).exposureBalance, { timeout: 10_000 }).toBe(0);
  const w = await serverWallet(page, player.id);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(w.balance));
  await expect(page.getByTestId('topbar-exposure')).toHaveText(rupees(0));
  return w.balance;
}

async function newGame(page: Page, mines: number, stake: number): Promise<number> {
  await expect(page.getByTestId('mines-bet')).toBeEnabled();
  await page.getByTestId('mines-count').selectOption(String(mines));
  await page.getByTestId('mines-stake').fill(String(stake));
  await page.getByTestId('mines-bet').click();
  await expect(board(page)).toHaveAttribute('data-status', 'playing');
  // The stake is held by the server, and the screen says so.
  const w = await serverWallet(page, player.id);
  expect(w.exposureBalance).toBe(stake);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(w.balance));
  return Number(await board(page).getAttribute('data-game-id'));
}

/** Taps `t` and waits for the server's answer on the board: the tile's face. */
async function tap(page: Page, t: number): Promise<string> {
  await tile(page, t).click();
  await expect(tile(page, t)).toHaveAttribute('data-face', /^(gem|boom)$/);
  return (await tile(page, t).getAttribute('data-face')) ?? '';
}

test('manual: a safe tile, a reload resumes the game, Cash out pays what the screen promised; balances agree', async ({
  page,
}) => {
  await openMines(page);
  let start = await balancesAgree(page);
  await shot(page, 'mines-01-screen');
  // One mine: the first tile is safe 24 times in 25; a mine just means another game.
  let promised = 0;
  let gameId = 0;
  for (let attempt = 0; attempt < 6; attempt++) {
    gameId = await newGame(page, 1, 100);
    await expect(page.getByTestId('mines-multiplier')).toHaveText('Multiplier: 1.00x');
    const next = page.getByTestId('mines-next');
    await expect(next).toHaveText(/^Next tile: \d+\.\d\dx · ₹[\d,]+\.\d\d$/);
    promised = money((await next.textContent())?.split('·')[1] ?? '');
    if ((await tap(page, 12)) === 'gem') break;
    await expect(board(page)).toHaveAttribute('data-status', 'lost');
    start = await balancesAgree(page);
  }
  await expect(board(page)).toHaveAttribute('data-status', 'playing');
  await expect(page.getByTestId('mines-cashout-value')).toHaveText(rupees(promised));
  await shot(page, 'mines-02-safe-tile');

  // A reload: GET /api/mines gives the open game back, with its tile.
  await page.reload();
  await expect(board(page)).toHaveAttribute('data-status', 'playing');
  await expect(board(page)).toHaveAttribute('data-game-id', String(gameId));
  await expect(tile(page, 12)).toHaveAttribute('data-face', 'gem');
  await expect(page.getByTestId('mines-bet')).toBeDisabled();

  await page.getByTestId('mines-cashout').click();
  await expect(board(page)).toHaveAttribute('data-status', 'won');
  await expect(page.getByTestId('mines-status')).toHaveText(
    new RegExp(`^You won ${rupees(promised).replace(/[.]/g, '\\.')} at`),
  );
  await expect(page.getByTestId('mines-overlay-won')).toBeVisible();
  // The whole board shows: the one mine among closed safe tiles.
  await expect(board(page).locator('[data-face="mine"]')).toHaveCount(1);
  await shot(page, 'mines-03-cashed-out');
  const end = await balancesAgree(page);
  expect(end).toBeCloseTo(start - 100 + promised, 2);
  // A second Cash out: the spec's message, nothing sent.
  await page.getByTestId('mines-cashout').click();
  await expect(page.getByTestId('mines-status')).toHaveText('You Already Cashout');
  const row = page.getByTestId('mines-history-row').first();
  await expect(row).toHaveAttribute('data-game-id', String(gameId));
  await expect(row).toContainText(`+${rupees(promised)}`);
});

test('manual: 24 mines until one is hit; the whole board shows, the hit mine marked; balances agree', async ({
  page,
}) => {
  await openMines(page);
  let start = await balancesAgree(page);
  for (let attempt = 0; attempt < 6 && !lost; attempt++) {
    const gameId = await newGame(page, 24, 10);
    // One safe tile of 25: it wins the game at once (the last safe tile cashes out); a mine loses it.
    const face = await tap(page, attempt);
    if (face === 'gem') {
      await expect(board(page)).toHaveAttribute('data-status', 'won');
      start = await balancesAgree(page);
      continue;
    }
    await expect(board(page)).toHaveAttribute('data-status', 'lost');
    await expect(page.getByTestId('mines-overlay-lost')).toContainText('Boom! You hit a mine');
    await expect(tile(page, attempt)).toHaveAttribute('data-face', 'boom');
    await expect(board(page).locator('[data-face="mine"]')).toHaveCount(23);
    await expect(board(page).locator('[data-face="spare"]')).toHaveCount(1);
    await expect(page.getByTestId('mines-status')).toHaveText(`Mine! You lost ${rupees(10)}`);
    await shot(page, 'mines-04-lost');
    const end = await balancesAgree(page);
    expect(end).toBeCloseTo(start - 10, 2);
    const mines = await board(page)
      .locator('[data-face="mine"], [data-face="boom"]')
      .evaluateAll((els) =>
        els.map((e) => Number(e.getAttribute('data-testid')?.replace('mines-tile-', ''))).sort((a, b) => a - b),
      );
    // The seeds panel shows the game's seed, now revealed.
    await page.getByTestId('mines-fairness').click();
    const serverSeed = (await page.getByTestId('mines-game-server-seed').textContent()) ?? '';
    expect(serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const commitment = (await page.getByTestId('mines-game-commitment').textContent()) ?? '';
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    await shot(page, 'mines-05-seeds');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    lost = { gameId, mines, serverSeed, commitment };
  }
  expect(lost, 'a 24-mine game ends on a mine 24 times in 25').not.toBeNull();
  await expect(page.getByTestId('mines-history-row').first()).toHaveAttribute('data-game-id', String(lost!.gameId));
});

test('Fairness: the lost board is recomputed in the browser and matches', async ({ page }) => {
  expect(lost).not.toBeNull();
  await openMines(page);
  // The game's row in My Bets links to its check.
  await page.locator(`[data-testid="mines-history-row"][data-game-id="${lost!.gameId}"]`).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/fairness\\?game=mines&gameId=${lost!.gameId}$`));
  const verdict = page.getByTestId('fair-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'verified');
  await expect(verdict).toHaveText('✔ Verified');
  await expect(page.getByTestId('fair-round')).toHaveText(String(lost!.gameId));
  await expect(page.getByTestId('fair-server-seed')).toHaveText(lost!.serverSeed);
  await expect(page.getByTestId('fair-commitment')).toHaveText(lost!.commitment);
  await expect(page.getByTestId('fair-computed')).toHaveText(lost!.mines.join(', '));
  await expect(page.getByTestId('fair-result')).toHaveText(lost!.mines.join(', '));
  await expect(page.getByTestId('fair-steps').locator('.fair-bad')).toHaveCount(0);
  await expect(page.getByTestId('fair-mines-board').locator('[data-mine="true"]')).toHaveCount(24);
  await shot(page, 'mines-06-fairness');
});

test('seeds: a new client seed is used by the next game, which the Fairness screen checks', async ({ page }) => {
  await openMines(page);
  await page.getByTestId('mines-fairness').click();
  const before = (await page.getByTestId('mines-next-commitment').textContent()) ?? '';
  await page.getByTestId('mines-client-seed').fill('e2e seed 42');
  await page.getByTestId('mines-change-seeds').click();
  await expect(page.getByTestId('mines-replaced-seed')).toContainText(before);
  await expect(page.getByTestId('mines-next-commitment')).not.toHaveText(before);
  const commitment = (await page.getByTestId('mines-next-commitment').textContent()) ?? '';
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  const gameId = await newGame(page, 24, 10);
  await tap(page, 0);
  await expect(board(page)).toHaveAttribute('data-status', /^(won|lost)$/);
  await balancesAgree(page);
  await page.getByTestId('mines-verify-link').click();
  await expect(page).toHaveURL(new RegExp(`/fairness\\?game=mines&gameId=${gameId}$`));
  await expect(page.getByTestId('fair-verdict')).toHaveAttribute('data-verdict', 'verified');
  await expect(page.getByTestId('fair-commitment')).toHaveText(commitment);
  await expect(page.getByText('e2e seed 42 ·', { exact: false })).toBeVisible();
});

test('auto: the bar fills, tiles open every 500 ms, it ends on a mine or cashes out; balances agree', async ({
  page,
}) => {
  await openMines(page);
  const start = await balancesAgree(page);
  await page.getByTestId('mines-mode-auto').click();
  await page.getByTestId('mines-count').selectOption('1');
  await page.getByTestId('mines-auto-tiles').selectOption('2');
  await page.getByTestId('mines-stake').fill('100');
  await page.getByTestId('mines-bet').click();
  await expect(page.getByTestId('mines-stop')).toBeVisible();
  await expect(page.getByTestId('mines-cashout')).toBeDisabled();
  await expect(page.getByTestId('mines-progress')).toHaveAttribute('aria-valuenow', /^([1-9]\d?)$/);
  await shot(page, 'mines-07-auto-filling');
  // 10 s of bar, two tiles and a cash-out: well within 20 s.
  await expect(board(page)).toHaveAttribute('data-status', /^(won|lost)$/, { timeout: 20_000 });
  const status = await board(page).getAttribute('data-status');
  const gems = await board(page).locator('[data-face="gem"]').count();
  if (status === 'won') expect(gems).toBe(2);
  else {
    await expect(board(page).locator('[data-face="boom"]')).toHaveCount(1);
    expect(gems).toBeLessThan(2);
  }
  await shot(page, 'mines-08-auto-done');
  const end = await balancesAgree(page);
  const row = page.getByTestId('mines-history-row').first();
  if (status === 'won') expect(end).toBeCloseTo(start - 100 + money(await row.locator('.mn-h-pay').textContent()), 2);
  else expect(end).toBeCloseTo(start - 100, 2);
});

test('operators: the Mines card shows the open game’s held stake; suspend and the min bet reach the player’s screen', async ({
  page,
  browser,
}) => {
  await openMines(page);
  await newGame(page, 24, 10);
  const ctx = await browser.newContext();
  const op = await ctx.newPage();
  try {
    const info = serverInfo();
    await op.goto('/login');
    await op.getByLabel('User Number').fill(info.operatorUserNo);
    await op.getByLabel('Password', { exact: true }).fill(info.operatorPassword);
    await op.getByRole('button', { name: 'Login' }).click();
    await expect(op).toHaveURL(/\/admin$/);
    await op.goto('/admin/games');
    const card = op.getByTestId('game-mines');
    await expect(card.getByTestId('mines-open-games')).toHaveText('1');
    await expect(card.getByTestId('mines-held-stakes')).toHaveText(rupees(10));
    await expect(card.getByTestId('current-mines-houseEdgeBp')).toHaveText('in force: 3.00 % (300 bp)');
    await card.scrollIntoViewIfNeeded();
    await shot(op, 'mines-09-console');

    // Suspended: the open game plays on, no new one starts.
    await card.getByRole('button', { name: 'Suspend' }).click();
    await expect(card.getByText('Suspended', { exact: true })).toBeVisible();
    await page.reload();
    await expect(board(page)).toHaveAttribute('data-status', 'playing');
    await tap(page, 0);
    await expect(board(page)).toHaveAttribute('data-status', /^(won|lost)$/);
    await page.reload();
    await expect(page.getByText('Mines is paused: no new games for now.').first()).toBeVisible();
    await expect(page.getByTestId('mines-bet')).toBeDisabled();
    await card.getByRole('button', { name: 'Resume' }).click();
    await expect(card.getByText('Running', { exact: true })).toBeVisible();
    await expect(card.getByTestId('mines-open-games')).toHaveText('0');

    // A min bet of ₹20 (sent as 2000 paise) refuses a ₹10 game with the server's message.
    await card.getByLabel(/^Min bet/).fill('20');
    await card.getByRole('button', { name: 'Save settings' }).click();
    await expect(card.getByTestId('current-mines-minBet')).toHaveText(`in force: ${rupees(20)}`);
    await page.reload();
    await page.getByTestId('mines-stake').fill('10');
    await page.getByTestId('mines-bet').click();
    await expect(page.getByTestId('mines-status')).toContainText('minimum bet');
    await card.getByLabel(/^Min bet/).fill('10');
    await card.getByRole('button', { name: 'Save settings' }).click();
    await expect(card.getByTestId('current-mines-minBet')).toHaveText(`in force: ${rupees(10)}`);
  } finally {
    await ctx.close();
  }
  await balancesAgree(page);
});

test('My Bets: the Mines tab lists the games the server has, newest first, a page of 20 at a time', async ({
  page,
}) => {
  await login(page, player);
  // What the first page must show: the server's latest 20 finished games (every game above has ended).
  const games = (
    (await (await page.request.get('/api/mines/history?limit=20')).json()) as {
      games: { gameId: number; bet: number; result: string }[];
    }
  ).games;
  expect(games.length).toBeGreaterThan(0);
  await page.goto('/history?tab=mines');
  const table = page.getByTestId('mines-history-table');
  await expect(table.locator('tbody tr')).toHaveCount(games.length);
  const first = table.locator('tbody tr').first();
  await expect(first).toContainText(`#${games[0]!.gameId}`);
  await expect(first).toContainText(rupees(games[0]!.bet));
  await expect(first).toContainText(games[0]!.result);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(games.length === 20 ? 1 : 0);
  await shot(page, 'mines-09-my-bets');
});
