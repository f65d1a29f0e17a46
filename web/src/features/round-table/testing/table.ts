/** A round table for screen tests: its state as `{game}:join` answers it, and the REST its screens ask besides. */
import { fakeServer, reply } from '@/testing/server';

/** Round 9, betting open for 11 s, ₹10 to ₹10,000 on one pick, no history; `over` changes any of it. */
export const tableState = (over: Record<string, unknown> = {}) => ({
  roundId: 9,
  gamePhase: 'betting',
  bettingOpen: true,
  timeRemaining: 11,
  msRemaining: 11_000,
  bettingClosesAt: 0,
  revealAt: 0,
  serverTime: 0,
  commitment: 'c'.repeat(64),
  clientSeed: 'public',
  result: null,
  history: [],
  payouts: [],
  minStake: 10,
  maxStake: 10_000,
  maxPicks: 1,
  ...over,
});

/** The server's REST for a round screen: the wallet (₹1,000, nothing exposed), and no bets of the player's. */
export const walletServer = () =>
  fakeServer((_method, path) =>
    reply(
      200,
      path.startsWith('/api/getwalletandexposure')
        ? { balance: 1000, exposureBalance: 0 }
        : { success: true, bets: [] },
    ),
  );
