/** Forgot password with a one-time code: the player asks, an operator issues the code, the player resets. */
import { expect, operatorToken, REAL_SIGNUP, shot, test } from './fixtures';

test('a player resets the password with a one-time code and logs in with it', async ({ page, request }) => {
  const phone = `8${String(Date.now()).slice(-9)}`;
  const signup = await request.post('/api/signup', {
    data: { username: phone, email: 'Reset Tester', password: 'old-pass', ...REAL_SIGNUP },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const { userNo } = (await signup.json()) as { userNo: number | string };

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await page.getByLabel('Phone or User Number').fill(phone);
  await page.getByRole('button', { name: 'Get Reset Code' }).click();
  await expect(page.locator('.form-info')).toContainText('one-time reset code');

  const token = await operatorToken(request);
  const issued = await request.post(`/api/admin/users/${phone}/reset-code`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(issued.ok(), await issued.text()).toBeTruthy();
  const { code } = (await issued.json()) as { code: string };

  const reset = page.getByRole('button', { name: 'Reset Password' });
  await page.getByLabel('One-time Code').fill(code);
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await expect(reset).toBeDisabled();
  await page.getByLabel('New Password', { exact: true }).fill('new-pass-1');
  await reset.click();
  await expect(page.getByText('Password reset successful! You can now log in with the new password.')).toBeVisible();
  await shot(page, '15-password-reset');

  await page.getByRole('button', { name: 'Back to Login' }).click();
  await page.getByLabel('User Number').fill(String(userNo));
  await page.getByLabel('Password', { exact: true }).fill('old-pass');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('new-pass-1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
});
