/**
 * Starts a real game server for the e2e run: fresh SQLite database in a temp dir, an operator created
 * through the CLI, `serve` on a free port with short Aviator, round-game, quick Matka and sports-ball timings. Returns the teardown (kills it).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { INFO_FILE, SCREENSHOTS, WEB_DIR, type ServerInfo } from './server-info';

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

async function waitReady(url: string, ms: number, exited: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (exited()) throw new Error('game-server exited during start-up; see test-results/server.log');
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`game-server did not answer ${url} within ${ms} ms`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const bin = resolve(WEB_DIR, process.env.GAME_SERVER_BIN ?? '../target/debug/game-server');
  if (!existsSync(bin)) throw new Error(`game server binary not found at ${bin} (set GAME_SERVER_BIN)`);
  const dist = join(WEB_DIR, 'dist');
  // Serve what the sources say now (E2E_SKIP_BUILD=1 reuses an existing dist).
  if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(join(dist, 'index.html'))) {
    execFileSync('npm', ['run', 'build'], { cwd: WEB_DIR, stdio: 'inherit' });
  }
  mkdirSync(SCREENSHOTS, { recursive: true });

  const dataDir = mkdtempSync(join(tmpdir(), 'casino-e2e-'));
  const baseEnv = { ...process.env, DATABASE_URL: `sqlite://${join(dataDir, 'casino.db')}` };
  const operatorPassword = 'operator-pass';
  const out = execFileSync(bin, ['operator', 'create', '--name', 'Operator', '--phone', '9000000001', '--password', operatorPassword], {
    env: baseEnv,
    encoding: 'utf8',
  });
  const lastLine = out.trim().split('\n').pop() ?? '';
  const operatorUserNo = (lastLine.match(/\d+/g) ?? []).pop() ?? lastLine.trim();

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const log = openSync(join(WEB_DIR, 'test-results', 'server.log'), 'w');
  const child = spawn(bin, ['serve'], {
    env: {
      ...baseEnv,
      CASINO_BIND: `127.0.0.1:${port}`,
      CASINO_WEB_DIR: dist,
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
    },
    stdio: ['ignore', log, log],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitReady(`${baseURL}/api/platform/news`, 60_000, () => exited);

  const info: ServerInfo = { baseURL, operatorUserNo, operatorPassword, pid: child.pid ?? 0 };
  writeFileSync(INFO_FILE, JSON.stringify(info, null, 2));

  return async () => {
    if (!exited) {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (!exited) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
