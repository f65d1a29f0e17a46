import { describe, expect, it } from 'vitest';
import { liveMatchState, liveMatchStateOf, scoreFramePath } from './live-state';

describe('live match navigation state', () => {
  it('round-trips what the list hands over', () => {
    const item = {
      marketId: '1.33000001',
      scoreIframe: '/score/33000001',
      matchName: 'A v B',
      matchDate: 0,
      eventId: 33000001,
    };
    expect(liveMatchState(liveMatchStateOf(item))).toEqual({
      marketId: '1.33000001',
      scoreIframe: '/score/33000001',
      matchName: 'A v B',
      eventId: 33000001,
    });
  });
  it('is null without a match id (a typed address, foreign state)', () => {
    expect(liveMatchState(null)).toBeNull();
    expect(liveMatchState(undefined)).toBeNull();
    expect(liveMatchState({ matchName: 'A v B' })).toBeNull();
    expect(liveMatchState({ eventId: '7' })).toBeNull();
    expect(liveMatchState({ eventId: 1.5 })).toBeNull();
  });
  it('keeps a match id with missing extras, which then show as absent', () => {
    expect(liveMatchState({ eventId: 7 })).toEqual({ eventId: 7, marketId: '', scoreIframe: '', matchName: '' });
  });
});

describe('score frame address', () => {
  it('frames only pages of this site', () => {
    expect(scoreFramePath('/score/33000001')).toBe('/score/33000001');
    expect(scoreFramePath('')).toBeNull();
    expect(scoreFramePath('//evil.example/x')).toBeNull();
    expect(scoreFramePath('/\\evil.example')).toBeNull();
    expect(scoreFramePath('javascript:alert(1)')).toBeNull();
    expect(scoreFramePath('https://evil.example/score/1')).toBeNull();
  });
});
