// @vitest-environment jsdom
/**
 * Withdrawing in real mode: the modal states the amounts that need a verified identity and the player's level before
 * the form, and a `kyc_required` refusal comes with a link to the identity screen. Play mode has no withdrawals.
 */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEach, fakeServer, renderWithClient, reply } from '@/testing/server';
import { WithdrawModal } from './WithdrawModal';

cleanUpAfterEach();

const PLATFORM = {
  success: true,
  moneyMode: 'real',
  realMoney: { minAge: 18, regions: [], kycThresholds: { single: 10000, rolling30Days: 50000 } },
};
const KYC = {
  success: true,
  level: 'basic',
  status: 'pending',
  reason: null,
  fullName: 'Ravi Kumar',
  idType: 'pan',
  submittedAt: '2026-05-10T10:00:00Z',
  decidedAt: null,
  documents: [],
};
const REFUSAL = {
  success: false,
  error: 'kyc_required',
  message: 'Withdrawals above ₹10,000 a request or ₹50,000 in 30 days need a verified identity.',
};

function show(level = 'basic') {
  fakeServer((method, path) => {
    if (path === '/api/platform') return reply(200, PLATFORM);
    if (path === '/api/kyc') return reply(200, { ...KYC, level });
    if (path.startsWith('/api/withdrawals')) return reply(200, []);
    if (method === 'POST' && path === '/api/withdraw') return reply(403, REFUSAL);
    return undefined;
  });
  const onClose = vi.fn();
  renderWithClient(<WithdrawModal userId="7" balance={20000} defaultName="Ravi Kumar" onClose={onClose} />);
  return onClose;
}

describe('withdraw in real mode', () => {
  it('states the thresholds and the level, with a link to verify', async () => {
    show();
    expect((await screen.findByTestId('withdraw-kyc-level')).textContent).toBe('Basic');
    expect(screen.getByTestId('withdraw-kyc').textContent).toContain(
      'Withdrawals above ₹10,000.00 a request or ₹50,000.00 in 30 days need a verified identity.',
    );
    expect(screen.getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe('/account/identity');
  });

  it('offers no link once verified', async () => {
    show('verified');
    expect((await screen.findByTestId('withdraw-kyc-level')).textContent).toBe('Verified');
    expect(screen.queryByRole('link', { name: 'Verify your identity' })).toBeNull();
  });

  it('shows a kyc_required refusal with a link to the identity screen, which closes the modal', async () => {
    const onClose = show();
    await screen.findByTestId('withdraw-kyc-level');
    fireEvent.change(screen.getByLabelText('UPI ID'), { target: { value: 'ravi@upi' } });
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '15000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed To Withdraw' }));
    expect((await screen.findByTestId('withdraw-result')).textContent).toBe(`${REFUSAL.message} Verify your identity`);
    fireEvent.click(screen.getByTestId('withdraw-kyc-link'));
    expect(onClose).toHaveBeenCalled();
  });
});
