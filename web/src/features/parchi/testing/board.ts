/** A small three-card game for tests: match 101, its players, cards, plays. */
import type { Entry, Player } from '../api/types';
import type { Board, Card } from '../wire';

export const MATCH = 'Team 101A v Team 101B';

export function card(n: number, over: Partial<Card> = {}): Card {
  const c: Card = {
    _id: `101-${n}`,
    card: n,
    player1: null,
    player2: null,
    totalRuns: 0,
    peoplePlayed: 0,
    totalStake: 0,
    isWinner: false,
    locked: false,
    user: [],
    cards: [],
    ...over,
  };
  return {
    ...c,
    cards: [{ _id: c._id, player1: c.player1, player2: c.player2, totalRuns: c.totalRuns, isWinner: c.isWinner }],
  };
}

/**
 * Card 1 locked with two of team A's players; cards 2 and 3 empty; plays open before the match. `status` may be any
 * text a server sends (`void` included, whether or not the generated types list it yet).
 */
export function board(over: Partial<Omit<Board, 'status'>> & { status?: string } = {}): Board {
  return {
    success: true,
    matchId: 101,
    matchName: MATCH,
    scoreIframe: '/score/101',
    matchStatus: 'upcoming',
    status: 'open',
    playsOpen: true,
    closesAt: 'Plays close at the first ball of the match',
    cards: [
      card(1, {
        player1: 'A Sharma',
        player2: 'R Iyer',
        locked: true,
        totalRuns: 37,
        peoplePlayed: 2,
        totalStake: 300,
        user: ['ab***1', 'cd***2'],
      }),
      card(2),
      card(3),
    ],
    winnerCard: null,
    ...over,
  } as Board;
}

const p = (playername: string, team: 0 | 1, score = 0, taken = false): Player => ({
  playername,
  score,
  team,
  teamName: team === 0 ? 'Team 101A' : 'Team 101B',
  taken,
  matchId: 101,
  matchName: MATCH,
});

export const players = (): Player[] => [
  p('A Sharma', 0, 20, true),
  p('R Iyer', 0, 17, true),
  p('K Patel', 0, 5),
  p('M Khan', 0),
  p('D Rao', 1, 12),
  p('S Gill', 1),
  p('V Nair', 1, 3),
];

export function entry(over: Partial<Entry> = {}): Entry {
  return {
    _id: 1,
    card: '101-1',
    cardNo: 1,
    CardData: { _id: '101-1', player1: 'A Sharma', player2: 'R Iyer', totalRuns: 37, isWinner: false },
    userArray: ['ab***1'],
    betpoints: 100,
    profit: 100,
    payout: 0,
    status: 'held',
    createdAt: 1_800_000_000_000,
    ...over,
  };
}
