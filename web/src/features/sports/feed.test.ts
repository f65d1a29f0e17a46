import { describe, expect, it } from 'vitest';
import { applyDelta, isDelta } from './feed';
import { detail, score } from './testing/detail';
import type { MatchDetailJson } from './api/types';
import type { Delta, Update } from './wire';

const delta = (seq: number, updates: Update[], matchId = 101): Delta => ({ matchId, seq, at: 0, updates });
const applied = (d: MatchDetailJson, x: Delta): MatchDetailJson => {
  const r = applyDelta(d, x);
  if (r.kind !== 'applied') throw new Error(`not applied: ${r.kind}`);
  return r.detail;
};

describe('applyDelta', () => {
  it('applies the next deltas in order and moves seq on', () => {
    const a = applied(detail(), delta(11, [{ type: 'score', data: score({ runs: 46, overs: '5.3' }) }]));
    const b = applied(a, delta(12, [{ type: 'heartbeat' }]));
    expect(a.seq).toBe(11);
    expect(b.seq).toBe(12);
    expect(b.score.runs).toBe(46);
    expect(b.score.overs).toBe('5.3');
  });

  it('skips a delta already in the detail (sent between subscribing and the snapshot) and changes nothing', () => {
    const d = detail();
    expect(applyDelta(d, delta(10, [{ type: 'score', data: score({ runs: 99 }) }]))).toEqual({ kind: 'repeat' });
    expect(applyDelta(d, delta(3, []))).toEqual({ kind: 'repeat' });
    expect(d.score.runs).toBe(42);
  });

  it('refuses a gap so the caller asks for the detail again', () => {
    expect(applyDelta(detail(), delta(12, [{ type: 'heartbeat' }]))).toEqual({ kind: 'gap', have: 10, got: 12 });
  });

  it("refuses another match's delta", () => {
    expect(applyDelta(detail(), delta(11, [], 7))).toEqual({ kind: 'other_match' });
  });

  it('status: the event status and upcoming flag', () => {
    const d = applied(
      detail({ upcoming: true, event: { ...detail().event, status: 'upcoming' } }),
      delta(11, [{ type: 'status', data: 'in_play' }]),
    );
    expect(d.event.status).toBe('in_play');
    expect(d.upcoming).toBe(false);
  });

  it('market: the Match Odds market and the markets list', () => {
    const m = { ...detail().match, status: 'SUSPENDED' as const };
    const d = applied(detail(), delta(11, [{ type: 'market', data: m }]));
    expect(d.match.status).toBe('SUSPENDED');
    expect(d.markets).toEqual([m]);
  });

  it('bookmaker and fancy in one delta, in order', () => {
    const bm = { marketId: '101-bm', marketName: 'Bookmaker', status: 'SUSPENDED' as const, selections: [] };
    const d = applied(
      detail(),
      delta(11, [
        { type: 'bookmaker', data: bm },
        { type: 'fancy', data: [] },
      ]),
    );
    expect(d.bookmakers).toEqual([bm]);
    expect(d.fancyMarkets).toEqual([]);
  });

  it('settled: the winner, and the match is finished', () => {
    const d = applied(detail(), delta(11, [{ type: 'settled', data: { winner: 2 } }]));
    expect(d.event.winner).toBe(2);
    expect(d.event.status).toBe('finished');
  });

  it('a later update in the same delta wins', () => {
    const d = applied(
      detail(),
      delta(11, [
        { type: 'status', data: 'finished' },
        { type: 'settled', data: { winner: null } },
      ]),
    );
    expect(d.event.status).toBe('finished');
    expect(d.event.winner).toBeNull();
  });
});

describe('isDelta', () => {
  it('tells a delta from anything else', () => {
    expect(isDelta(delta(1, []))).toBe(true);
    expect(isDelta({ success: false })).toBe(false);
    expect(isDelta(null)).toBe(false);
  });
});
