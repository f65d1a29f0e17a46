/**
 * Betting from a football match page against the real server at 390×844 (issue 37): a funded player opens a
 * simulated football match in play, taps the home side's best back price — the slip shows that price and the
 * market's terms as the server's detail gives them — stakes ₹100 and submits; then lays the draw. A simulated
 * match's prices move every step, so a `price_changed` (or `market_suspended`) refusal is answered the way a player
 * would: Submit again at the price the slip now shows (it follows the feed). After each bet the green overlay, each
 * runner's P/L as the server's book has it, and the header's balance and exposure as the server's wallet has them.
 * The player is funded past any lay's liability (a ₹100 lay risks at most ₹100 × (1000 − 1), the ladder's top), so
 * where the simulated match happens to be never decides whether the wallet can take the bet.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, fundedPlayer, login, overlaySeen, rupees, shot, test, testMatch, walletAgrees } from './fixtures';
import { serverInfo } from './server-info';

const FOOTBALL = 1;
/** Refusals that say "look again": the slip's price has moved on, Submit once more. */
const RETRY = ['price_changed', 'market_suspended'];
/** ₹100 back + a ₹100 lay at the ladder's top price (1000) risk at most ₹100,000 together. */
const FUNDS = 200_000;

interface Detail {
  event: { id: number; status: string };
  match: { marketId: string; status: string; minStake: number; maxStake: number; betDelay: number };
  score: { overs: string };
}
interface Book {
  markets: { marketId: string; exposure: number; runners: { name: string; pl: number }[] }[];
}

/** The football match in play with the most minutes left (a match is 90 steps), so it outlasts the spec. */
async function footballInPlay(request: APIRequestContext): Promise<Detail> {
  const base = serverInfo().baseURL;
  let best: Detail | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await request.get(`${base}/api/matches/${FOOTBALL}`)).json()) as {
          data: { id: number }[];
        };
        const details = await Promise.all(
          list.data.map(async (m) => (await (await request.get(`${base}/api/match/${m.id}`)).json()) as Detail),
        );
        const minute = (d: Detail) => Number.parseInt(d.score.overs, 10) || 0;
        best = details
          .filter((d) => d.event.status === 'in_play' && d.match.status === 'OPEN' && minute(d) < 60)
          .sort((a, b) => minute(a) - minute(b))[0];
        return best !== undefined;
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(true);
  return best as Detail;
}

/** Submits the open slip until the server takes the bet, retrying a moved price a few times. */
async function place(page: Page): Promise<{ balance: number; exposure: number }> {
  const slip = page.getByTestId('bet-popup');
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const submit = slip.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeEnabled();
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/laggai_khai_bets',
    );
    const placed = overlaySeen(page, 'sp-overlay-success', 'Bet placed successfully.');
    const refused = overlaySeen(page, 'sp-overlay-error');
    // Only one of them comes: the other's time-out is not a failure.
    placed.catch(() => {});
    refused.catch(() => {});
    await submit.click();
    const res = await answer;
    const body = (await res.json()) as { error?: string; balance: number; exposure: number };
    if (res.status() === 201) {
      await placed;
      await expect(slip).toBeHidden();
      return body;
    }
    expect(RETRY, JSON.stringify(body)).toContain(body.error);
    await refused;
    await page.waitForTimeout(300);
  }
  throw new Error('the price kept moving: no bet taken in 8 tries');
}

/** Each runner's P/L on screen equals the server's book for the Match Odds market. */
async function positionsAgree(page: Page, match: number, marketId: string): Promise<Book['markets'][number]> {
  const res = await page.request.get(`/api/exchange/book/${match}`);
  expect(res.ok(), await res.text()).toBeTruthy();
  const market = ((await res.json()) as Book).markets.find((m) => m.marketId === marketId);
  expect(market, 'the server holds a Match Odds position').toBeDefined();
  const signed = (n: number) => `${n >= 0 ? '+' : '-'}${rupees(Math.abs(n)).slice(1)}`;
  for (const [i, r] of market!.runners.entries()) {
    await expect(page.getByTestId(`runner-${i}-pl`)).toHaveText(signed(r.pl));
  }
  return market!;
}

test('a football match page: a back and a lay from the Match Odds, with positions and wallet as the server has them', async ({
  page,
}) => {
  const player = await fundedPlayer(serverInfo().baseURL, FUNDS, { name: 'Match Bettor' });
  await login(page, player);
  const d = await footballInPlay(page.request);
  const { id } = d.event;
  await page.goto(`/match/${id}`);
  const odds = page.getByTestId('match-odds');
  await expect(odds).toBeVisible();
  await expect(odds.getByTestId('market-status')).toHaveText('OPEN');
  await expect(page.getByTestId('runner-0-pl')).toHaveCount(0);

  // --- Back the home side at its best price.
  const back = page.getByTestId('runner-0-back');
  const shownPrice = (await back.locator('.sp-price').textContent())?.trim();
  await back.click();
  const slip = page.getByTestId('bet-popup');
  await expect(slip).toBeVisible();
  await expect(slip.getByLabel('Bet For')).toHaveValue(/ · Back$/);
  // The slip opens at the price tapped (unless the feed moved it in between).
  const opened = await slip.getByLabel('Rate/Odds').inputValue();
  expect(opened).toMatch(/^\d+\.\d{2}$/);
  if (opened !== shownPrice) console.log(`price moved between tap and slip: ${shownPrice} → ${opened}`);
  const terms = `Min: ${d.match.minStake} Max: ${d.match.maxStake}`;
  await expect(slip.getByTestId('bet-terms')).toContainText(terms);
  if (d.match.betDelay > 0) await expect(slip.getByTestId('bet-delay')).toHaveText(`Bet delay: ${d.match.betDelay}s`);
  await slip.getByLabel('Stake', { exact: true }).fill('100');
  await shot(page, 'match-bet-01-slip');
  const first = await place(page);
  expect(first.exposure).toBe(100); // a ₹100 back risks its stake
  const afterBack = await positionsAgree(page, id, d.match.marketId);
  expect(afterBack.exposure).toBe(100);
  expect(await walletAgrees(page, player.id)).toEqual({ balance: FUNDS - 100, exposureBalance: 100 });
  await shot(page, 'match-bet-02-backed');

  // --- Lay the draw (runner 1) at its best price.
  await page.getByTestId('runner-1-lay').click();
  await expect(slip.getByLabel('Bet For')).toHaveValue(/ · Lay$/);
  await slip.getByLabel('Stake', { exact: true }).fill('100');
  const second = await place(page);
  const afterLay = await positionsAgree(page, id, d.match.marketId);
  expect(second.exposure).toBe(afterLay.exposure);
  const w = await walletAgrees(page, player.id);
  expect(w).toEqual({ balance: second.balance, exposureBalance: second.exposure });
  expect(w.balance + w.exposureBalance).toBe(FUNDS); // nothing settled yet: held money is the only move
  await shot(page, 'match-bet-03-laid');
});

test('a cricket match page: a back and a lay from the Match Odds on a match that holds still, positions and wallet as the server has them', async ({
  page,
}) => {
  const player = await fundedPlayer(serverInfo().baseURL, FUNDS, { name: 'Cricket Page Bettor' });
  // A test match is in play and moves only when played: its prices hold while the player bets. (Started before the
  // player logs in: the operator's login shares the page's cookies.)
  const match = await testMatch(page.request, 53);
  await login(page, player);
  await page.goto(`/match/${match.matchId}`);
  const odds = page.getByTestId('match-odds');
  await expect(odds.getByTestId('market-status')).toHaveText('OPEN');
  const detail = (await (await page.request.get(`/api/match/${match.matchId}`)).json()) as Detail;

  await page.getByTestId('runner-0-back').click();
  const slip = page.getByTestId('bet-popup');
  await expect(slip.getByLabel('Bet For')).toHaveValue(/ · Back$/);
  await slip.getByLabel('Stake', { exact: true }).fill('100');
  const first = await place(page);
  expect(first.exposure).toBe(100);
  await positionsAgree(page, match.matchId, detail.match.marketId);
  expect(await walletAgrees(page, player.id)).toEqual({ balance: FUNDS - 100, exposureBalance: 100 });

  await page.getByTestId('runner-1-lay').click();
  await expect(slip.getByLabel('Bet For')).toHaveValue(/ · Lay$/);
  await slip.getByLabel('Stake', { exact: true }).fill('100');
  const second = await place(page);
  const after = await positionsAgree(page, match.matchId, detail.match.marketId);
  expect(second.exposure).toBe(after.exposure);
  expect(await walletAgrees(page, player.id)).toEqual({ balance: second.balance, exposureBalance: second.exposure });
  await shot(page, 'match-bet-04-cricket');
});
