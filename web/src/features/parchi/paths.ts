/**
 * The three-card game's paths and what the live list hands the game screen as navigation state (the spec's "score
 * frame URL and name as navigation state"). History state is missing on a typed or shared address and can hold
 * anything, so it is checked, never trusted: without it the game screen goes by the match name in the path.
 */
import type { LiveItem } from './wire';

export const LIST_PATH = '/cricket2';

/** `/cricket2/games/{Livematch}`: the match's name, URL-encoded. */
export const gamePath = (matchName: string) => `${LIST_PATH}/games/${encodeURIComponent(matchName)}`;

export interface GameState {
  scoreIframe: string;
  matchName: string;
  eventId: number;
}

/** What a row of the live list (or the upcoming list) hands the game screen. */
export const gameStateOf = (m: Pick<LiveItem, 'scoreIframe' | 'matchName' | 'eventId'>): GameState => ({
  scoreIframe: m.scoreIframe,
  matchName: m.matchName,
  eventId: m.eventId,
});

/** The state if it names a match; `null` otherwise (none, or not ours). */
export function gameState(v: unknown): GameState | null {
  if (!v || typeof v !== 'object') return null;
  const s = v as Partial<GameState>;
  if (typeof s.eventId !== 'number' || !Number.isSafeInteger(s.eventId) || s.eventId <= 0) return null;
  return {
    eventId: s.eventId,
    scoreIframe: typeof s.scoreIframe === 'string' ? s.scoreIframe : '',
    matchName: typeof s.matchName === 'string' ? s.matchName : '',
  };
}

/**
 * How the server is asked about the match (`{match}`): its event id when the navigation state is this path's match
 * (exact, even if a newer match of the same name starts later), else the name in the path.
 */
export function matchKey(nameInPath: string, state: GameState | null): string {
  return state && state.matchName === nameInPath ? String(state.eventId) : nameInPath;
}
