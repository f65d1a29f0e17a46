import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import {
  DEPOSIT_PROFILE_MISSING,
  FILL_ALL,
  INSUFFICIENT,
  PROFILE_MISSING,
  statusClass,
  validateWithdraw,
  whatsappLink,
} from './validation';

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

describe("the rules' messages", () => {
  it("are wallet keys whose English is the spec's text", () => {
    const en = (key: string) => i18n.getFixedT('en', 'wallet')(key);
    expect(en(FILL_ALL)).toBe('Please fill all fields correctly.');
    expect(en(PROFILE_MISSING)).toBe('Profile data is missing!');
    expect(en(INSUFFICIENT)).toBe('Insufficient wallet balance!');
    expect(en(DEPOSIT_PROFILE_MISSING)).toBe('Profile Error: User profile is missing. Please refresh and try again!');
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
    expect(text).not.toContain('Reference');
  });
  it('adds the payment reference when there is one', () => {
    const url = whatsappLink('9000000001', {
      name: 'Ravi',
      phone: '9876543210',
      amount: '500',
      utr: 'UTR1',
      reference: 'DEP100007-AB12CD',
    });
    const text = decodeURIComponent(url.split('text=')[1] ?? '');
    expect(text).toBe(
      'Deposit request\nName: Ravi\nPhone: 9876543210\nDeposit: 500 INR\nUTR: UTR1\nReference: DEP100007-AB12CD',
    );
  });
});
