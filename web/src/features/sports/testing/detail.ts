/** A small match detail for tests. */
import type { Level, MatchDetail, Score } from '../wire';

const lv = (price: number, size: number): Level => ({ price, size });

/** An active runner with its three best prices to back and to lay, best first. */
const runner = (selectionId: number, runnerName: string, ex: { back: Level[]; lay: Level[] }) => ({
  selectionId,
  runnerName,
  status: 'ACTIVE',
  ex: { availableToBack: ex.back, availableToLay: ex.lay },
});

export const score = (over: Partial<Score> = {}): Score => ({
  batting: 'Mumbai Mariners',
  runs: 42,
  wickets: 1,
  overs: '5.2',
  target: null,
  firstInnings: null,
  lastSix: ['1', '4', '0', 'W', '2', '1'],
  balls: [
    { over: '4.3', runs: 1, wicket: false, mark: '1', at: 1_800_000_000_000 },
    { over: '4.4', runs: 4, wicket: false, mark: '4', at: 1_800_000_001_500 },
    { over: '4.5', runs: 0, wicket: false, mark: '0', at: 1_800_000_003_000 },
    { over: '4.6', runs: 0, wicket: true, mark: 'W', at: 1_800_000_004_500 },
    { over: '5.1', runs: 2, wicket: false, mark: '2', at: 1_800_000_006_000 },
    { over: '5.2', runs: 1, wicket: false, mark: '1', at: 1_800_000_007_500 },
  ],
  striker: 'A Sharma',
  strikerRuns: 20,
  strikerBalls: 14,
  nonStriker: 'R Iyer',
  nonStrikerRuns: 12,
  nonStrikerBalls: 9,
  bowler: 'K Patel',
  comment: 'FOUR',
  ...over,
});

export function detail(over: Partial<MatchDetail> = {}): MatchDetail {
  const market = {
    marketId: '1.101',
    marketName: 'Match Odds',
    status: 'OPEN' as const,
    minStake: 100,
    maxStake: 100000,
    betDelay: 5,
    runners: [
      runner(1, 'Mumbai Mariners', {
        back: [lv(1.8, 12500), lv(1.79, 900), lv(1.78, 2_300_000)],
        lay: [lv(1.81, 4000), lv(1.82, 5000), lv(1.83, 6000)],
      }),
      runner(2, 'Delhi Dashers', {
        back: [lv(2.2, 1000), lv(2.18, 2000), lv(2.16, 3000)],
        lay: [lv(2.24, 1000), lv(2.26, 2000), lv(2.28, 3000)],
      }),
    ],
  };
  return {
    match: market,
    event: {
      id: 101,
      name: 'Mumbai Mariners v Delhi Dashers',
      competition: 'T20 League',
      eventDate: 1_800_000_000_000,
      status: 'in_play',
      teams: ['Mumbai Mariners', 'Delhi Dashers'],
      winner: null,
      scoreIframe: '/score/101',
    },
    markets: [market],
    fancyMarkets: [
      {
        marketId: '101-f6',
        marketName: '6 overs runs Mumbai Mariners',
        status: 'OPEN',
        odds: { yes: 100, no: 100 },
        runValue: { yes: 49, no: 48 },
      },
    ],
    bookmakers: [
      {
        marketId: '101-bm',
        marketName: 'Bookmaker',
        status: 'OPEN',
        selections: [
          { id: 1, name: 'Mumbai Mariners', status: 'OPEN', backOdds: 60, layOdds: 62 },
          { id: 2, name: 'Delhi Dashers', status: 'OPEN', backOdds: 140, layOdds: 142 },
        ],
      },
    ],
    upcoming: false,
    score: score(),
    seq: 10,
    ...over,
  };
}
