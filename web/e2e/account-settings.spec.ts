/**
 * Account settings against the real server, on a phone-sized screen: a daily loss limit set in Settings refuses the
 * bet that would pass it (and moves no money); Hindi chosen in Settings is kept by the account and every screen
 * speaks it; a password change ends the account's other sessions and the new password works.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, fundedPlayer, login, rupees, serverWallet, shot, test, waitForBetting, type Player } from './fixtures';
import { serverInfo } from './server-info';

const VIEWPORT = { width: 390, height: 844 };
test.use({ viewport: VIEWPORT });
test.describe.configure({ mode: 'serial' });

/** A second browser of its own (no cookies, no stored language), phone-sized like the first. */
async function otherBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: serverInfo().baseURL, viewport: VIEWPORT });
  return context.newPage();
}

test('a daily loss limit of ₹20: two ₹10 Color bets go through, the third is refused and moves no money', async ({
  page,
}) => {
  const player: Player = await fundedPlayer(serverInfo().baseURL, 500, { name: 'Limit Player' });
  await login(page, player);

  // --- the limit, set in Settings: a new limit is a lowering, so it applies at once
  await page.goto('/account/settings');
  const row = page.getByTestId('limit-loss_day');
  await expect(row).toContainText('Daily loss limit');
  await expect(page.getByTestId('limit-amount-loss_day')).toHaveText('No limit');
  await page.getByTestId('limit-input-loss_day').fill('20');
  await page.getByTestId('limit-save-loss_day').click();
  await expect(page.getByTestId('limit-result-loss_day')).toHaveText('Saved: applies now.');
  await expect(page.getByTestId('limit-amount-loss_day')).toHaveText('In force: ₹20.00');
  await expect(page.getByTestId('limit-used-loss_day')).toHaveText('Net loss today: ₹0.00');
  await expect(page.getByTestId('limit-pending-loss_day')).toHaveCount(0);
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'account-01-loss-limit');

  // --- Color Prediction: all three bets in one betting window (no result in between to change the losses)
  await page.goto('/casino/color-prediction');
  await expect(page.getByRole('heading', { name: 'Color Prediction' })).toBeVisible();
  const start = (await serverWallet(page, player.id)).balance;
  expect(start).toBe(500);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(start));
  await waitForBetting(page);
  await page.getByTestId('pick-green').click();
  await page.getByTestId('stake-10').click();
  const place = page.getByTestId('place-bet');

  await place.click();
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(start - 10));
  await expect(page.getByTestId('my-round-bets')).toContainText('Green ₹10.00');
  await expect(place).toBeEnabled();
  await place.click();
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(start - 20));
  await expect(page.getByTestId('my-round-bets')).toHaveText(/Green ₹10\.00.*Green ₹10\.00/);
  const before = await serverWallet(page, player.id);
  expect(before.balance).toBe(start - 20);

  // --- the third would take the day's losses to ₹30: refused with the server's reason, nothing moves
  await expect(place).toBeEnabled();
  await place.click();
  await expect(page.getByText(/^This bet would take your losses/).first()).toBeVisible();
  await shot(page, 'account-02-loss-limit-refused');
  await expect(page.getByTestId('my-round-bets')).not.toHaveText(/(Green ₹10\.00.*){3}/);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(start - 20));
  expect((await serverWallet(page, player.id)).balance).toBe(before.balance);
});

test('Hindi chosen in Settings: kept by the account after a reload and on another browser, and every screen speaks it', async ({
  page,
  browser,
}) => {
  const player = await fundedPlayer(serverInfo().baseURL, 100, { name: 'Hindi Player' });
  await login(page, player);
  await page.goto('/account/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByTestId('language-en')).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('language-hi').click();
  await expect(page.getByRole('heading', { level: 1, name: 'सेटिंग्स' })).toBeVisible();
  await expect(page.getByTestId('language-hi')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('लिमिट घटाना तुरंत लागू होता है; बढ़ाना या हटाना 24 घंटे बाद लागू होता है।')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  // The account has it (not only this browser).
  const me = (await (await page.request.get('/api/me')).json()) as { language?: string };
  expect(me.language).toBe('hi');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: 'test-results/hindi-settings.png', fullPage: false });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'सेटिंग्स' })).toBeVisible();
  await expect(page.getByTestId('language-hi')).toHaveAttribute('aria-pressed', 'true');

  // --- the home page, Aviator and the transactions page, in Hindi
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'जमा करें', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'लॉग आउट', exact: true })).toBeVisible();
  await expect(page.getByTestId('tile-aviator')).toBeVisible();
  await expect(page.getByTestId('match-row').or(page.getByTestId('matches-empty')).first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: 'test-results/hindi-home.png', fullPage: false });

  await page.goto('/casino/aviator');
  await expect(page.getByTestId('bet-panel-0')).toHaveAttribute('aria-label', 'बेट 1');
  await expect(page.getByLabel('बेट राशि').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: 'test-results/hindi-aviator.png', fullPage: false });

  await page.goto('/account/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'लेन-देन' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: 'test-results/hindi-transactions.png', fullPage: false });

  // --- another browser (nothing stored): English until the login, then the account's Hindi
  const other = await otherBrowser(browser);
  try {
    await login(other, player);
    await expect(other.getByRole('button', { name: 'जमा करें', exact: true })).toBeVisible();
  } finally {
    await other.context().close();
  }
});

test('changing the password ends the other sessions, keeps this one, and the new password works', async ({
  page,
  browser,
}) => {
  const OLD = 'old-pass-1';
  const NEW = 'new-pass-2';
  const player = await fundedPlayer(serverInfo().baseURL, 100, { name: 'Password Player', password: OLD });
  const other = await otherBrowser(browser);
  const third = await otherBrowser(browser);
  try {
    await login(other, player);
    await login(page, player);
    await page.goto('/account/settings');

    // --- both browsers are listed; this one as "This device", the others with an End button
    const sessions = page.getByTestId('session');
    await expect.poll(() => sessions.count()).toBeGreaterThanOrEqual(2);
    await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
    await expect(sessions.first()).toContainText('This device');
    await expect(sessions.first()).toContainText(/Logged in \d{2} \w{3} \d{4}, \d{2}:\d{2} IST/);
    await expect(sessions.nth(1).getByRole('button', { name: 'End' })).toBeVisible();

    // --- the change
    await page.getByLabel('Current password', { exact: true }).fill(OLD);
    await page.getByLabel('New password', { exact: true }).fill(NEW);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW);
    await page.getByTestId('password-submit').click();
    await expect(page.getByTestId('password-result')).toHaveText(
      /^Password changed\. \d+ other sessions? (was|were) ended\.$/,
    );
    await expect(sessions).toHaveCount(1);
    await shot(page, 'account-03-password-changed');

    // --- the other browser is signed out: its next call is refused, and it lands on the login page
    expect((await other.request.get('/api/me')).status()).toBe(401);
    await other.reload();
    await expect(other).toHaveURL(/\/login$/);

    // --- this browser stays signed in
    await page.reload();
    await expect(page.getByTestId('settings-account-id')).toHaveText(String(player.id));
    expect((await page.request.get('/api/me')).status()).toBe(200);

    // --- the old password no longer works; the new one does
    await third.goto('/login');
    await third.getByLabel('User Number').fill(player.userNo);
    await third.getByLabel('Password', { exact: true }).fill(OLD);
    await third.getByRole('button', { name: 'Login' }).click();
    await expect(third.getByRole('alert')).toBeVisible();
    await expect(third).toHaveURL(/\/login$/);
    await login(third, { userNo: player.userNo, password: NEW });
  } finally {
    await other.context().close();
    await third.context().close();
  }
});
