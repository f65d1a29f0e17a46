/** Exchange answers for tests: a bet, a book and a 201, in the server's shapes; and the bets' requests. */
import type { BetView, MarketBook, MatchBook, Placed } from '../wire';

export const betView = (over: Partial<BetView> = {}): BetView => ({
  id: 1,
  match: 101,
  matchName: 'Mumbai Mariners v Delhi Dashers',
  marketId: '101-bm',
  marketType: 'bookmaker',
  label: 'Mumbai Mariners',
  type: 'Lgaai',
  side: 'lagai',
  odds: 60,
  runs: null,
  stake: 100,
  profit: 60,
  loss: 100,
  status: 'open',
  pl: null,
  winningRuns: null,
  createdAt: '2027-01-15T14:05:00Z',
  ...over,
});

export const fancyBet = (over: Partial<BetView> = {}): BetView =>
  betView({
    marketId: '101-f6',
    marketType: 'fancy',
    label: '6 overs runs Mumbai Mariners',
    type: 'yes',
    odds: 100,
    runs: 49,
    profit: 100,
    ...over,
  });

/** The Bookmaker position after one ₹100 Lgaai on Mumbai Mariners at 60. */
export const bmBook = (over: Partial<MarketBook> = {}): MarketBook => ({
  marketId: '101-bm',
  marketType: 'bookmaker',
  name: 'Bookmaker',
  exposure: 100,
  runners: [
    { name: 'Mumbai Mariners', pl: 60 },
    { name: 'Delhi Dashers', pl: -100 },
  ],
  runs: [],
  ...over,
});

export const matchBook = (markets: MarketBook[] = []): MatchBook => ({
  match: 101,
  exposure: markets.reduce((s, m) => s + m.exposure, 0),
  markets,
});

export const placed = (bet: BetView, book: MarketBook, balance = 900, exposure = 100): Placed => ({
  success: true,
  message: 'Bet placed successfully.',
  bet,
  balance,
  exposure,
  book,
});

/** The request for a ₹`stake` Lgaai on Mumbai Mariners (the Bookmaker's first team) at `odds`. */
export const lgaaiRequest = (odds: number, stake: number) => ({
  match: 101,
  teamIndex: 0,
  label: 'Mumbai Mariners',
  type: 'Lgaai',
  odds,
  stake,
  marketType: 'bookmaker',
});

/** The request for a ₹`stake` YES on the 6 overs line at `runs`, rate `odds`. */
export const yesRequest = (runs: number, odds: number, stake: number) => ({
  match: 101,
  marketId: '101-f6',
  label: '6 overs runs Mumbai Mariners',
  type: 'yes',
  runs,
  odds,
  stake,
});
