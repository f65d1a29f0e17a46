import { describe, expect, it } from 'vitest';
import { detail } from '../sports/testing/detail';
import { withMarket, teamPl, signed } from '@/lib/bets/book';
import { betMoney, betRequest, checkStake, quoteOf, type Pick } from './slip';
import { bmBook, lgaaiRequest, matchBook, yesRequest } from './testing/bets';

const lgaai: Pick = { market: 'runner', marketId: '101-bm', teamIndex: 0, label: 'Mumbai Mariners', kind: 'Lgaai' };
const yes: Pick = { market: 'fancy', marketId: '101-f6', label: '6 overs runs Mumbai Mariners', kind: 'yes' };

describe('betMoney (the spec’s rules, as the server rounds them)', () => {
  it('Lagai and YES win stake·rate/100 and lose the stake', () => {
    expect(betMoney('Lgaai', 1000, 60)).toEqual({ profit: 600, loss: 1000 });
    expect(betMoney('yes', 250, 90)).toEqual({ profit: 225, loss: 250 });
  });
  it('Khai and NO win the stake and lose stake·rate/100', () => {
    expect(betMoney('khaai', 1000, 62)).toEqual({ profit: 1000, loss: 620 });
    expect(betMoney('no', 100, 110)).toEqual({ profit: 100, loss: 110 });
  });
  it('rounds winnings down and losses up to the paisa', () => {
    expect(betMoney('Lgaai', 100.01, 33)).toEqual({ profit: 33, loss: 100.01 }); // 3300.33 paise won → 3300
    expect(betMoney('khaai', 100.01, 33)).toEqual({ profit: 100.01, loss: 33.01 }); // 3300.33 paise lost → 3301
  });
  it('is zero for a stake that is not a number yet', () => {
    expect(betMoney('Lgaai', Number(''), 60)).toEqual({ profit: 0, loss: 0 });
    expect(betMoney('Lgaai', NaN, 60)).toEqual({ profit: 0, loss: 0 });
  });
});

describe('checkStake', () => {
  it('wants a positive number of rupees', () => {
    for (const t of ['', 'abc', '-100', '0', '1e3', '100.123'])
      expect(checkStake(t)).toEqual({ ok: false, message: 'Invalid stake amount!' });
  });
  it('then the screen’s limits, 100 to 25000', () => {
    expect(checkStake('99.99')).toEqual({ ok: false, message: 'Min: 100 Max: 25000' });
    expect(checkStake('25000.01')).toEqual({ ok: false, message: 'Min: 100 Max: 25000' });
    expect(checkStake(' 100 ')).toEqual({ ok: true, stake: 100 });
    expect(checkStake('25000')).toEqual({ ok: true, stake: 25000 });
  });
});

describe('quoteOf and betRequest', () => {
  it('reads a team’s Lgaai / khaai rate and whether it can be bet on', () => {
    expect(quoteOf(detail(), lgaai)).toEqual({ rate: 60, runs: null, open: true });
    expect(quoteOf(detail(), { ...lgaai, kind: 'khaai', teamIndex: 1 })).toEqual({ rate: 142, runs: null, open: true });
    const d = detail();
    d.bookmakers[0]!.status = 'SUSPENDED';
    expect(quoteOf(d, lgaai)?.open).toBe(false);
    expect(quoteOf(detail({ bookmakers: [] }), lgaai)).toBeNull();
  });
  it('reads a line’s run value and rate', () => {
    expect(quoteOf(detail(), yes)).toEqual({ rate: 100, runs: 49, open: true });
    expect(quoteOf(detail(), { ...yes, kind: 'no' })).toEqual({ rate: 100, runs: 48, open: true });
    expect(quoteOf(detail({ fancyMarkets: [] }), yes)).toBeNull();
  });
  it('names the price the player saw', () => {
    expect(betRequest(101, lgaai, { rate: 61, runs: null, open: true }, 100)).toEqual({
      market: 'runner',
      body: lgaaiRequest(61, 100),
    });
    expect(betRequest(101, yes, { rate: 90, runs: 50, open: true }, 200)).toEqual({
      market: 'fancy',
      body: yesRequest(50, 90, 200),
    });
  });
});

describe('the book', () => {
  it('sums a team’s P/L over the runner markets, 0 without a position', () => {
    const book = matchBook([
      bmBook(),
      bmBook({
        marketId: '1.101',
        marketType: 'exchange',
        runners: [
          { name: 'Mumbai Mariners', pl: -50 },
          { name: 'Delhi Dashers', pl: 40.5 },
        ],
      }),
    ]);
    expect(teamPl(book, 'Mumbai Mariners')).toBe(10);
    expect(teamPl(book, 'Delhi Dashers')).toBe(-59.5);
    expect(teamPl(undefined, 'Delhi Dashers')).toBe(0);
  });
  it('puts a placed bet’s market in place and totals the exposure', () => {
    const held = matchBook([bmBook(), bmBook({ marketId: '101-f6', marketType: 'fancy', exposure: 50, runners: [] })]);
    const next = withMarket(held, 101, bmBook({ exposure: 20 }));
    expect(next.markets.map((m) => [m.marketId, m.exposure])).toEqual([
      ['101-bm', 20],
      ['101-f6', 50],
    ]);
    expect(next.exposure).toBe(70);
    expect(withMarket(undefined, 101, bmBook()).markets).toHaveLength(1);
  });
  it('writes a plus sign when non-negative', () => {
    expect([signed(0), signed(60), signed(-1234.5)]).toEqual(['+0.00', '+60.00', '-1,234.50']);
  });
});
