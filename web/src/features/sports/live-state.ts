/**
 * What the Live Cricket Market list hands the live match screen as navigation state (the spec's `/matchlist/currmtc`
 * "opened with navigation state"), and how that screen reads it back: history state is missing on a typed or shared
 * address and can hold anything, so it is checked, never trusted.
 */
import type { LiveItem } from './wire';

export const LIVE_MATCH_PATH = '/matchlist/currmtc';

export interface LiveMatchState {
  marketId: string;
  /** The server's own scoreboard page, `/score/{eventId}`. */
  scoreIframe: string;
  matchName: string;
  eventId: number;
}

export const liveMatchStateOf = (m: LiveItem): LiveMatchState => ({
  marketId: m.marketId,
  scoreIframe: m.scoreIframe,
  matchName: m.matchName,
  eventId: m.eventId,
});

/** The state if it names a match; `null` otherwise (none, or not ours). */
export function liveMatchState(v: unknown): LiveMatchState | null {
  if (!v || typeof v !== 'object') return null;
  const s = v as Partial<LiveMatchState>;
  if (typeof s.eventId !== 'number' || !Number.isSafeInteger(s.eventId) || s.eventId <= 0) return null;
  return {
    eventId: s.eventId,
    marketId: typeof s.marketId === 'string' ? s.marketId : '',
    scoreIframe: typeof s.scoreIframe === 'string' ? s.scoreIframe : '',
    matchName: typeof s.matchName === 'string' ? s.matchName : '',
  };
}

/** The score frame's address if it is a page of this site (a path: not `//host`, `/\host` or a `javascript:` URL). */
export const scoreFramePath = (src: string): string | null => (/^\/(?![/\\])[^\s\\]*$/.test(src) ? src : null);
