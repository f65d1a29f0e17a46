/**
 * UPI deposit by QR code: the operator sets the UPI ID and display name, a player opens the deposit modal and enters
 * an amount; the QR code drawn in the page decodes (jsQR, from the canvas's pixels) to the `upi://pay` link with that
 * UPI ID, name, the amount with 2 decimals and the payment reference the modal shows, the phone's "Pay with UPI app"
 * button carries the same link, and the deposit request sends the same reference.
 */
import jsQR from 'jsqr';
import { expect, fundedPlayer, login, operatorToken, shot, test } from './fixtures';
import { serverInfo } from './server-info';

const UPI_ID = 'royalplay-e2e@upi';
const PAYEE = 'Royal Play';
const AMOUNT = '1234.5';

test('the deposit QR code pays the operator the amount entered, with the reference shown', async ({
  page,
  context,
  request,
}) => {
  const auth = { Authorization: `Bearer ${await operatorToken(request)}` };
  // The details players saw before (another spec's), put back at the end.
  const before = (await (await request.get('/api/getupiqr', { headers: auth })).json()) as {
    upi_id: string;
    phone: string;
    qrCode: string;
  };
  const set = await request.put('/api/admin/upi', {
    headers: auth,
    data: { upi_id: UPI_ID, phone: '919000000001', qrCode: '', payee_name: PAYEE },
  });
  expect(set.ok(), await set.text()).toBeTruthy();
  try {
    const player = await fundedPlayer(serverInfo().baseURL, 100, { name: 'Upi Player' });
    await login(page, player);

    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(page.getByTestId('upi-id')).toHaveText(UPI_ID);
    const reference = (await page.getByTestId('deposit-reference').textContent()) ?? '';
    expect(reference).toMatch(new RegExp(`^DEP${player.userNo}-[A-Z0-9]{6}$`));
    // No amount yet: nothing to pay, no QR code of ours.
    await expect(page.getByTestId('upi-qr')).toHaveCount(0);

    await page.getByLabel('Deposit amount').fill(AMOUNT);
    const e = encodeURIComponent;
    const expected = `upi://pay?pa=${e(UPI_ID)}&pn=${e(PAYEE)}&am=1234.50&cu=INR&tn=${e(reference)}`;
    const qr = page.getByTestId('upi-qr');
    await expect(qr).toHaveAttribute('data-upi-link', expected);
    await expect(qr).toHaveAttribute('data-drawn', 'true');
    await shot(page, 'upi-01-deposit-qr');

    // What a UPI app's camera reads: the canvas's pixels, decoded here.
    const image = await qr.evaluate((el) => {
      const canvas = el as HTMLCanvasElement;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      return { width: data.width, height: data.height, pixels: Array.from(data.data) };
    });
    const decoded = jsQR(Uint8ClampedArray.from(image.pixels), image.width, image.height);
    expect(decoded?.data).toBe(expected);

    // On a phone the same link opens the UPI app.
    await expect(page.getByRole('link', { name: 'Pay with UPI app' })).toHaveAttribute('href', expected);

    // The request carries the reference the payment's note has (the WhatsApp tab is intercepted).
    await context.route('https://wa.me/**', (r) =>
      r.fulfill({ status: 200, contentType: 'text/html', body: '<p>wa</p>' }),
    );
    const utr = `UTR-UPI-${player.userNo}`;
    await page.getByLabel('UTR NO').fill(utr);
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/add-more-points',
    );
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Proceed To Deposit' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ Utr: utr, deposite: 1234.5, reference });
    await expect(page.getByText('Submitted! Your payment proof has been sent successfully.').first()).toBeVisible();
    const wa = await popup;
    expect(decodeURIComponent(wa.url())).toContain(reference);
    await wa.close();
  } finally {
    if (before.upi_id) {
      const back = await request.put('/api/admin/upi', { headers: auth, data: before });
      expect(back.ok(), await back.text()).toBeTruthy();
    }
  }
});
