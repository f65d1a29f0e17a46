/**
 * Play mode against a server of this spec's own (`CASINO_MONEY_MODE=play`, the default grant ₹1,000 and top-up ₹500),
 * at 390×844: a new player starts with the grant, sees "no cash value" and no Deposit or Withdraw, claims the daily
 * top-up and plays an Aviator round; the console shows the mode, the books' play account, and no requests to approve.
 */
import type { Page } from '@playwright/test';
import { expect, operatorLogin, rupees, serverWallet, shot, test } from './fixtures';
import { startServer, type RunningServer } from './server';

const PHONE = { width: 390, height: 844 };
const GRANT = 1000;
const TOP_UP = 500;
const STAKE = 100;
const NO_CASH_VALUE = 'Play points — no cash value';

const play = test.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({
        // Aviator's short timings, as on the shared server.
        env: { CASINO_MONEY_MODE: 'play', CASINO_AVIATOR_COUNTDOWN_MS: '4000', CASINO_AVIATOR_PAUSE_MS: '1000' },
        logName: 'server-play-mode.log',
      });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => use(server.info.baseURL),
});

// The worker goes on with the other specs: no need to keep this server running for them.
play.afterAll(async ({ server }) => server.stop());

/** Signs up a new player through the form and logs in (the user number comes prefilled); returns their user id. */
async function signUpAndLogIn(page: Page): Promise<number> {
  const password = 'player-pass';
  await page.goto('/signup');
  await expect(page.getByTestId('play-note')).toHaveText(NO_CASH_VALUE);
  await page.getByLabel('Name').fill('Play Person');
  await page.getByLabel('Phone').fill(`8${String(Date.now()).slice(-9)}`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('User Number')).not.toHaveValue('');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  return page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { id: number }).id);
}

play('a new player starts with the grant, claims the daily top-up and plays an Aviator round', async ({ page }) => {
  play.setTimeout(240_000);
  await page.setViewportSize(PHONE);
  const userId = await signUpAndLogIn(page);

  // --- the grant, "no cash value" in the header and the ticker, no way to pay in or out
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(GRANT));
  await expect(page.getByTestId('play-note')).toHaveText(NO_CASH_VALUE);
  await expect(page.getByTestId('ticker-play')).toHaveText(NO_CASH_VALUE);
  await expect(page.getByRole('button', { name: 'Deposit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  await shot(page, 'play-mode-home-390');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.locator('.sidebar.open')).toBeVisible();
  await page.getByRole('button', { name: /^My Account/ }).click();
  await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Transactions' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Close menu' }).click();

  // --- the daily top-up: the balance rises by it, and the header says when the next opens
  await page.getByRole('button', { name: `Claim daily points: ${rupees(TOP_UP)}` }).click();
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(GRANT + TOP_UP));
  await expect(page.getByTestId('top-up-next')).toContainText('Next daily points:');
  await expect(page.getByRole('button', { name: /^Claim daily points/ })).toHaveCount(0);
  expect((await serverWallet(page, userId)).balance).toBe(GRANT + TOP_UP);
  await shot(page, 'play-mode-topped-up-390');

  // --- Aviator: a bet in a countdown (a tap in its last moments may reach the server after betting closed: it is
  // refused, and the slot bets in the next round), taken out as soon as it flies or lost to the crash
  await page.goto('/casino/aviator');
  await expect(page.getByTestId('play-note')).toHaveText(NO_CASH_VALUE);
  const panel = page.getByTestId('bet-panel-0');
  const betButton = panel.getByRole('button', { name: /^Bet/ });
  const status = page.getByTestId('bet-status-0');
  for (let attempt = 1; ; attempt++) {
    await expect(betButton).toBeEnabled({ timeout: 150_000 });
    await panel.getByLabel('Bet amount').fill(String(STAKE));
    await betButton.click();
    await expect(status).toContainText(/placed|Lost|Wait for the next round/, { timeout: 10_000 });
    if (!(await status.textContent())?.includes('Wait for the next round')) break;
    expect(attempt, 'a bet tapped in three countdowns in a row was refused').toBeLessThan(3);
  }
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(GRANT + TOP_UP - STAKE));
  const cashOut = panel.getByRole('button', { name: /TAKE WINNINGS/ });
  const outcome = status.filter({ hasText: /Cashed out|Lost/ });
  await Promise.race([
    cashOut.waitFor({ state: 'visible' }).then(() => expect(cashOut).toBeEnabled({ timeout: 20_000 })),
    outcome.waitFor({ timeout: 20_000 }),
  ]).catch(() => undefined);
  if (await cashOut.isEnabled()) await cashOut.click();
  await expect(outcome).toBeVisible({ timeout: 30_000 });

  // --- settled on the server, and the header shows the wallet it left
  await expect
    .poll(async () => {
      const rows = (await (await page.request.get(`/api/history/${userId}`)).json()) as { status: string }[];
      return rows[0]?.status;
    })
    .toMatch(/^(Won|Lost)$/);
  const w = await serverWallet(page, userId);
  expect(w.exposureBalance).toBe(0);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(w.balance));
  await shot(page, 'play-mode-aviator-390');
});

play(
  'the console shows play mode, the books with the play account, and no requests to approve',
  async ({ page, server }) => {
    await page.setViewportSize(PHONE);
    await operatorLogin(page, server.info);
    await expect(page.getByTestId('money-mode')).toHaveText('Play mode');
    await page.getByRole('link', { name: 'Money' }).click();
    await expect(page.getByTestId('play-mode-notice')).toContainText('no money comes in or goes out');
    await page.getByRole('link', { name: 'Payment details' }).click();
    await expect(page.getByTestId('play-mode-notice')).toBeVisible();
    await page.getByRole('link', { name: 'Books' }).click();
    await expect(page.getByTestId('books-mode')).toHaveText('Play mode: points with no cash value');
    await expect(page.getByTestId('book-play')).toContainText('Play points');
    await shot(page, 'play-mode-books-390');
  },
);
