import { describe, expect, it } from 'vitest';
import { actionLabel, changes, showValue } from './audit';

describe('changes', () => {
  it('lists only the fields that changed', () => {
    expect(
      changes({ minBet: 10, maxBet: 10000, countdownMs: 4000 }, { minBet: 20, maxBet: 10000, countdownMs: 4000 }),
    ).toEqual([{ key: 'minBet', before: '₹10.00', after: '₹20.00' }]);
  });
  it('shows a status change and new fields', () => {
    expect(changes({ status: 'Pending' }, { status: 'Approved', decidedAt: '2025-01-01' })).toEqual([
      { key: 'status', before: 'Pending', after: 'Approved' },
      { key: 'decidedAt', before: '—', after: '2025-01-01' },
    ]);
  });
  it('lists every field of something created', () => {
    expect(changes(null, { items: ['a'] })).toEqual([{ key: 'items', before: '—', after: '["a"]' }]);
  });
  it('handles plain values and no change', () => {
    expect(changes(false, true)).toEqual([{ key: '', before: 'no', after: 'yes' }]);
    expect(changes(null, null)).toEqual([]);
    expect(changes({ a: 1 }, { a: 1 })).toEqual([]);
  });
  it('names an empty text and cuts long ones', () => {
    expect(showValue('')).toBe('(empty)');
    const long = showValue(`data:image/png;base64,${'A'.repeat(200)}`);
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });
  it('keeps basis points and milliseconds as numbers', () => {
    expect(showValue(100, 'houseEdgeBp')).toBe('100');
    expect(showValue(4000, 'countdownMs')).toBe('4000');
    expect(showValue(1500, 'amount')).toBe('₹1,500.00');
  });
});

describe('actionLabel', () => {
  it('reads like text', () => {
    expect(actionLabel('deposit.approve')).toBe('Deposit approve');
    expect(actionLabel('payment_details.set')).toBe('Payment details set');
  });
});
