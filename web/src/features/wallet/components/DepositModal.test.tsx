// @vitest-environment jsdom
/**
 * UPI deposit by QR code and app link: with a valid amount the modal draws the `upi://pay` link (the operator's UPI
 * ID and name, the amount with 2 decimals, the deposit's reference as the note) as a QR code, offers it as a "Pay with
 * UPI app" button on a phone, and sends the same reference with the deposit request; without an amount the
 * operator's own QR image stays.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DepositModal } from './DepositModal';
import { cleanUpAfterEach, renderWithClient, reply } from '@/testing/server';

const toCanvas = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('qrcode', () => ({ default: { toCanvas } }));

const PAY = {
  upi_id: 'royalplay@upi',
  phone: '919000000001',
  qrCode: 'data:image/png;base64,AAAA',
  payeeName: 'Royal Play',
};
let details: Record<string, string>;
let phone: boolean;
let depositAnswer: () => Response;
let posted: Record<string, unknown>[];

beforeEach(() => {
  details = { ...PAY };
  phone = true;
  posted = [];
  depositAnswer = () => reply(201, { success: true, message: 'ok', deposit: {} });
  toCanvas.mockClear();
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: phone,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
  vi.stubGlobal('open', vi.fn());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/getupiqr') return reply(200, details);
      if (path === '/api/add-more-points') {
        posted.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return depositAnswer();
      }
      return reply(404, { error: 'not_found', message: 'not found' });
    }),
  );
});
cleanUpAfterEach();

function show() {
  renderWithClient(<DepositModal userId="7" userNo="100007" defaultName="Asha Player" onClose={() => undefined} />);
}

const reference = () => screen.getByTestId('deposit-reference').textContent ?? '';
const link = (amount: string, ref: string, pn = 'Royal%20Play') =>
  `upi://pay?pa=royalplay%40upi&pn=${pn}&am=${amount}&cu=INR&tn=${ref}`;

async function enterAmount(value: string) {
  await screen.findByText('royalplay@upi');
  fireEvent.change(screen.getByLabelText('Deposit amount'), { target: { value } });
}

describe('the deposit modal', () => {
  it('shows the reference made for this deposit and the operator’s QR image until an amount is entered', async () => {
    show();
    await screen.findByText('royalplay@upi');
    expect(reference()).toMatch(/^DEP100007-[A-Z0-9]{6}$/);
    expect(screen.getByText('Payment note / reference')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'UPI QR code' }).getAttribute('src')).toBe(PAY.qrCode);
    expect(screen.queryByTestId('upi-qr')).toBeNull();
    fireEvent.change(screen.getByLabelText('Deposit amount'), { target: { value: '10.001' } });
    expect(screen.queryByTestId('upi-qr')).toBeNull();
  });

  it('draws the UPI link of the amount as a QR code and offers it to a UPI app on a phone', async () => {
    show();
    await enterAmount('1000');
    const expected = link('1000.00', reference());
    const qr = screen.getByTestId('upi-qr');
    expect(qr.tagName).toBe('CANVAS');
    expect(qr.getAttribute('data-upi-link')).toBe(expected);
    await waitFor(() => expect(qr.getAttribute('data-drawn')).toBe('true'));
    expect(toCanvas).toHaveBeenLastCalledWith(qr, expected, expect.objectContaining({ width: 240 }));
    expect(screen.getByRole('link', { name: 'Pay with UPI app' }).getAttribute('href')).toBe(expected);
    expect(screen.queryByRole('img', { name: 'UPI QR code' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Deposit amount'), { target: { value: '99.5' } });
    expect(screen.getByTestId('upi-qr').getAttribute('data-upi-link')).toBe(link('99.50', reference()));
  });

  it('names the payee "Casino" when the operator has no display name, and has no app button off a phone', async () => {
    details = { ...PAY, payeeName: '' };
    phone = false;
    show();
    await enterAmount('250');
    expect(screen.getByTestId('upi-qr').getAttribute('data-upi-link')).toBe(link('250.00', reference(), 'Casino'));
    expect(screen.queryByRole('link', { name: 'Pay with UPI app' })).toBeNull();
  });

  it('keeps the operator’s QR image without a UPI ID', async () => {
    details = { ...PAY, upi_id: '' };
    show();
    await screen.findByRole('img', { name: 'UPI QR code' });
    fireEvent.change(screen.getByLabelText('Deposit amount'), { target: { value: '500' } });
    expect(screen.queryByTestId('upi-qr')).toBeNull();
    expect(screen.getByRole('img', { name: 'UPI QR code' })).toBeTruthy();
  });

  it('sends the reference with the request, then makes a new one for the next deposit', async () => {
    show();
    await enterAmount('1000');
    const first = reference();
    fireEvent.change(screen.getByLabelText('UTR NO'), { target: { value: '412345678901' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed To Deposit' }));
    expect(
      (await screen.findAllByText('Submitted! Your payment proof has been sent successfully.')).length,
    ).toBeGreaterThan(0);
    expect(posted).toEqual([
      { Utr: '412345678901', userName: 'Asha Player', user: 7, phoneNumber: 'N/A', deposite: 1000, reference: first },
    ]);
    expect(reference()).toMatch(/^DEP100007-[A-Z0-9]{6}$/);
    expect(reference()).not.toBe(first);
    const whatsapp = decodeURIComponent(
      String((window.open as unknown as { mock: { calls: unknown[][] } }).mock.calls[0]?.[0]),
    );
    expect(whatsapp).toContain(`Reference: ${first}`);
  });

  it('says why a deposit is refused when the server gives a reason', async () => {
    depositAnswer = () =>
      reply(403, {
        success: false,
        error: 'rg_deposit_limit',
        message: 'This deposit would go past your deposit limit this day: 0 rupees left.',
      });
    show();
    await enterAmount('1000');
    fireEvent.change(screen.getByLabelText('UTR NO'), { target: { value: '412345678902' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed To Deposit' }));
    expect(
      (await screen.findAllByText('This deposit would go past your deposit limit this day: 0 rupees left.')).length,
    ).toBeGreaterThan(0);
  });
});
