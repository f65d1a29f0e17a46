/**
 * A forgotten password with no messaging set up (the default): the operator issues a one-time code on the player's
 * page in the console (confirmed; shown once, with how to pass it on), the audit log records that one was issued (not
 * the code), the code is gone once the page is left, and the player resets the password with it on the login page's
 * "Forgot Password?" screen and logs in with the new one.
 */
import type { Page } from '@playwright/test';
import { expect, REAL_SIGNUP, shot, test } from './fixtures';
import { serverInfo } from './server-info';

const WIDE = { width: 1280, height: 800 };

async function operatorLogin(page: Page) {
  const info = serverInfo();
  await page.goto('/login');
  await page.getByLabel('User Number').fill(info.operatorUserNo);
  await page.getByLabel('Password', { exact: true }).fill(info.operatorPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test('an operator issues a reset code on the player’s page; the player resets the password with it and logs in', async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  // --- a player who will forget the password
  const api = await playwright.request.newContext({ baseURL });
  const phone = `6${String(Date.now()).slice(-9)}`;
  const signup = await api.post('/api/signup', {
    data: { username: phone, email: 'Forgetful Player', password: 'old-pass', ...REAL_SIGNUP },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const userNo = String(((await signup.json()) as { userNo: number | string }).userNo);
  const login = await api.post('/api/login', { data: { userNo, password: 'old-pass' } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { id } = ((await login.json()) as { user: { id: number } }).user;
  await api.dispose();

  // --- the operator opens the player and issues a code, after confirming
  await page.setViewportSize(WIDE);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await operatorLogin(page);
  await page.goto(`/admin/money/users/${id}`);
  const card = page.getByTestId('reset-card');
  await expect(card.getByRole('heading', { name: 'Password reset' })).toBeVisible();
  await card.getByRole('button', { name: 'Issue reset code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue a reset code' });
  await expect(dialog).toContainText('Forgetful Player');
  await expect(dialog).toContainText('Any code issued earlier stops working.');
  await dialog.getByRole('button', { name: 'Yes, issue a code' }).click();

  // --- shown once: the code, a copy button, how to pass it on
  const panel = card.getByTestId('reset-code-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(`One-time reset code for Forgetful Player (#${userNo})`);
  await expect(panel).toContainText('by a trusted channel only');
  await expect(panel.getByTestId('reset-code-once')).toHaveText(/will not be shown again/);
  const code = (await panel.getByTestId('reset-code-value').textContent()) ?? '';
  expect(code).toMatch(/^\d{12}$/);
  await panel.getByRole('button', { name: 'Copy code' }).click();
  await expect(panel.getByTestId('reset-code-copy')).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await shot(page, 'admin-reset-code-1280');

  // --- the audit log says a code was issued, and never shows it
  await page.getByRole('link', { name: 'Audit' }).click();
  const row = page.getByTestId('audit-table').locator('tr[data-action="user.reset_code"]').first();
  await expect(row).toBeVisible();
  await expect(row).toContainText(`user:${id}`);
  await expect(page.getByTestId('audit-table')).not.toContainText(code);

  // --- back on the player's page the code is gone for good
  await page.goBack();
  await expect(card.getByRole('button', { name: 'Issue reset code' })).toBeVisible();
  await expect(card.getByTestId('reset-code-panel')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(code);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(code);

  // --- the player, on their own device, resets the password with the code
  const device = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const player = await device.newPage();
  await player.goto('/login');
  await player.getByRole('button', { name: 'Forgot Password?' }).click();
  await player.getByLabel('Phone or User Number').fill(phone);
  await player.getByRole('button', { name: 'Get Reset Code' }).click();
  // With no messaging set up, asking sends nothing and leaves the operator's code valid.
  await expect(player.locator('.form-info')).toContainText('one-time reset code');
  await player.getByLabel('One-time Code').fill(code);
  await player.getByLabel('New Password', { exact: true }).fill('new-pass-2');
  await player.getByRole('button', { name: 'Reset Password' }).click();
  await expect(player.getByText('Password reset successful! You can now log in with the new password.')).toBeVisible();

  // --- the old password no longer works; the new one does
  await player.getByRole('button', { name: 'Back to Login' }).click();
  await player.getByLabel('User Number').fill(userNo);
  await player.getByLabel('Password', { exact: true }).fill('old-pass');
  await player.getByRole('button', { name: 'Login' }).click();
  await expect(player.getByRole('alert')).toBeVisible();
  await player.getByLabel('Password', { exact: true }).fill('new-pass-2');
  await player.getByRole('button', { name: 'Login' }).click();
  await expect(player).toHaveURL(/\/$/);
  await device.close();
});
