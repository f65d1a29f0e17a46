import { describe, expect, it } from 'vitest';
import type { ExchangeLimit } from './api/exchange-risk';
import {
  amountText,
  limitsBody,
  marketIdFits,
  parseAmount,
  sameLimits,
  splitLimits,
  type LimitsForm,
} from './exchange-limits';

const form = (f: Partial<LimitsForm>): LimitsForm => ({
  marketType: 'bookmaker',
  marketId: '',
  market: '3000',
  player: '2000',
  ...f,
});

describe('exchange limits', () => {
  it('knows each type’s market ids, as the server does', () => {
    expect(marketIdFits('exchange', '1.123')).toBe(true);
    expect(marketIdFits('bookmaker', 'bm.123')).toBe(true);
    expect(marketIdFits('fancy', 'f.123.2.10')).toBe(true);
    for (const [t, id] of [
      ['exchange', 'bm.1'],
      ['fancy', 'f.1.3.10'],
      ['fancy', 'f.1.1'],
      ['bookmaker', 'bm.'],
      ['exchange', '1.x'],
      ['exchange', '1.1.1'],
      ['bookmaker', 'bm.12345678901234567890'],
    ] as const)
      expect(marketIdFits(t, id), id).toBe(false);
  });

  it('reads rupees exactly, grouping typed in or not', () => {
    expect(parseAmount('20,00,000')).toBe(200_000_000);
    expect(parseAmount(' 1500.5 ')).toBe(150_050);
    expect(parseAmount('1.005')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(amountText(2_000_000)).toBe('2000000');
    expect(amountText(1500.5)).toBe('1500.5');
    expect(amountText(0.29)).toBe('0.29');
  });

  it('builds the body: rupees, a market id only when one is named', () => {
    expect(limitsBody(form({}), false)).toEqual({
      body: { marketType: 'bookmaker', maxLiability: 3000, maxPlayerLiability: 2000 },
    });
    expect(limitsBody(form({ marketId: ' bm.42 ', market: '1,500.25', player: '1500.25' }), true)).toEqual({
      body: { marketType: 'bookmaker', marketId: 'bm.42', maxLiability: 1500.25, maxPlayerLiability: 1500.25 },
    });
  });

  it('refuses what the server refuses', () => {
    const error = (f: Partial<LimitsForm>, needMarket = false) => {
      const r = limitsBody(form(f), needMarket);
      return 'error' in r ? r.error : '';
    };
    expect(error({ player: '3000.01' })).toBe('The per-player limit must be at most the market limit.');
    expect(error({ market: '0' })).toBe('Market limit must be more than ₹0.');
    expect(error({ player: '0.00' })).toBe('Per-player limit must be more than ₹0.');
    expect(error({ market: 'ten' })).toBe('Market limit: enter rupees, with at most 2 decimals.');
    expect(error({ market: '10000000.01' })).toBe('Market limit may be at most ₹1,00,00,000.');
    expect(error({ market: '10000000', player: '10000000' })).toBe('');
    expect(error({}, true)).toBe('Enter the market id.');
    expect(error({ marketId: 'f.1.1.6' })).toBe('f.1.1.6 is not a Bookmaker market id (e.g. bm.1234).');
  });

  it('splits the answer into the types’ defaults and the markets set apart', () => {
    const row = (marketType: ExchangeLimit['marketType'], marketId = ''): ExchangeLimit => ({
      marketType,
      marketId,
      maxLiability: 10,
      maxPlayerLiability: 5,
      updatedAt: null,
    });
    const { defaults, markets } = splitLimits([
      row('fancy'),
      row('bookmaker', 'bm.1'),
      row('exchange'),
      row('bookmaker'),
    ]);
    expect(defaults.map((r) => r.marketType)).toEqual(['exchange', 'bookmaker', 'fancy']);
    expect(markets.map((r) => r.marketId)).toEqual(['bm.1']);
    expect(splitLimits(undefined)).toEqual({ defaults: [], markets: [] });
    expect(sameLimits({ marketType: 'fancy', maxLiability: 10, maxPlayerLiability: 5 }, row('fancy'))).toBe(true);
    expect(sameLimits({ marketType: 'fancy', maxLiability: 10, maxPlayerLiability: 4.99 }, row('fancy'))).toBe(false);
  });
});
