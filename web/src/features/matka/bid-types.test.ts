import { describe, expect, it } from 'vitest';
import {
  BID_TYPES,
  bidTypeTitle,
  canBid,
  captionOf,
  captionParts,
  parseBidType,
  rateHundredths,
  sessionsFor,
} from './bid-types';
import type { RateView } from './wire';

const rates: RateView[] = [
  { bidType: 'single_digit', rate: 9.5, caption: '10 Ka 95', rtp: 0.95 },
  { bidType: 'jodi', rate: 95, caption: '10 Ka 950', rtp: 0.95 },
  { bidType: 'triple_panna', rate: 900, caption: '', rtp: 0.9 },
  { bidType: 'half_sangam', rate: 14.07, caption: '', rtp: 0.9 },
];

describe('bid types', () => {
  it('the spec’s seven names, in order, its TRIPPLE spelling included', () => {
    expect(BID_TYPES.map((b) => b.title)).toEqual([
      'SINGLE DIGIT',
      'JODI DIGIT',
      'SINGLE PANNA',
      'DOUBLE PANNA',
      'TRIPPLE PANNA',
      'HALF SANGAM',
      'FULL SANGAM',
    ]);
    expect(parseBidType('TRIPPLE PANNA')).toBe('triple_panna');
    expect(parseBidType('single_digit')).toBe('single_digit');
    expect(parseBidType('Jodi Digit')).toBe('jodi');
    expect(parseBidType('quadruple panna')).toBeNull();
    expect(bidTypeTitle('half_sangam')).toBe('HALF SANGAM');
    expect(bidTypeTitle('mystery')).toBe('MYSTERY');
  });

  it('Open takes everything; Close only the types of one session, for Close; Closed nothing', () => {
    expect(sessionsFor('Open', 'single_digit')).toEqual(['open', 'close']);
    expect(sessionsFor('Close', 'single_panna')).toEqual(['close']);
    expect(sessionsFor('Closed', 'single_digit')).toEqual([]);
    expect(sessionsFor('Open', 'jodi')).toEqual([]);
    for (const t of ['jodi', 'half_sangam', 'full_sangam'] as const) {
      expect(canBid('Open', t)).toBe(true);
      expect(canBid('Close', t)).toBe(false);
    }
    expect(canBid('Close', 'triple_panna')).toBe(true);
    expect(canBid('Closed', 'single_digit')).toBe(false);
    expect(canBid(undefined, 'single_digit')).toBe(false);
  });

  it('rates in exact hundredths; captions from the server, else made from the rate', () => {
    expect(rateHundredths(rates, 'single_digit')).toBe(950);
    expect(rateHundredths(rates, 'half_sangam')).toBe(1407);
    expect(rateHundredths(rates, 'full_sangam')).toBeNull();
    expect(captionOf(rates, 'jodi')).toBe('10 Ka 950');
    expect(captionOf(rates, 'triple_panna')).toBe('10 Ka 9000');
    expect(captionParts('10 Ka 95')).toEqual({ points: '10', profit: '95' });
  });
});
