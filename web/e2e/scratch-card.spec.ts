/**
 * Titli Par's scratch card against the real server at 390×844 (short rounds from global setup: a result stays on
 * screen about 2 s before the next round starts). A player opens Titli, waits for a round's revealed result under
 * the card, scratches it open with the mouse in several strokes (never touching the Reveal button), and finds the
 * picture the server decided for that round (GET /api/fair/titli/{round}).
 */
import type { Page } from '@playwright/test';
import { ROUND_WAIT, expect, fundedPlayer, login, shot, test, type Player } from './fixtures';
import { serverInfo } from './server-info';

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
/** The result shows for about 2 s: a round that ends mid-scratch (a busy machine) is tried again with the next one. */
const ATTEMPTS = 8;
/** The strokes' heights across the card (fractions of its height), left to right. */
const ROWS = [0.2, 0.5, 0.8, 0.35, 0.65, 0.1, 0.9];
/** The app's brush radius (px): strokes keep this far from the Reveal button. */
const BRUSH = 15;

interface Opened {
  roundId: number;
  /** The round the status bar showed when the card opened. */
  roundOnScreen: string;
  picture: number;
  banner: string;
  winTile: string;
  pointerEvents: string;
  touchAction: string;
}

let player: Player;

test.beforeAll(async () => {
  player = await fundedPlayer(serverInfo().baseURL, 100, { name: 'Scratch Player' });
});

/** Reads the open card of `roundId` in one go in the page (the next round takes it away). */
function readOpened(page: Page, roundId: string): Promise<Opened | null> {
  return page.evaluate((rid) => {
    const card = document.querySelector(`[data-testid="scratch-card"][data-round="${rid}"]`);
    if (card?.getAttribute('data-state') !== 'open') return null;
    const banner = card.querySelector('[data-testid="winner-banner"]');
    const canvas = card.querySelector('[data-testid="scratch-canvas"]');
    if (!banner || !canvas) return null;
    const style = getComputedStyle(canvas);
    return {
      roundId: Number(rid),
      roundOnScreen: document.querySelector('[data-testid="round-id"]')?.textContent?.trim() ?? '',
      picture: Number(banner.getAttribute('data-picture')),
      banner: banner.textContent ?? '',
      winTile: document.querySelector('.titli-win')?.getAttribute('data-testid') ?? '',
      pointerEvents: style.pointerEvents,
      touchAction: style.touchAction,
    };
  }, roundId);
}

/** The state of `roundId`'s card, or 'gone' once the next round took it away. */
function cardState(page: Page, roundId: string): Promise<string> {
  return page.evaluate(
    (rid) =>
      document.querySelector(`[data-testid="scratch-card"][data-round="${rid}"]`)?.getAttribute('data-state') ?? 'gone',
    roundId,
  );
}

/**
 * Waits for the next covered card and scratches it with the mouse, stroke after stroke, until it opens. Null when
 * the round ended first.
 */
async function scratchNextResult(page: Page): Promise<Opened | null> {
  const covered = page.locator('[data-testid="scratch-card"][data-state="covered"]');
  await covered.waitFor({ state: 'visible', timeout: ROUND_WAIT });
  const roundId = await covered.getAttribute('data-round', { timeout: 1_000 }).catch(() => null);
  if (!roundId) return null;
  const card = page.locator(`[data-testid="scratch-card"][data-round="${roundId}"]`);
  // Mouse coordinates are the viewport's: the card must be in view (at 390×844 it is, near the top).
  await card.scrollIntoViewIfNeeded({ timeout: 1_000 }).catch(() => undefined);
  const box = await card
    .getByTestId('scratch-canvas')
    .boundingBox({ timeout: 1_000 })
    .catch(() => null);
  const button = await card
    .getByTestId('scratch-reveal')
    .boundingBox({ timeout: 1_000 })
    .catch(() => null);
  if (!box || !button) return null;
  expect(box.y >= 0 && box.y + box.height <= 844, 'the card is in the 390×844 viewport').toBe(true);

  const left = box.x + box.width * 0.03;
  const right = box.x + box.width * 0.97;
  for (const row of ROWS) {
    const y = box.y + box.height * row;
    // A stroke level with the Reveal button stops short of it: only scratching may open the card.
    const nearButton = y >= button.y - BRUSH - 2 && y <= button.y + button.height + BRUSH + 2;
    const end = nearButton ? Math.min(right, button.x - BRUSH - 4) : right;
    await page.mouse.move(left, y);
    await page.mouse.down();
    // The card draws a line between the pointer's positions: a few steps a stroke scratch it all, and each step is a
    // round trip to the browser the 2 s window cannot spare on a busy machine.
    await page.mouse.move(end, y, { steps: 4 });
    await page.mouse.up();
    const state = await cardState(page, roundId);
    if (state === 'gone') return null;
    if (state === 'open') return readOpened(page, roundId);
  }
  return null;
}

test('Titli Par: the revealed result comes under a scratch card; scratching opens it on the round’s picture', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, player);
  await page.goto('/casino/fun-games');
  await expect(page.getByRole('heading', { name: 'Titli Par' })).toBeVisible();

  let opened: Opened | null = null;
  for (let attempt = 0; attempt < ATTEMPTS && !opened; attempt++) opened = await scratchNextResult(page);
  expect(opened, `a result scratched open within ${ATTEMPTS} rounds`).toBeTruthy();
  const { roundId, roundOnScreen, picture, banner, winTile, pointerEvents, touchAction } = opened!;
  await shot(page, 'scratch-01-titli-open');

  // The card is the round on screen, its cover no longer takes the pointer, and it scratches by touch too.
  expect(roundOnScreen).toBe(String(roundId));
  expect(pointerEvents).toBe('none');
  expect(touchAction).toBe('none');

  // The picture under the card is the round's result: the one highlighted on the grid, and the server's.
  expect(picture).toBeGreaterThanOrEqual(1);
  expect(picture).toBeLessThanOrEqual(12);
  expect(banner).toContain(`${PICTURES[picture - 1]} wins!`);
  expect(winTile).toBe(`pick-${picture}`);
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/fair/titli/${roundId}`);
        if (!res.ok()) return null;
        const body = (await res.json()) as { result: { winningImageNumber: number } | null };
        return body.result?.winningImageNumber ?? null;
      },
      { timeout: 15_000 },
    )
    .toBe(picture);

  // The next round starts from a new card (or none until its result): the open card does not stay on screen.
  await expect(page.locator(`[data-testid="scratch-card"][data-round="${roundId}"]`)).toHaveCount(0, {
    timeout: ROUND_WAIT,
  });
});
