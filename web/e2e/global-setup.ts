/**
 * Starts the real game server every spec shares (see `startServer`): short Aviator, round-game, quick Matka and
 * sports-ball timings, after building the web client. Writes where it runs for the specs; returns the teardown.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverBinary, startServer } from './server';
import { INFO_FILE, SCREENSHOTS, WEB_DIR } from './server-info';

/** The shared server's timings. */
const TIMINGS: Record<string, string> = {
  CASINO_AVIATOR_COUNTDOWN_MS: '4000',
  CASINO_AVIATOR_PAUSE_MS: '1000',
  // Round games: a whole round in about 11 s, with 8 s to bet.
  CASINO_TITLI_BETTING_MS: '8000',
  CASINO_TITLI_CLOSED_MS: '1000',
  CASINO_TITLI_RESULT_MS: '2000',
  CASINO_ANDAR_BAHAR_BETTING_MS: '8000',
  CASINO_ANDAR_BAHAR_CLOSED_MS: '500',
  CASINO_ANDAR_BAHAR_STEP_MS: '200',
  CASINO_ANDAR_BAHAR_RESULT_MS: '2000',
  CASINO_COLOR_BETTING_MS: '8000',
  CASINO_COLOR_CLOSED_MS: '1000',
  CASINO_COLOR_RESULT_MS: '2000',
  // Matka: "Quick Matka" (drawn) every 20 s: open bids for 10 s, the open result, close bids for 10 s, the close result.
  CASINO_MATKA_QUICK_SECONDS: '20',
  // Sports: a ball bowled every 1.5 s, so a live match's score and prices move while a spec watches.
  CASINO_SPORTS_BALL_MS: '1500',
  // Exchange bets: the price is checked again 200 ms after a bet arrives (1 s by default), well inside the
  // 750 ms a market stays OPEN between balls at this pace.
  CASINO_EXCHANGE_DELAY_MS: '200',
  // The operators' test hooks: a cricket match a spec plays step by step (exchange.spec.ts).
  CASINO_TEST_HOOKS: '1',
};

export default async function globalSetup(): Promise<() => Promise<void>> {
  serverBinary(); // fail before building when there is no server to test against
  const dist = join(WEB_DIR, 'dist');
  // Serve what the sources say now (E2E_SKIP_BUILD=1 reuses an existing dist).
  if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(join(dist, 'index.html'))) {
    execFileSync('npm', ['run', 'build'], { cwd: WEB_DIR, stdio: 'inherit' });
  }
  mkdirSync(SCREENSHOTS, { recursive: true });

  const server = await startServer({ env: TIMINGS, logName: 'server.log' });
  writeFileSync(INFO_FILE, JSON.stringify(server.info, null, 2));
  return server.stop;
}
