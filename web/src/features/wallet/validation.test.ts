import { describe, expect, it } from 'vitest';
import { FILL_ALL, INSUFFICIENT, PROFILE_MISSING, statusClass, validateWithdraw, whatsappLink } from './validation';

const form = { userName: 'Ravi', upi_id: 'ravi@upi', phoneNumber: '9876543210', amount: '500' };

describe('withdraw validation', () => {
  it('passes when all fields are filled and the balance covers the amount', () => {
    expect(validateWithdraw(form, '7', 500)).toBeNull();
  });
  it('requires all four fields', () => {
    expect(validateWithdraw({ ...form, upi_id: ' ' }, '7', 1000)).toBe(FILL_ALL);
  });
  it('rejects non-positive or over-precise amounts', () => {
    expect(validateWithdraw({ ...form, amount: '0' }, '7', 1000)).toBe(FILL_ALL);
    expect(validateWithdraw({ ...form, amount: '1.234' }, '7', 1000)).toBe(FILL_ALL);
  });
  it('treats a missing user or a zero balance as missing profile data', () => {
    expect(validateWithdraw(form, null, 1000)).toBe(PROFILE_MISSING);
    expect(validateWithdraw(form, '7', 0)).toBe(PROFILE_MISSING);
    expect(validateWithdraw(form, '7', undefined)).toBe(PROFILE_MISSING);
  });
  it('rejects an amount above the wallet balance', () => {
    expect(validateWithdraw({ ...form, amount: '500.01' }, '7', 500)).toBe(INSUFFICIENT);
  });
});

describe('status styling and WhatsApp link', () => {
  it('maps Approved, Rejected and anything else to pending', () => {
    expect(statusClass('Approved')).toBe('approved');
    expect(statusClass('Rejected')).toBe('rejected');
    expect(statusClass('Pending')).toBe('pending');
  });
  it('builds a wa.me link with the summary', () => {
    const url = whatsappLink('+91 90000-00001', { name: 'Ravi', phone: '', amount: '500', utr: 'UTR1' });
    expect(url.startsWith('https://wa.me/919000000001?text=')).toBe(true);
    const text = decodeURIComponent(url.split('text=')[1] ?? '');
    expect(text).toContain('Name: Ravi');
    expect(text).toContain('Phone: N/A');
    expect(text).toContain('Deposit: 500 INR');
    expect(text).toContain('UTR: UTR1');
  });
});
