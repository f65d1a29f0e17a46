/**
 * The three round games against the real server (short rounds from global setup): a funded player logs in, bets
 * through each screen during a betting phase, waits for that round's result, and the balance on screen, the
 * server's wallet and the screen's My Bets agree. Then the Fairness screen recomputes each of those rounds in the
 * browser and finds the result the game screen showed.
 */
import type { Page } from '@playwright/test';
import {
  ROUND_WAIT,
  expect,
  fundedPlayer,
  login,
  rupees,
  serverWallet,
  shot,
  test,
  waitForBetting,
  type Player,
} from './fixtures';
import { serverInfo } from './server-info';

test.describe.configure({ mode: 'serial' });

type Game = 'titli' | 'andar_bahar' | 'color';

const DEPOSIT = 5000;
/** Titli's pictures in number order, as the screen labels them. */
const PICTURES = [
  'Butterfly',
  'Cow',
  'Football',
  'Spin',
  'Flower',
  'Diya',
  'Bucket',
  'Kite',
  'Rat',
  'Umbrella',
  'Parrot',
  'Sun',
];

let player: Player;
/** Each game's settled round and the outcome its screen showed, as the Fairness screen describes it. */
const settled: Partial<Record<Game, { roundId: number; commitment: string; outcome: string; result: string }>> = {};

test.beforeAll(async () => {
  player = await fundedPlayer(serverInfo().baseURL, DEPOSIT, { name: 'Round Player' });
});

/** What a winning rupee returns on each pick, stake included (GET /api/fair/{game}). */
async function payouts(page: Page, game: Game): Promise<Map<string, number>> {
  const res = await page.request.get(`/api/fair/${game}`);
  expect(res.ok(), await res.text()).toBeTruthy();
  const { payouts: rows } = (await res.json()) as { payouts: { pick: string | number; payout: number }[] };
  return new Map(rows.map((r) => [String(r.pick), r.payout]));
}

/**
 * Waits for round `roundId`'s result on screen and reads it in one go in the page (the table clears when the next
 * round starts). `read` runs in the page: it returns null until the screen shows that round's winner.
 */
async function resultOnScreen<T>(page: Page, roundId: number, read: (roundId: number) => T | null): Promise<T> {
  const handle = await page.waitForFunction(read, roundId, { timeout: ROUND_WAIT });
  return (await handle.jsonValue()) as T;
}

/** After the result: the server has settled (exposure 0) at `expected`, and the screen shows that balance. */
async function balancesAgree(page: Page, expected: number) {
  await expect
    .poll(() => serverWallet(page, player.id), { timeout: 15_000 })
    .toEqual({ balance: expected, exposureBalance: 0 });
  const w = await serverWallet(page, player.id);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(w.balance));
  await expect(page.getByTestId('topbar-balance')).toHaveText(rupees(w.balance));
  await expect(page.getByTestId('topbar-exposure')).toHaveText(rupees(w.exposureBalance));
}

/** The round's row in My Bets (Titli and Color: a list; its first cell reads "#12 10:30"). */
const myBetRow = (page: Page, roundId: number) =>
  page
    .getByTestId('my-bets')
    .getByTestId('my-bet')
    .filter({ has: page.locator('.rt-my-round', { hasText: new RegExp(`^#${roundId}\\s`) }) });

/** The commitment the screen shows for the round in play (the "Provably fair" link's title). */
async function commitmentOnScreen(page: Page): Promise<string> {
  const link = page.getByTestId('fair-link');
  await expect(link).toHaveAttribute('title', /^Commitment [0-9a-f]{64}$/);
  return ((await link.getAttribute('title')) ?? '').replace('Commitment ', '');
}

async function startBalance(page: Page): Promise<number> {
  const w = await serverWallet(page, player.id);
  expect(w.exposureBalance).toBe(0);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(w.balance));
  return w.balance;
}

test('Titli Par: pictures with an amount, the round’s result, balance and My Bets agree with the server', async ({
  page,
}) => {
  await login(page, player);
  const pays = await payouts(page, 'titli');
  await page.goto('/casino/fun-games');
  await expect(page.getByRole('heading', { name: 'Titli Par' })).toBeVisible();
  const start = await startBalance(page);

  // --- a bet on every picture (one of them wins, so the win path is always exercised)
  const CHIP = 20;
  const pictures = PICTURES.map((_, i) => i + 1);
  const total = CHIP * pictures.length;
  // The win toast shows for 3 s: watch for it from now on.
  const winToast = page
    .getByText(/₹[\d,.]+ back$/)
    .first()
    .textContent({ timeout: 2 * ROUND_WAIT })
    .catch((e: Error) => e.message);
  const roundId = await waitForBetting(page);
  // Only clicks while the clock runs; the checks follow (the selection stays on screen once placed).
  await page.getByTestId(`stake-${CHIP}`).click();
  for (const n of pictures) await page.getByTestId(`pick-${n}`).click();
  await expect(page.getByTestId('bet-status')).toHaveText(`Total ₹${total.toFixed(2)} on 12 pictures`);
  await page.getByTestId('place-bet').click();
  await expect(page.getByTestId('place-bet')).toHaveText('Bet Placed');
  await expect(page.getByTestId(`stake-${CHIP}`)).toHaveAttribute('aria-pressed', 'true');
  for (const n of pictures) await expect(page.getByTestId(`pick-amount-${n}`)).toHaveText(`₹${CHIP}`);
  await expect(page.getByTestId('bet-status')).toHaveText(
    `Bet placed: ₹${total.toFixed(2)} on ${PICTURES.join(', ')}. Good luck!`,
  );
  await shot(page, 'rounds-01-titli-placed');
  await expect(page.getByTestId('round-id')).toHaveText(String(roundId));
  const commitment = await commitmentOnScreen(page);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(start - total));
  await expect(myBetRow(page, roundId)).toContainText('Pending');

  // --- the result: the winning picture is highlighted and named in the banner
  const shown = await resultOnScreen(page, roundId, (rid) => {
    if (
      document.querySelector('[data-testid="round-id"]')?.textContent?.trim() !== String(rid) ||
      !document.querySelector('[data-testid="winner-banner"]')
    )
      return null;
    const tile = document.querySelector('.titli-win');
    const banner = document.querySelector('[data-testid="winner-banner"]')?.textContent ?? '';
    const id = tile?.getAttribute('data-testid') ?? '';
    return /^pick-\d+$/.test(id)
      ? { number: Number(id.slice(5)), label: tile?.querySelector('.titli-name')?.textContent ?? '', banner }
      : null;
  });
  expect(shown.label).toBe(PICTURES[shown.number - 1]);
  expect(shown.banner).toContain(`${shown.label} wins!`);
  await expect(page.getByTestId('result-history').locator(`li[title="Round ${roundId}: ${shown.label}"]`)).toHaveCount(
    1,
  );
  const payout = CHIP * pays.get(String(shown.number))!;
  // Twelve ₹20 picks, one returning 10×: ₹200 back of ₹240, a net loss, so no "You won".
  expect(await winToast).toBe(`₹${payout.toFixed(2)} back`);
  await shot(page, 'rounds-02-titli-result');

  // --- money: the server settled at start − stake + the winning line's return, and the screen says so
  await balancesAgree(page, start - total + payout);
  const row = myBetRow(page, roundId);
  await expect(row).toHaveClass(/rt-my-won/);
  await expect(row.locator('.rt-line')).toHaveCount(12);
  await expect(row.locator('.rt-my-pay')).toHaveText(`₹${payout.toFixed(2)} back`);
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'rounds-03-titli-my-bets');
  settled.titli = {
    roundId,
    commitment,
    outcome: `winning picture ${shown.number}`,
    result: `"winningImageNumber":${shown.number}`,
  };
});

test('Andar Bahar: a side and a stake in the bet slip, the deal, balance and My Bet agree with the server', async ({
  page,
}) => {
  await login(page, player);
  const pays = await payouts(page, 'andar_bahar');
  await page.goto('/casino/andar-bahar');
  await expect(page.getByRole('heading', { name: 'Andar Bahar' })).toBeVisible();
  const start = await startBalance(page);

  const SIDE = 'Bahar';
  const STAKE = 200;
  const roundId = await waitForBetting(page);
  await page.getByTestId(`pick-${SIDE}`).click();
  const slip = page.getByTestId('bet-slip');
  await expect(page.getByRole('dialog', { name: `Bet on ${SIDE}` })).toBeVisible();
  await slip.getByTestId(`stake-${STAKE}`).click();
  await expect(slip.getByTestId('stake-input')).toHaveValue(String(STAKE));
  await expect(slip.getByTestId('place-bet')).toHaveText(`Place Bet ₹${STAKE.toFixed(2)}`);
  await shot(page, 'rounds-04-andar-bahar-slip');
  await slip.getByTestId('place-bet').click();
  await expect(slip).toHaveCount(0);
  await expect(page.getByTestId('bet-status')).toHaveText(`Your bets: ${SIDE} ₹${STAKE.toFixed(2)}`);
  await expect(page.getByTestId('round-id')).toHaveText(String(roundId));
  const commitment = await commitmentOnScreen(page);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(start - STAKE));
  const row = page
    .getByTestId('my-bets')
    .getByTestId('my-bet')
    .filter({ has: page.getByRole('cell', { name: `#${roundId}`, exact: true }) });
  await expect(row).toContainText('Pending');

  // --- the deal, as the screen shows it once the matching card is down
  const shown = await resultOnScreen(page, roundId, (rid) => {
    if (
      document.querySelector('[data-testid="round-id"]')?.textContent?.trim() !== String(rid) ||
      !document.querySelector('[data-testid="winner-banner"]')
    )
      return null;
    const label = (el: Element | null) => el?.textContent?.trim() ?? '';
    const cards = (side: string) => Array.from(document.querySelectorAll(`[data-testid^="${side}-card-"]`)).map(label);
    const winner = /^(Andar|Bahar) wins!$/.exec(label(document.querySelector('[data-testid="winner-banner"]')))?.[1];
    const joker = label(document.querySelector('[data-testid="joker-card"]'));
    return winner && joker ? { winner, joker, andar: cards('andar'), bahar: cards('bahar') } : null;
  });
  // The last card dealt matches the joker's rank and sits on the winning side.
  const rank = (c: string) => c.slice(0, -1);
  const last = shown.winner === 'Andar' ? shown.andar.at(-1) : shown.bahar.at(-1);
  expect(rank(last ?? '')).toBe(rank(shown.joker));
  expect(shown.andar.length - shown.bahar.length).toBe(shown.winner === 'Andar' ? 1 : 0);
  await shot(page, 'rounds-05-andar-bahar-result');

  const won = shown.winner === SIDE;
  const payout = won ? STAKE * pays.get(SIDE)! : 0;
  await balancesAgree(page, start - STAKE + payout);
  const inr = (n: number) => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
  await expect(row.getByRole('cell').nth(1)).toContainText(SIDE);
  await expect(row.getByRole('cell').nth(2)).toHaveText(inr(STAKE));
  await expect(row.locator('.status')).toHaveText(won ? `+${inr(payout - STAKE)}` : `−${inr(STAKE)}`);
  await expect(row.locator('.status')).toHaveClass(won ? /status-approved/ : /status-rejected/);
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'rounds-06-andar-bahar-my-bet');
  settled.andar_bahar = {
    roundId,
    commitment,
    outcome: `joker ${shown.joker} · Andar ${shown.andar.join(' ')} · Bahar ${shown.bahar.join(' ') || '—'} · ${shown.winner} wins`,
    result: `"winner":"${shown.winner}"`,
  };
});

test('Color Prediction: a colour and a stake, the drawn colour, balance and My Bets agree with the server', async ({
  page,
}) => {
  await login(page, player);
  const pays = await payouts(page, 'color');
  await page.goto('/casino/color-prediction');
  await expect(page.getByRole('heading', { name: 'Color Prediction' })).toBeVisible();
  const start = await startBalance(page);

  const COLOUR = 'green';
  const STAKE = 50;
  const roundId = await waitForBetting(page);
  await page.getByTestId(`pick-${COLOUR}`).click();
  await page.getByTestId(`stake-${STAKE}`).click();
  await expect(page.getByTestId(`pick-${COLOUR}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('bet-status')).toHaveText(
    `₹${STAKE} on Green returns ₹${(STAKE * pays.get(COLOUR)!).toFixed(2)}`,
  );
  await page.getByTestId('place-bet').click();
  await expect(page.getByTestId('my-round-bets')).toHaveText(`Your bets: Green ₹${STAKE.toFixed(2)}`);
  await shot(page, 'rounds-07-color-placed');
  await expect(page.getByTestId('round-id')).toHaveText(String(roundId));
  const commitment = await commitmentOnScreen(page);
  await expect(page.getByTestId('header-balance')).toHaveText(rupees(start - STAKE));
  await expect(myBetRow(page, roundId)).toContainText('Pending');

  const shown = await resultOnScreen(page, roundId, (rid) => {
    if (
      document.querySelector('[data-testid="round-id"]')?.textContent?.trim() !== String(rid) ||
      !document.querySelector('[data-testid="winner-banner"]')
    )
      return null;
    const m = /(Red|Green|Blue) wins!/.exec(document.querySelector('[data-testid="winner-banner"]')?.textContent ?? '');
    return m ? { colour: m[1]!.toLowerCase() } : null;
  });
  await expect(page.getByTestId('result-history').locator(`li[title^="Round ${roundId}: "]`)).toHaveAttribute(
    'title',
    `Round ${roundId}: ${shown.colour.charAt(0).toUpperCase()}${shown.colour.slice(1)}`,
  );
  await shot(page, 'rounds-08-color-result');

  const won = shown.colour === COLOUR;
  const payout = won ? STAKE * pays.get(COLOUR)! : 0;
  await balancesAgree(page, start - STAKE + payout);
  const row = myBetRow(page, roundId);
  await expect(row).toHaveClass(won ? /rt-my-won/ : /rt-my-lost/);
  await expect(row.locator('.rt-line')).toHaveText(`Green ₹${STAKE.toFixed(2)}`);
  await expect(row.locator('.rt-my-pay')).toHaveText(won ? `₹${payout.toFixed(2)} back` : `−₹${STAKE.toFixed(2)}`);
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'rounds-09-color-my-bets');
  settled.color = { roundId, commitment, outcome: `colour ${shown.colour}`, result: `"colour":"${shown.colour}"` };
});

test('Fairness: each settled round recomputes in the browser to the result its game screen showed', async ({
  page,
}) => {
  await login(page, player);
  const games: Game[] = ['titli', 'andar_bahar', 'color'];
  for (const game of games) {
    const round = settled[game];
    expect(round, `${game} settled a round earlier in this file`).toBeTruthy();
    if (game === 'color') {
      // Through the form: pick the game, type the round, Verify.
      await page.goto('/fairness');
      await page.getByTestId('fair-game').selectOption(game);
      await page.getByTestId('fair-round-input').fill(String(round!.roundId));
      await page.getByTestId('fair-verify').click();
      await expect(page).toHaveURL(new RegExp(`/fairness\\?game=${game}&round=${round!.roundId}$`));
    } else {
      await page.goto(`/fairness?game=${game}&round=${round!.roundId}`);
    }
    const verdict = page.getByTestId('fair-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'verified');
    await expect(verdict).toHaveText('✔ Verified');
    await expect(page.getByTestId('fair-round')).toHaveText(String(round!.roundId));
    // The commitment the game screen showed while the bet was taken, and the seed revealed for it.
    await expect(page.getByTestId('fair-commitment')).toHaveText(round!.commitment);
    await expect(page.getByTestId('fair-server-seed')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(page.getByTestId('fair-result')).toContainText(round!.result);
    await expect(page.getByTestId('fair-computed')).toHaveText(round!.outcome);
    await expect(page.getByTestId('fair-steps').locator('.fair-bad')).toHaveCount(0);
    await shot(page, `rounds-10-fairness-${game}`);
  }
});

test('My Bets: each round game’s settled ticket is on the Round games tab, with its result', async ({ page }) => {
  await login(page, player);
  const games: Game[] = ['titli', 'andar_bahar', 'color'];
  for (const game of games) {
    const round = settled[game];
    expect(round, `${game} settled a round earlier in this file`).toBeTruthy();
    await page.goto(`/history?tab=rounds&game=${game}`);
    const row = page
      .getByTestId('round-bet-row')
      .filter({ has: page.getByRole('cell', { name: `#${round!.roundId}`, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row).toHaveClass(/row-(win|loss)/);
    await expect(row.locator('.status')).toHaveText(/^(Won|Lost)$/);
    await shot(page, `rounds-11-my-bets-${game}`);
  }
});
