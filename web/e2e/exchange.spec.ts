/**
 * Exchange betting against the real server at 390×844, on a match of the server's test hooks that moves only when
 * the spec plays it (`testMatch`), so nothing depends on where a timed match happens to be: the markets stay OPEN
 * while the player bets, and the spec then plays the match on to the fancy line's over. A funded player opens the
 * match's Live Cricket Market row, taps a team's Lgaai rate, stakes ₹100 and submits: the green overlay, the team's
 * P/L row, the bet in the latest bets, and the header's balance and exposure as the server's wallet has them
 * (exposure 100 for one Lgaai bet). Then a fancy YES bet on the 10-over line, which holds its own ₹100, and its
 * settlement once the match is played past 10 overs.
 */
import type { Page, Response } from '@playwright/test';
import {
  expect,
  fundedPlayer,
  login,
  overlaySeen,
  rupees,
  serverWallet,
  shot,
  test,
  walletAgrees,
  testMatch,
} from './fixtures';
import { serverInfo } from './server-info';

/** The match every run plays (the same seed, the same match). */
const SEED = 20_261_127;

interface Placed {
  bet: {
    id: number;
    label: string;
    type: string;
    odds: number;
    runs: number | null;
    stake: number;
    status: string;
  };
  balance: number;
  exposure: number;
}

/** Submits the open popup once: the server takes the bet (the match does not move while it is checked). */
async function submit(page: Page, path: string): Promise<Placed> {
  const popup = page.getByTestId('bet-popup');
  const answer = page.waitForResponse(
    (r: Response) => r.request().method() === 'POST' && new URL(r.url()).pathname === path,
  );
  const placed = overlaySeen(page, 'ex-overlay-success', 'Bet placed successfully.');
  await popup.getByRole('button', { name: 'Submit' }).click();
  const res = await answer;
  const body = (await res.json()) as Placed;
  expect(res.status(), JSON.stringify(body)).toBe(201);
  await placed;
  await expect(popup).toBeHidden();
  return body;
}

/** "+60.00", "-100.00": the screen's signed amounts. */
const signed = (n: number) => `${n >= 0 ? '+' : '-'}${rupees(Math.abs(n)).slice(1)}`;

test('Live Cricket Market → a Lgaai bet on a team and a fancy YES bet: overlay, P/L, latest bets, wallet, settlement', async ({
  page,
}) => {
  const player = await fundedPlayer(serverInfo().baseURL, 1000, { name: 'Exchange Player' });
  const match = await testMatch(page.request, SEED);
  await login(page, player);

  const row = page.getByTestId('live-market').locator(`[data-testid="live-row"][data-event-id="${match.matchId}"]`);
  await expect(row).toBeVisible();
  const name = match.name;
  await expect(row.locator('.match-name')).toHaveText(name);
  await row.click();
  await expect(page).toHaveURL(/\/matchlist\/currmtc$/);
  await expect(page.getByTestId('match-detail').locator('.sp-title')).toContainText(name);

  // --- Match Odds: both tables carry the stake range; the Bookmaker is OPEN (the match waits between balls).
  const odds = page.getByTestId('ex-match-odds');
  await expect(odds).toContainText('Min: 100 Max: 25000');
  await expect(page.getByTestId('ex-over-market')).toContainText('Min: 100 Max: 25000');
  await expect(odds.getByTestId('market-status').first()).toHaveText('OPEN');
  const team = (await page.getByTestId('ex-team-0').locator('.ex-label').textContent()) ?? '';
  await expect(page.getByTestId('ex-team-pl-0')).toHaveText('+0.00');
  await shot(page, 'exchange-01-tables');

  await page.getByTestId('ex-lgaai-0').click();
  const popup = page.getByTestId('bet-popup');
  await expect(popup.getByLabel('Bet For')).toHaveValue(`${team} · Lgaai`);
  await popup.getByLabel('Stake', { exact: true }).fill('100');
  // Profit = 100 × rate / 100.
  const rate = await popup.getByLabel('Rate/Odds').inputValue();
  await expect(popup.getByLabel('Profit')).toHaveValue(rupees(Number(rate)).slice(1));
  await shot(page, 'exchange-02-popup');
  const lgaai = await submit(page, '/api/laggai_khai_bets');
  expect(lgaai.bet).toMatchObject({ label: team, type: 'Lgaai', stake: 100, status: 'open' });
  expect([lgaai.balance, lgaai.exposure]).toEqual([900, 100]);
  await shot(page, 'exchange-03-placed');

  // --- The team's P/L if it wins (+ the rate), the other team's (−100), the bet listed, the wallet as the server's.
  await expect(page.getByTestId('ex-team-pl-0')).toHaveText(signed(lgaai.bet.odds));
  await expect(page.getByTestId('ex-team-pl-1')).toHaveText('-100.00');
  const runnerRow = page.getByTestId('ex-runner-bets').locator('tbody tr').first();
  await expect(runnerRow).toContainText(team);
  await expect(runnerRow).toContainText('Lgaai');
  await expect(runnerRow).toContainText(String(lgaai.bet.odds));
  await expect(runnerRow).toContainText('100.00');
  await expect(runnerRow).toContainText('open');
  expect(await serverWallet(page, player.id)).toEqual({ balance: 900, exposureBalance: 100 });
  await walletAgrees(page, player.id);
  await shot(page, 'exchange-04-book-and-bets');

  // --- A fancy YES bet on the first innings' 10-over line.
  const line = `f.${match.matchId}.1.10`;
  const yes = page.getByTestId('ex-over-market').locator(`[data-market-id="${line}"] [data-testid^="ex-yes-"]`);
  await expect(yes).toBeEnabled();
  await yes.click();
  await popup.getByLabel('Stake', { exact: true }).fill('100');
  await expect(popup.getByLabel('Bet For')).toHaveValue(/ · YES \d+$/);
  const fancy = await submit(page, '/api/cricket-market/bets');
  expect(fancy.bet).toMatchObject({ type: 'yes', stake: 100 });
  expect(fancy.exposure).toBe(200); // the Lgaai's 100 and the YES's stake
  const fancyRow = page.getByTestId('ex-fancy-bets').locator('tbody tr', { hasText: fancy.bet.label }).first();
  await expect(fancyRow).toContainText('YES');
  await expect(fancyRow).toContainText(String(fancy.bet.runs));
  await expect(fancyRow).toContainText(String(fancy.bet.odds));
  await expect(fancyRow).toContainText('100.00');
  await walletAgrees(page, player.id);
  await shot(page, 'exchange-05-fancy');

  // --- The line settles when the innings passes its over (void if the innings ends short of it): the row shows the
  // result and the wallet is the start plus what the settled bets paid, less what the open ones still hold.
  let decided = false;
  for (let i = 0; i < 30 && !decided; i += 1) {
    const m = await match.play(10);
    decided = m.fancyResults.some((r) => r.marketId === line) || m.status === 'finished';
  }
  expect(decided, `${line} decided`).toBe(true);
  await expect(fancyRow.locator('.status')).not.toHaveText('open', { timeout: 30_000 });
  type Listed = { bets: { id: number; pl: number | null; status: string; stake: number }[] };
  const listed = async (path: string) => ((await (await page.request.get(path)).json()) as Listed).bets;
  const all = [
    ...(await listed(`/api/laggai_khai_getuserbet/${player.id}`)),
    ...(await listed(`/api/cricket-market/${player.id}`)),
  ];
  const settledFancy = all.find((b) => b.id === fancy.bet.id && b.status !== 'open');
  expect(['won', 'lost', 'void']).toContain(settledFancy?.status);
  const held = all.filter((b) => b.status === 'open').length * 100;
  const paid = all.reduce((sum, b) => sum + (b.pl ?? 0), 0);
  expect(await serverWallet(page, player.id)).toEqual({ balance: 1000 - held + paid, exposureBalance: held });
  await walletAgrees(page, player.id);
  await shot(page, 'exchange-06-fancy-settled');

  // --- My Bets' Cricket tab lists both bets (the fancy one, newer, first).
  await page.goto('/history');
  const history = page.getByTestId('cricket-history-table');
  await expect(history.locator('tbody tr')).toHaveCount(2);
  await expect(history.locator('tbody tr').first()).toContainText(fancy.bet.label);
  await expect(history.locator('tbody tr').nth(1)).toContainText(team);
  await expect(history.locator('tbody tr').nth(1)).toContainText(name);
  await expect(history.locator('tbody tr').nth(1)).toHaveClass(/row-loss/); // Lgaai rows are red
  await shot(page, 'exchange-07-history');
});
