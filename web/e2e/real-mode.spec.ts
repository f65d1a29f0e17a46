/**
 * Real mode on the shared server, at 390×844: a player signs up through the form (an under-18 date of birth refused
 * with its message first), is funded, asks a withdrawal above the ₹10,000 threshold and is refused with kyc_required
 * and a link to the identity screen, submits their identity with a small PNG, an operator looks at the document in the
 * console and approves it, and the player, now verified, withdraws the same amount.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { expect, fillRealSignup, operatorLogin, operatorToken, shot, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const FUNDS = 20_000;
const ABOVE_THRESHOLD = 15_000;
const UNDERAGE = 'You must be 18 or older to sign up.';

/** CRC-32 of PNG chunks (Node 20 has no zlib.crc32). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real PNG (the server checks the bytes): `w`×`h`, RGB, a gold gradient. */
function smallPng(w = 48, h = 32): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  const rows = Buffer.alloc(h * (1 + w * 3));
  for (let y = 0; y < h; y++) {
    const row = y * (1 + w * 3);
    for (let x = 0; x < w; x++) rows.set([200, 150 + (x % 100), 40 + y], row + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A date of birth `years` years before today (UTC's day: a day's difference does not matter at 10 years). */
function yearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

/**
 * The player's own deposit of `amount` (with the page's session), approved by the operator through the API in
 * `request`, a context of its own (the operator's login there leaves the page's cookie alone).
 */
async function fund(page: Page, request: APIRequestContext, userId: number, phone: string, amount: number) {
  const dep = await page.request.post('/api/add-more-points', {
    data: { Utr: `UTR-REAL-${userId}`, userName: 'Real Player', user: userId, phoneNumber: phone, deposite: amount },
  });
  expect(dep.ok(), await dep.text()).toBeTruthy();
  const depositId = ((await dep.json()) as { deposit: { id: number } }).deposit.id;
  const auth = { Authorization: `Bearer ${await operatorToken(request)}` };
  const approve = await request.post(`/api/admin/deposits/${depositId}/approve`, { headers: auth });
  expect(approve.ok(), await approve.text()).toBeTruthy();
}

/** Opens the Withdraw modal and asks for `amount` to a UPI ID. */
async function askWithdrawal(page: Page, phone: string, amount: number): Promise<void> {
  await page.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw' });
  await dialog.getByLabel('UPI ID').fill('real.player@upi');
  await dialog.getByLabel('Phone Number').fill(phone);
  await dialog.getByLabel('Amount').fill(String(amount));
  await dialog.getByRole('button', { name: 'Proceed To Withdraw' }).click();
}

test('real mode: sign-up with age and region, a large withdrawal needs KYC, the operator approves, then it goes through', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  const phone = `9${String(Date.now()).slice(-9)}`;
  const password = 'real-pass';

  // --- sign-up: an under-18 date of birth is refused with its message, then an adult's is taken
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Real Player');
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await fillRealSignup(page, yearsAgo(10));
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.locator('#signup-dob-error')).toHaveText(UNDERAGE);
  await shot(page, 'real-mode-signup-underage-390');
  // The server refuses it too (a client that skips the form's check).
  const refused = await page.request.post('/api/signup', {
    data: { username: phone, email: 'Real Player', password, dateOfBirth: yearsAgo(10), region: 'IN-MH' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toBe('underage');

  await page.getByLabel('Date of Birth').fill('1990-01-15');
  await expect(page.locator('#signup-dob-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('User registered successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  const userId = await page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { id: number }).id);
  await fund(page, request, userId, phone, FUNDS);
  await page.reload();

  // --- a withdrawal above ₹10,000: the modal says so beforehand, the server refuses with kyc_required
  await askWithdrawal(page, phone, ABOVE_THRESHOLD);
  const dialog = page.getByRole('dialog', { name: 'Withdraw' });
  await expect(dialog.getByTestId('withdraw-kyc')).toContainText('need a verified identity');
  await expect(dialog.getByTestId('withdraw-kyc-level')).toHaveText('Not verified');
  await expect(dialog.getByTestId('withdraw-result')).toContainText('need a verified identity');
  await shot(page, 'real-mode-withdraw-kyc-required-390');
  await dialog.getByTestId('withdraw-kyc-link').click();
  await expect(page).toHaveURL(/\/account\/identity$/);

  // --- the identity screen: the form with a small PNG
  await expect(page.getByTestId('kyc-level')).toHaveText('Not verified');
  await page.getByLabel('Full name (as on the document)').fill('Real Player');
  await page.getByLabel('Document', { exact: true }).selectOption('pan');
  await page.getByLabel('Document number').fill('ABCDE1234F');
  await page.getByLabel('Front of the document').setInputFiles({
    name: 'pan-front.png',
    mimeType: 'image/png',
    buffer: smallPng(),
  });
  await shot(page, 'real-mode-kyc-form-390');
  await page.getByRole('button', { name: 'Submit for Verification' }).click();
  await expect(page.getByTestId('kyc-status')).toHaveText('Waiting for review');
  await expect(page.getByTestId('kyc-level')).toHaveText('Basic');
  await expect(page.getByRole('img', { name: 'Front of your identity document' })).toBeVisible();
  await shot(page, 'real-mode-kyc-pending-390');

  // --- the operator, in a browser of their own: the document, then Approve
  const ctx = await browser.newContext({ viewport: PHONE, baseURL });
  try {
    const op = await ctx.newPage();
    await operatorLogin(op);
    await op.getByRole('link', { name: 'KYC' }).click();
    await expect(op).toHaveURL(/\/admin\/kyc$/);
    const card = op.getByTestId(`kyc-${userId}`);
    await expect(card).toContainText('1990-01-15');
    await expect(card).toContainText('ABCDE1234F');
    await card.getByRole('button', { name: 'Open the Front image' }).click();
    const image = op.getByRole('dialog').getByRole('img', { name: 'Front of the identity document' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    await shot(op, 'real-mode-console-kyc-document-390');
    await op.keyboard.press('Escape');
    await card.getByRole('button', { name: 'Approve identity of Real Player' }).click();
    await expect(card).toHaveCount(0);

    // The user's page shows what real mode adds.
    await op.goto(`/admin/money/users/${userId}`);
    await expect(op.getByTestId('user-dob')).toContainText('1990-01-15 (age ');
    await expect(op.getByTestId('user-region')).toContainText('IN-MH');
    await expect(op.getByTestId('user-kyc-level')).toHaveText('Verified');
    await shot(op, 'real-mode-console-user-390');
  } finally {
    await ctx.close();
  }

  // --- the player is verified, and the same withdrawal is accepted
  await page.reload();
  await expect(page.getByTestId('kyc-level')).toHaveText('Verified');
  await expect(page.getByTestId('kyc-status')).toHaveText('Approved');
  await expect(page.getByTestId('kyc-form')).toHaveCount(0);
  await shot(page, 'real-mode-kyc-verified-390');
  await askWithdrawal(page, phone, ABOVE_THRESHOLD);
  await expect(page.getByRole('alertdialog', { name: 'Request Successful!' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Withdraw' }).getByTestId('withdraw-kyc-level')).toHaveText('Verified');
  await shot(page, 'real-mode-withdraw-accepted-390');
});
