import { describe, expect, it } from 'vitest';
import {
  badgeOf,
  clock12,
  drawDate,
  findMarket,
  isPlayable,
  isQuick,
  mergeMarkets,
  nextDue,
  resultLine,
} from './market';
import type { MarketView } from './wire';

const market = (over: Partial<MarketView> = {}): MarketView => ({
  id: 1,
  marketName: 'Kalyan',
  openNumber: '***',
  jodiDigit: '**',
  closeNumber: '***',
  closeStatus: 'Open',
  openTime: '15:45',
  closeTime: '17:45',
  mode: 'declared',
  cycleSeconds: null,
  drawNo: 20781,
  opensAt: 10_000,
  closesAt: 20_000,
  commitment: null,
  lastResult: null,
  active: true,
  ...over,
});

describe('market card', () => {
  it('badge: OPEN, CLOSE SESSION, CLOSED; Play only while bids are taken', () => {
    expect(badgeOf('Open').text).toBe('OPEN');
    expect(badgeOf('Close').text).toBe('CLOSE SESSION');
    expect(badgeOf('Closed').text).toBe('CLOSED');
    expect(badgeOf('whatever').text).toBe('CLOSED');
    expect(isPlayable(market())).toBe(true);
    expect(isPlayable(market({ closeStatus: 'Close' }))).toBe(true);
    expect(isPlayable(market({ closeStatus: 'Closed' }))).toBe(false);
    expect(isPlayable(market({ active: false }))).toBe(false);
  });

  it('result as far as it is out', () => {
    expect(resultLine(market())).toBe('***-**-***');
    expect(resultLine(market({ openNumber: '134', jodiDigit: '8*' }))).toBe('134-8*-***');
    expect(resultLine(market({ openNumber: '134', jodiDigit: '80', closeNumber: '479' }))).toBe('134-80-479');
  });

  it('times in 12-hour IST; quick markets by their seconds', () => {
    expect(clock12('15:45')).toBe('03:45 PM');
    expect(clock12('00:05')).toBe('12:05 AM');
    expect(clock12('12:00')).toBe('12:00 PM');
    expect(clock12('09:05:30')).toBe('09:05:30 AM');
    expect(clock12('')).toBe('—');
    expect(isQuick(market({ openTime: '14:05:10' }))).toBe(true);
    expect(isQuick(market())).toBe(false);
    expect(drawDate(Date.UTC(2026, 10, 23, 20, 0, 0), false)).toBe('24 Nov 2026');
    expect(drawDate(Date.UTC(2026, 10, 23, 20, 0, 5), true)).toMatch(/24 Nov.*01:30:05/);
  });

  it('what is due next and how long is left', () => {
    expect(nextDue(market(), 4_000)).toEqual({ label: 'Open bids close in', ms: 6_000 });
    expect(nextDue(market({ closeStatus: 'Close' }), 14_000)).toEqual({ label: 'Close bids close in', ms: 6_000 });
    expect(nextDue(market({ closeStatus: 'Closed' }), 24_000)).toBeNull();
  });

  it('a matka:status push replaces the markets it names and adds new ones; a route finds its market by name or id', () => {
    const list = [market(), market({ id: 2, marketName: 'Quick Matka' })];
    const merged = mergeMarkets(list, [
      market({ id: 2, marketName: 'Quick Matka', closeStatus: 'Close' }),
      market({ id: 3, marketName: 'New' }),
    ]);
    expect(merged.map((m) => [m.id, m.closeStatus])).toEqual([
      [1, 'Open'],
      [2, 'Close'],
      [3, 'Open'],
    ]);
    expect(findMarket(list, 'quick matka')?.id).toBe(2);
    expect(findMarket(list, '1')?.marketName).toBe('Kalyan');
    expect(findMarket(list, 'Nowhere')).toBeUndefined();
  });
});
