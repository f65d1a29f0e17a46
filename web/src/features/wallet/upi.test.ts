import { describe, expect, it } from 'vitest';
import { depositReference, isDepositAmount, randomCode, upiAmount, upiPayLink } from './upi';

describe('deposit amounts', () => {
  it('take rupees above 0 with at most 2 decimals', () => {
    for (const ok of ['1', '500', ' 99.5 ', '1200.75', '0.01']) expect(isDepositAmount(ok), ok).toBe(true);
    for (const bad of ['', '0', '0.00', '-5', '1.234', '1e3', 'abc', '1,000', '.5', '5.'])
      expect(isDepositAmount(bad), bad).toBe(false);
  });
  it('are written with exactly 2 decimals', () => {
    expect(upiAmount('500')).toBe('500.00');
    expect(upiAmount('99.5')).toBe('99.50');
    expect(upiAmount('0.29')).toBe('0.29');
    expect(upiAmount('007')).toBe('7.00');
    expect(upiAmount('1.234')).toBeNull();
  });
});

describe('the UPI payment link', () => {
  const pay = { upiId: 'royalplay@upi', payeeName: 'Royal Play', amount: '1000', reference: 'DEP100007-AB12CD' };

  it('names the payee, the amount in rupees and the reference', () => {
    expect(upiPayLink(pay)).toBe('upi://pay?pa=royalplay%40upi&pn=Royal%20Play&am=1000.00&cu=INR&tn=DEP100007-AB12CD');
  });
  it('calls a payee without a name "Casino"', () => {
    expect(upiPayLink({ ...pay, payeeName: '' })).toBe(
      'upi://pay?pa=royalplay%40upi&pn=Casino&am=1000.00&cu=INR&tn=DEP100007-AB12CD',
    );
    expect(upiPayLink({ ...pay, payeeName: undefined })).toContain('&pn=Casino&');
    expect(upiPayLink({ ...pay, payeeName: '  ' })).toContain('&pn=Casino&');
  });
  it('encodes every value', () => {
    const link = upiPayLink({ upiId: ' a&b@upi ', payeeName: 'A=B & Sons/₹', amount: '12.5', reference: 'x y#z' });
    expect(link).toBe('upi://pay?pa=a%26b%40upi&pn=A%3DB%20%26%20Sons%2F%E2%82%B9&am=12.50&cu=INR&tn=x%20y%23z');
    const params = new URLSearchParams(link!.split('?')[1]);
    expect(Object.fromEntries(params)).toEqual({
      pa: 'a&b@upi',
      pn: 'A=B & Sons/₹',
      am: '12.50',
      cu: 'INR',
      tn: 'x y#z',
    });
  });
  it('is null without a UPI ID or a valid amount', () => {
    expect(upiPayLink({ ...pay, upiId: ' ' })).toBeNull();
    expect(upiPayLink({ ...pay, amount: '' })).toBeNull();
    expect(upiPayLink({ ...pay, amount: '0' })).toBeNull();
    expect(upiPayLink({ ...pay, amount: '10.001' })).toBeNull();
  });
});

describe('deposit references', () => {
  it('are DEP, the user number, a dash and 6 uppercase letters or digits', () => {
    expect(depositReference(100007)).toMatch(/^DEP100007-[A-Z0-9]{6}$/);
    expect(depositReference('42')).toMatch(/^DEP42-[A-Z0-9]{6}$/);
    expect(depositReference(null)).toMatch(/^DEP-[A-Z0-9]{6}$/);
    expect(depositReference('ab-c 1')).toMatch(/^DEPabc1-[A-Z0-9]{6}$/);
  });
  it('come from the random source, never from bytes past the last whole alphabet', () => {
    // 0 → A, 35 → 9, 36 → A again, 252..255 are skipped.
    const stream = [252, 0, 255, 35, 36, 253, 61, 25, 1, 2, 2, 2];
    const fill = (b: Uint8Array) => {
      b.set(stream.slice(0, b.length));
      return b;
    };
    expect(depositReference(7, fill)).toBe('DEP7-A9AZZB');
  });
  it('differ from one another', () => {
    const seen = new Set(Array.from({ length: 200 }, () => randomCode(6)));
    expect(seen.size).toBe(200);
  });
});
