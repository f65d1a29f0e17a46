import { expect, fillRealSignup, shot, test } from './fixtures';

const NOTICE =
  'Mobile Only - This application is designed exclusively for mobile devices. Please switch to a smartphone for the best experience. Open this link on your phone.';

test('a protected route without a session lands on /login', async ({ page }) => {
  await page.goto('/account/transactions');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await shot(page, '01-login');
});

test('a stale stored user without a server session still lands on /login', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.setItem('user', JSON.stringify({ id: 424242, username: 'ghost' }));
    localStorage.setItem('token', 'not-a-real-token');
  });
  await page.goto('/casino/aviator');
  await expect(page).toHaveURL(/\/login$/);
});

test('/inplay redirects to / (then to /login when signed out)', async ({ page }) => {
  await page.goto('/inplay');
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-up enables its button only when the spec rules hold', async ({ page }) => {
  await page.goto('/signup');
  const button = page.getByRole('button', { name: 'Sign Up' });
  await expect(button).toBeDisabled();
  await page.getByLabel('Name').fill('Ram');
  await page.getByLabel('Phone').fill('9876500000');
  await page.getByLabel('Password', { exact: true }).fill('abcde');
  await expect(button).toBeDisabled();
  await page.getByLabel('Name').fill('Ramu Kaka');
  await expect(button).toBeEnabled();
  // Real mode (the shared server's) asks the date of birth and the region too.
  await fillRealSignup(page);
  await shot(page, '02-signup');
});

test('a 1280-wide window shows the mobile-only notice', async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL });
  const page = await ctx.newPage();
  await page.goto('/login');
  await expect(page.getByTestId('mobile-only')).toHaveText(new RegExp(NOTICE.replace(/[.?]/g, '\\$&')));
  await shot(page, '99-desktop-notice');
  await ctx.close();
});

test('a 390-wide window does not show the notice', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByTestId('mobile-only')).toHaveCount(0);
});
