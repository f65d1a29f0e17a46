import { describe, expect, it } from 'vitest';
import { ballOutcome, ballTone, newestFirst } from './balls';
import type { Ball } from './wire';

const ball = (over: string, runs: number, mark = String(runs), wicket = false, at = 1_800_000_000_000): Ball => ({
  over,
  runs,
  wicket,
  mark,
  at,
});

describe('ball by ball', () => {
  it('writes runs as a number, a wicket as W and an extra as its mark', () => {
    expect(ballOutcome(ball('0.1', 0))).toBe('0');
    expect(ballOutcome(ball('0.2', 4))).toBe('4');
    expect(ballOutcome(ball('0.3', 6))).toBe('6');
    expect(ballOutcome(ball('0.4', 0, 'W', true))).toBe('W');
    expect(ballOutcome(ball('0.4', 1, 'Wd'))).toBe('Wd');
    expect(ballOutcome(ball('0.4', 1, 'nb'))).toBe('nb');
    expect(ballOutcome(ball('0.5', 2, ''))).toBe('2');
    // A wicket is W whatever its mark says.
    expect(ballOutcome(ball('0.6', 0, '0', true))).toBe('W');
  });

  it('colours wickets, fours, sixes and extras', () => {
    expect(ballTone(ball('1.1', 0, 'W', true))).toBe('w');
    expect(ballTone(ball('1.2', 4))).toBe('four');
    expect(ballTone(ball('1.3', 6))).toBe('six');
    expect(ballTone(ball('1.3', 1, 'Wd'))).toBe('extra');
    expect(ballTone(ball('1.4', 1))).toBe('');
  });

  it('lists the newest ball first and drops what is not a ball', () => {
    const balls = [ball('0.1', 1), ball('0.2', 4), { over: 3 }, null, ball('0.3', 0, 'W', true)];
    expect(newestFirst(balls).map((b) => b.over)).toEqual(['0.3', '0.2', '0.1']);
    expect(newestFirst(undefined)).toEqual([]);
    expect(newestFirst([])).toEqual([]);
    // The score's list is not reordered in place.
    expect(balls[0]).toMatchObject({ over: '0.1' });
  });
});
