import { describe, expect, it } from 'vitest';
import { matchBetRequest, matchQuote, matchTerms, type MatchPick } from './bet-pick';
import { detail } from './testing/detail';

const lay2: MatchPick = {
  market: 'exchange',
  marketId: '1.101',
  index: 1,
  label: 'Delhi Dashers',
  kind: 'khaai',
  level: 2,
};
const khai: MatchPick = { market: 'bookmaker', marketId: '101-bm', index: 1, label: 'Delhi Dashers', kind: 'khaai' };

describe('a price picked on the match page', () => {
  it('a Match Odds level reads its decimal odds, wins (odds − 1)·100 a rupee, and carries the market’s terms', () => {
    const q = matchQuote(detail(), lay2);
    expect(q).toEqual({ odds: 2.28, rate: 128, text: '2.28', runs: null, open: true });
    expect(matchTerms(detail(), lay2)).toEqual({ limits: { min: 100, max: 100000 }, betDelay: 5 });
    expect(matchBetRequest(101, lay2, q!, 250)).toEqual({
      market: 'runner',
      body: {
        match: 101,
        teamIndex: 1,
        label: 'Delhi Dashers',
        type: 'khaai',
        odds: 2.28,
        stake: 250,
        marketType: 'exchange',
      },
    });
  });

  it('is closed while its market is suspended, and gone with its level', () => {
    const d = detail();
    expect(matchQuote({ ...d, match: { ...d.match, status: 'SUSPENDED' } }, lay2)?.open).toBe(false);
    expect(matchQuote(d, { ...lay2, level: 3 })).toBeNull();
  });

  it('Bookmaker and fancy carry no terms in the detail: the exchange screen’s limits, no delay', () => {
    expect(matchQuote(detail(), khai)).toEqual({ odds: 142, rate: 142, text: '142', runs: null, open: true });
    expect(matchTerms(detail(), khai)).toEqual({ limits: { min: 100, max: 25000 }, betDelay: null });
    expect(matchBetRequest(101, khai, matchQuote(detail(), khai)!, 100).body).toMatchObject({
      marketType: 'bookmaker',
      odds: 142,
    });
  });
});
