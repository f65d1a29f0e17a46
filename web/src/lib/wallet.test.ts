import { describe, expect, it } from 'vitest';
import { fixed2 } from './money';
import { applyBalanceUpdate, balanceToastText, type BalanceUpdate } from './wallet';

const event: BalanceUpdate = {
  userId: 7,
  type: 'add',
  amount: 150,
  reason: 'deposit',
  balance: 650,
  exposureBalance: 20,
};

describe('balance_update reducer', () => {
  it('replaces balance and exposure for the current user', () => {
    expect(applyBalanceUpdate({ balance: 500, exposureBalance: 20 }, event, '7')).toEqual({
      balance: 650,
      exposureBalance: 20,
    });
  });
  it('ignores events addressed to another user', () => {
    const before = { balance: 500, exposureBalance: 0 };
    expect(applyBalanceUpdate(before, event, '8')).toBe(before);
  });
  it('ignores events with non-numeric figures', () => {
    const before = { balance: 1, exposureBalance: 0 };
    expect(applyBalanceUpdate(before, { ...event, balance: Number.NaN }, '7')).toBe(before);
  });
  it('words toasts as the spec does', () => {
    expect(balanceToastText(event, fixed2)).toBe('150.00 INR added to your balance');
    expect(balanceToastText({ ...event, type: 'deduct' }, fixed2)).toBe('150.00 INR deducted from your balance');
    expect(balanceToastText({ ...event, reason: 'bet_refunded' }, fixed2)).toBe('Bet refunded: 150.00 INR');
  });
  it("words play mode's grants, top-ups and voided points as play points", () => {
    expect(balanceToastText({ ...event, reason: 'play_points' }, fixed2)).toBe(
      '150.00 play points added to your balance',
    );
    expect(balanceToastText({ ...event, type: 'deduct', reason: 'play_points_voided' }, fixed2)).toBe(
      'Play points voided: 150.00',
    );
  });
});
