/**
 * A held match detail moved on by `match:delta`s, exactly as the server's `MatchState::apply`: the next delta is
 * applied; one already in the detail is skipped; a gap (or another match's delta) changes nothing and the caller asks
 * `GET /api/match/{id}` again. Also the guards the socket's payloads pass before they are used.
 */
import type { MatchDetailJson } from './api/types';
import type { Delta, LiveItem, MatchDetail, Update } from './wire';

export type Applied =
  | { kind: 'applied'; detail: MatchDetailJson }
  | { kind: 'repeat' }
  | { kind: 'gap'; have: number; got: number }
  | { kind: 'other_match' };

function applyOne(d: MatchDetailJson, u: Update): MatchDetailJson {
  switch (u.type) {
    case 'status':
      return { ...d, event: { ...d.event, status: u.data }, upcoming: u.data === 'upcoming' };
    case 'score':
      return { ...d, score: u.data };
    case 'market':
      return { ...d, match: u.data, markets: [u.data] };
    case 'bookmaker':
      return { ...d, bookmakers: [u.data] };
    case 'fancy':
      return { ...d, fancyMarkets: u.data };
    case 'settled':
      return { ...d, event: { ...d.event, winner: u.data.winner, status: 'finished' }, upcoming: false };
    case 'fancyResult': // the decided line leaves `fancy` in the same delta
    case 'playerRuns': // not part of the detail
    case 'heartbeat':
      return d;
    default:
      return d; // a kind this client does not know yet changes nothing it shows
  }
}

export function applyDelta(detail: MatchDetailJson, delta: Delta): Applied {
  if (delta.matchId !== detail.event.id) return { kind: 'other_match' };
  if (delta.seq <= detail.seq) return { kind: 'repeat' };
  if (delta.seq !== detail.seq + 1) return { kind: 'gap', have: detail.seq, got: delta.seq };
  const next = delta.updates.reduce(applyOne, detail);
  return { kind: 'applied', detail: { ...next, seq: delta.seq } };
}

export const isDelta = (v: unknown): v is Delta =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as Delta).matchId === 'number' &&
  typeof (v as Delta).seq === 'number' &&
  Array.isArray((v as Delta).updates);

export const isDetail = (v: unknown): v is MatchDetail =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as MatchDetail).seq === 'number' &&
  !!(v as MatchDetail).event &&
  !!(v as MatchDetail).match;

const isLiveItem = (v: unknown): v is LiveItem => {
  const m = v as LiveItem;
  return (
    !!m &&
    typeof m === 'object' &&
    Number.isSafeInteger(m.eventId) &&
    typeof m.matchName === 'string' &&
    typeof m.marketId === 'string' &&
    typeof m.scoreIframe === 'string' &&
    typeof m.matchDate === 'number'
  );
};

/** The live list's rows that can be shown; `null` when the payload is not a list at all (an error ack). */
export const liveItems = (v: unknown): LiveItem[] | null => (Array.isArray(v) ? v.filter(isLiveItem) : null);
