import { describe, expect, it } from 'vitest';
import { isLoginValid, isResetIdentifierValid, isResetValid, isSignupValid } from './validation';

describe('sign-up validation', () => {
  const ok = { name: 'Ravi Kumar', phone: '9876543210', password: 'abcde' };
  it('accepts letters-and-spaces name of 4+, password of 5+, non-empty phone', () => {
    expect(isSignupValid(ok)).toBe(true);
  });
  it('rejects a name shorter than 4 characters', () => {
    expect(isSignupValid({ ...ok, name: 'Ram' })).toBe(false);
  });
  it('rejects digits or symbols in the name', () => {
    expect(isSignupValid({ ...ok, name: 'Ravi2' })).toBe(false);
    expect(isSignupValid({ ...ok, name: 'Ravi!' })).toBe(false);
  });
  it('rejects a password shorter than 5', () => {
    expect(isSignupValid({ ...ok, password: 'abcd' })).toBe(false);
  });
  it('rejects a blank phone', () => {
    expect(isSignupValid({ ...ok, phone: '   ' })).toBe(false);
  });
});

describe('password reset validation', () => {
  it('needs a numeric phone or user number', () => {
    expect(isResetIdentifierValid('9876543210')).toBe(true);
    expect(isResetIdentifierValid('')).toBe(false);
    expect(isResetIdentifierValid('abc')).toBe(false);
  });
  it('needs a code and a new password of at least 6', () => {
    expect(isResetValid({ code: '123456', newPassword: 'secret' })).toBe(true);
    expect(isResetValid({ code: '123456', newPassword: 'short' })).toBe(false);
    expect(isResetValid({ code: ' ', newPassword: 'secret1' })).toBe(false);
  });
});

describe('login validation', () => {
  it('needs both fields', () => {
    expect(isLoginValid('1001', 'x')).toBe(true);
    expect(isLoginValid(' ', 'x')).toBe(false);
    expect(isLoginValid('1001', '')).toBe(false);
  });
});
