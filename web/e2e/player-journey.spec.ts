/**
 * The whole money path against the real server: sign up → log in → deposit request → operator approval →
 * balance shown → Aviator bet → cash out (or lose) → balance, exposure and history agree with the server.
 */
import type { Page } from '@playwright/test';
import { expect, fillRealSignup, operatorToken, rupees, shot, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

const phone = `9${String(Date.now()).slice(-9)}`;
const name = 'Asha Player';
const password = 'secret-pass';
const DEPOSIT = 1000;
const STAKE = 100;

interface Wallet {
  balance: number;
  exposureBalance: number;
}

async function serverWallet(page: Page, userId: string): Promise<Wallet> {
  const res = await page.request.get(`/api/getwalletandexposure/${userId}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as Wallet;
}

let userNo = '';
let balanceBeforeBet = 0;
let exposureBeforeBet = 0;

async function login(page: Page) {
  await page.goto('/login');
  if (userNo) await page.getByLabel('User Number').fill(userNo);
  await expect(page.getByLabel('User Number')).not.toHaveValue('');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Who the page is signed in as, asked of the server with the page's HttpOnly cookie (nothing is stored). */
const me = (page: Page) =>
  page.evaluate(
    async () => (await (await fetch('/api/me')).json()) as { id?: unknown; _id?: unknown; userNo?: unknown },
  );

const userIdOf = async (page: Page) => {
  const u = await me(page);
  return String(u.id ?? u._id ?? u.userNo);
};

test('player signs up, requests a deposit, the operator approves it and the balance shows it', async ({
  page,
  context,
  request,
}) => {
  // --- the operator publishes payment details and news
  const token = await operatorToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  const upi = await request.put('/api/admin/upi', {
    headers: auth,
    data: { upi_id: 'royalplay@upi', phone: '919000000001', qrCode: '' },
  });
  expect(upi.ok(), await upi.text()).toBeTruthy();
  const news = await request.put('/api/admin/news', {
    headers: auth,
    data: { items: ['E2E: weekend Aviator bonus is live'] },
  });
  expect(news.ok(), await news.text()).toBeTruthy();

  // --- sign up
  await page.goto('/signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await fillRealSignup(page);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('User registered successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // --- log in (user number prefilled from localStorage UserNo)
  await shot(page, '03-login-prefilled');
  await login(page);
  const userId = await userIdOf(page);
  userNo = String((await me(page)).userNo ?? '');
  // The session is the HttpOnly cookie: the page keeps only the remembered user number.
  const stored = await page.evaluate(() => Object.keys(localStorage));
  expect(stored.filter((k) => k !== 'UserNo')).toEqual([]);
  expect(await page.evaluate(() => document.cookie)).not.toContain('casino_session');
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(0));
  await expect(page.getByTestId('news')).toHaveText('E2E: weekend Aviator bonus is live');
  // The simulated cricket feed keeps matches in play: the list shows them, live first.
  await expect(page.getByTestId('match-row').first()).toContainText('LIVE');
  await shot(page, '04-home');

  // --- sidebar
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.locator('.sidebar.open')).toBeVisible();
  await shot(page, '05-sidebar');
  await page.locator('.side-backdrop').click({ position: { x: 375, y: 420 } });
  await expect(page.locator('.sidebar.open')).toHaveCount(0);

  // --- deposit request; the WhatsApp tab is intercepted
  await context.route('https://wa.me/**', (r) =>
    r.fulfill({ status: 200, contentType: 'text/html', body: '<p>wa</p>' }),
  );
  await page.getByRole('button', { name: 'Deposit' }).click();
  await page.getByLabel('Mobile No').fill(phone);
  await page.getByLabel('Deposit amount').fill(String(DEPOSIT));
  await page.getByLabel('UTR NO').fill('UTR-E2E-0001');
  await expect(page.getByTestId('upi-id')).toHaveText('royalplay@upi');
  await shot(page, '06-deposit-modal');
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Proceed To Deposit' }).click();
  await expect(page.getByText('Submitted! Your payment proof has been sent successfully.').first()).toBeVisible();
  const wa = await popup;
  await wa.waitForLoadState();
  expect(wa.url()).toContain('https://wa.me/919000000001');
  expect(decodeURIComponent(wa.url())).toContain('UTR-E2E-0001');
  await wa.close();
  await page.getByRole('button', { name: 'Close' }).click();

  // --- the operator approves it through the API (own request context: the player's cookie stays untouched)
  const pending = await request.get('/api/admin/deposits?status=pending', { headers: auth });
  expect(pending.ok()).toBeTruthy();
  const { deposits } = (await pending.json()) as { deposits: { id: number; Utr: string }[] };
  const mine = deposits.find((d) => d.Utr === 'UTR-E2E-0001');
  expect(mine, 'deposit listed for the operator').toBeTruthy();
  const approve = await request.post(`/api/admin/deposits/${mine!.id}/approve`, { headers: auth });
  expect(approve.ok(), await approve.text()).toBeTruthy();

  // The server pushes balance_update (the 5 s poll is the fallback).
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(DEPOSIT), { timeout: 12_000 });
  await expect(page.getByTestId('topbar-balance')).toHaveText(rupees(DEPOSIT));

  // --- transactions screen lists it as approved
  await page.goto('/account/transactions');
  await page.getByRole('tab', { name: 'Deposit' }).click();
  await expect(page.getByRole('cell', { name: 'UTR-E2E-0001' })).toBeVisible();
  await expect(page.locator('.status-approved').first()).toBeVisible();
  await shot(page, '07-transactions');

  // --- a withdrawal request shows as pending in the modal list
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await page.getByLabel('UPI ID').fill('asha@upi');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Amount').fill('5000');
  await page.getByRole('button', { name: 'Proceed To Withdraw' }).click();
  await expect(page.getByText('Insufficient wallet balance!').first()).toBeVisible();
  await page.getByLabel('Amount').fill('50');
  await page.getByRole('button', { name: 'Proceed To Withdraw' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Request Successful!' })).toBeVisible();
  await expect(page.getByText('Withdrawal request submitted successfully!')).toBeVisible();
  await expect(page.locator('.req-list .status-pending').first()).toBeVisible();
  await shot(page, '08-withdraw-modal');
  await page.getByRole('button', { name: 'Close' }).click();
  const w = await serverWallet(page, userId);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(w.balance), { timeout: 10_000 });
  balanceBeforeBet = w.balance;
  exposureBeforeBet = w.exposureBalance; // the pending withdrawal stays held
});

test('player bets on Aviator, cashes out or loses, and balance, exposure and history agree with the server', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await login(page);
  const userId = await userIdOf(page);
  const start = balanceBeforeBet;
  // --- casino hub: the built games link to their screens (Mines, Matka and Aar Par Parchi too)
  await page.goto('/casino');
  await expect(page.getByTestId('tile-mines')).toContainText('PLAY');
  await expect(page.getByTestId('tile-mines')).toHaveAttribute('href', '/casino/mines');
  await expect(page.getByTestId('tile-matka')).toContainText('PLAY');
  await expect(page.getByTestId('tile-matka')).toHaveAttribute('href', '/casino/matka');
  await expect(page.getByTestId('tile-aarpar')).toContainText('PLAY');
  await expect(page.getByTestId('tile-aarpar')).toHaveAttribute('href', '/cricket2');
  await shot(page, '09-casino');
  await page.getByTestId('tile-aviator').click();
  await expect(page).toHaveURL(/\/casino\/aviator$/);

  // --- Aviator: bet during a countdown
  const panel = page.getByTestId('bet-panel-0');
  const betButton = panel.getByRole('button', { name: /^Bet/ });
  // Betting opens after the current flight ends; an unbet round flies to its crash point, and crash
  // points are heavy-tailed (10x takes 38 s, 1000x about 115 s), so allow for a long one.
  // The countdown is 4 s here: a tap in its last moments can reach the server after betting closed, which refuses
  // it (no money moves) and the slot waits for the next round; then bet in that one.
  const status0 = page.getByTestId('bet-status-0');
  for (let attempt = 1; ; attempt++) {
    await expect(betButton).toBeEnabled({ timeout: 150_000 });
    await panel.getByLabel('Bet amount').fill(String(STAKE));
    await betButton.click();
    // (a round can crash at 1.00x straight after the countdown: 'Lost' is a placed bet too)
    await expect(status0).toContainText(/placed|Lost|Wait for the next round/, { timeout: 10_000 });
    if (!(await status0.textContent())?.includes('Wait for the next round')) break;
    expect(attempt, 'a bet tapped in three countdowns in a row was refused').toBeLessThan(3);
  }
  await shot(page, '10-aviator-countdown');
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(start - STAKE), { timeout: 10_000 });

  // --- flying: take winnings as soon as possible (or the round crashes first)
  const cashOut = panel.getByRole('button', { name: /TAKE WINNINGS/ });
  const outcome = page.getByTestId('bet-status-0').filter({ hasText: /Cashed out|Lost/ });
  await Promise.race([
    cashOut.waitFor({ state: 'visible' }).then(() => expect(cashOut).toBeEnabled({ timeout: 20_000 })),
    outcome.waitFor({ timeout: 20_000 }),
  ]).catch(() => undefined);
  if (await cashOut.isEnabled()) {
    await shot(page, '11-aviator-flying');
    await cashOut.click();
  }
  await expect(outcome).toBeVisible({ timeout: 30_000 });
  // What the slot says now, before anything slower (the screenshot): the next round clears it.
  const said = (text: string | null) => (text?.includes('Cashed out') ? 'Cashed out' : 'Lost');
  let shown = said(await outcome.textContent());
  await shot(page, '12-aviator-result');

  // --- the round is settled on the server, and the UI's last word on the bet is the server's (a cash-out's answer
  // waits for its commit, so the crash broadcast may overtake it and show 'Lost' for a moment; the next round then
  // clears the slot)
  let status: string | undefined;
  await expect
    .poll(
      async () => {
        const text = (await page.getByTestId('bet-status-0').textContent()) ?? '';
        if (/Cashed out|Lost/.test(text)) shown = said(text);
        const rows = (await (await page.request.get(`/api/history/${userId}`)).json()) as { status: string }[];
        status = rows[0]?.status;
        return `${status} / ${shown}`;
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toMatch(/^(Won \/ Cashed out|Lost \/ Lost)$/);
  const won = status === 'Won';
  const w = await serverWallet(page, userId);
  if (!won) expect(w.balance).toBe(start - STAKE);
  else expect(w.balance).toBeGreaterThan(start - STAKE);
  expect(w.exposureBalance).toBe(exposureBeforeBet);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(w.balance), { timeout: 10_000 });
  await expect(page.getByTestId('topbar-exposure')).toHaveText(rupees(w.exposureBalance));

  // --- fairness dialog shows the commitment
  await page.getByRole('button', { name: 'Fair' }).click();
  await expect(page.getByTestId('fair-commitment')).not.toBeEmpty();
  await shot(page, '13-aviator-fairness');
  await page.getByRole('button', { name: 'Close' }).click();

  // --- My Bets matches the server's history
  const rows = (await (await page.request.get(`/api/history/${userId}`)).json()) as {
    betAmt: number;
    status: string;
  }[];
  await page.goto('/history');
  await page.getByRole('tab', { name: 'Aviator' }).click(); // Cricket (the exchange bets) is My Bets' first tab
  const table = page.getByTestId('history-table');
  await expect(table.locator('tbody tr')).toHaveCount(rows.length);
  await expect(table.locator('tbody tr').first()).toContainText('Aviator');
  await expect(table.locator('tbody tr').first()).toContainText(rupees(rows[0]!.betAmt));
  await expect(table.locator('tbody tr').first()).toContainText(rows[0]!.status);
  await shot(page, '14-history');

  // --- logout goes to /login and the session is gone
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/history');
  await expect(page).toHaveURL(/\/login$/);
});
