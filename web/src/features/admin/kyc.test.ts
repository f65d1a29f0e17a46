import { describe, expect, it } from 'vitest';
import { isReasonValid, regionLabel } from './kyc';

describe('isReasonValid', () => {
  it('takes 4 to 200 characters once trimmed', () => {
    expect(isReasonValid('Blur')).toBe(true);
    expect(isReasonValid('  abc  ')).toBe(false);
    expect(isReasonValid('x'.repeat(200))).toBe(true);
    expect(isReasonValid('x'.repeat(201))).toBe(false);
  });
});

describe('regionLabel', () => {
  const regions = [{ code: 'IN-MH', name: 'Maharashtra', allowed: true }];
  it('names a listed region with its code, else the code alone', () => {
    expect(regionLabel('IN-MH', regions)).toBe('Maharashtra (IN-MH)');
    expect(regionLabel('IN-XX', regions)).toBe('IN-XX');
    expect(regionLabel('IN-MH', undefined)).toBe('IN-MH');
    expect(regionLabel(null, regions)).toBe('—');
  });
});
