/**
 * Starts a real game server for e2e: a fresh SQLite database in a temp dir, an operator created through the CLI,
 * `serve` on a free port with the given environment (timings), the built web client from `dist`. Global setup starts
 * the one every spec shares; a spec that needs other timings starts its own (see parchi.spec.ts).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { WEB_DIR, type ServerInfo } from './server-info';

export interface RunningServer {
  info: ServerInfo;
  /** Ends the server (SIGTERM, then SIGKILL) and removes its database; again does nothing. */
  stop: () => Promise<void>;
}

export interface ServerOptions {
  /** Extra environment for `serve` (timings and the like). */
  env?: Record<string, string>;
  /** Its log, under test-results/. */
  logName?: string;
  /** How long it may take to answer. */
  readyMs?: number;
}

/** The server binary (GAME_SERVER_BIN, else the debug build). */
export function serverBinary(): string {
  const bin = resolve(WEB_DIR, process.env.GAME_SERVER_BIN ?? '../target/debug/game-server');
  if (!existsSync(bin)) throw new Error(`game server binary not found at ${bin} (set GAME_SERVER_BIN)`);
  return bin;
}

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

async function waitReady(url: string, ms: number, exited: () => boolean, log: string): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (exited()) throw new Error(`game-server exited during start-up; see ${log}`);
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

export async function startServer({
  env = {},
  logName = 'server.log',
  readyMs = 60_000,
}: ServerOptions = {}): Promise<RunningServer> {
  const bin = serverBinary();
  const dist = join(WEB_DIR, 'dist');
  const results = join(WEB_DIR, 'test-results');
  mkdirSync(results, { recursive: true });

  const dataDir = mkdtempSync(join(tmpdir(), 'casino-e2e-'));
  const baseEnv = { ...process.env, DATABASE_URL: `sqlite://${join(dataDir, 'casino.db')}` };
  const operatorPassword = 'operator-pass';
  const out = execFileSync(
    bin,
    ['operator', 'create', '--name', 'Operator', '--phone', '9000000001', '--password', operatorPassword],
    {
      env: baseEnv,
      encoding: 'utf8',
    },
  );
  const lastLine = out.trim().split('\n').pop() ?? '';
  const operatorUserNo = (lastLine.match(/\d+/g) ?? []).pop() ?? lastLine.trim();

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logPath = join(results, logName);
  const log = openSync(logPath, 'w');
  const child = spawn(bin, ['serve'], {
    env: { ...baseEnv, CASINO_BIND: `127.0.0.1:${port}`, CASINO_WEB_DIR: dist, ...env },
    stdio: ['ignore', log, log],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (!exited) {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (!exited) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(`${baseURL}/api/platform/news`, readyMs, () => exited, logPath);
  } catch (err) {
    await stop();
    throw err;
  }
  return { info: { baseURL, operatorUserNo, operatorPassword, pid: child.pid ?? 0 }, stop };
}
