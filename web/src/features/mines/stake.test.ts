import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { checkStake, digitsOnly, MSG_INSUFFICIENT, MSG_NOT_POSITIVE, stepStake } from './stake';

describe('the stake box', () => {
  it('keeps digits only, without leading zeros', () => {
    expect(digitsOnly('1a2b3')).toBe('123');
    expect(digitsOnly('-50')).toBe('50');
    expect(digitsOnly('12.50')).toBe('1250');
    expect(digitsOnly('007')).toBe('7');
    expect(digitsOnly('0')).toBe('0');
    expect(digitsOnly('')).toBe('');
    expect(digitsOnly('1234567890123')).toBe('123456789');
  });
  it('steps by ten and never below zero', () => {
    expect(stepStake('100', 1)).toBe('110');
    expect(stepStake('100', -1)).toBe('90');
    expect(stepStake('5', -1)).toBe('0');
    expect(stepStake('', 1)).toBe('10');
  });
});

describe('checks before BET (the spec’s messages)', () => {
  it('refuses zero or nothing with the corrected message', () => {
    expect(checkStake('', 1000)).toEqual({ ok: false, message: 'Bet amount must be more than 0' });
    expect(MSG_NOT_POSITIVE).toBe('mines:stake.notPositive');
    expect(checkStake('0', 1000)).toEqual({ ok: false, message: i18n.t(MSG_NOT_POSITIVE) });
    expect(checkStake('000', 1000)).toEqual({ ok: false, message: i18n.t(MSG_NOT_POSITIVE) });
  });
  it('refuses more than the balance', () => {
    expect(checkStake('1001', 1000)).toEqual({ ok: false, message: 'Insufficient balance!' });
    expect(checkStake('500', 499.99)).toEqual({ ok: false, message: i18n.t(MSG_INSUFFICIENT) });
  });
  it('takes a positive amount within the balance, or any while the balance is unknown', () => {
    expect(checkStake('1000', 1000)).toEqual({ ok: true, amount: 1000 });
    expect(checkStake('250', undefined)).toEqual({ ok: true, amount: 250 });
  });
});
