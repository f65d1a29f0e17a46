/**
 * The operators' Feed markets screen against the real server, at 390×844: the list and the mapping form. The shared
 * server has no exchange stream, so a mapping is answered plainly that none is configured; a server of this spec's
 * own, pointed at a replay stream (`stream-replay.ts`), maps a market that the list then shows imaged and OPEN.
 */
import type { Page } from '@playwright/test';
import { expect, operatorLogin, shot, test, type Operator } from './fixtures';
import { startServer, type RunningServer } from './server';
import { serverInfo } from './server-info';
import { startStreamReplay, type StreamReplay } from './stream-replay';

const PHONE = { width: 390, height: 844 };
/** The feed's market and its runners (selection id, name, the replay's back price). */
const MARKET = '1.555';
const RUNNERS: [number, string, number][] = [
  [47972, 'Arsenal', 2.1],
  [48224, 'Chelsea', 3.6],
  [58805, 'The Draw', 3.4],
];

/** Logs in at phone size and opens the screen from the console's navigation. */
async function openScreen(page: Page, info: Operator) {
  await page.setViewportSize(PHONE);
  await operatorLogin(page, info);
  await page.getByRole('link', { name: 'Feed markets' }).click();
  await expect(page).toHaveURL(/\/admin\/feed-markets$/);
  await expect(page.getByRole('heading', { name: 'Feed markets', level: 1 })).toBeVisible();
}

/** Fills the form with `MARKET` (football, three runners) and sends it; the form comes back. */
async function mapMarket(page: Page) {
  const form = page.getByRole('form', { name: 'Map a feed market' });
  await expect(form).toBeVisible();
  await form.getByLabel('Feed market id').fill(MARKET);
  await form.getByLabel('Sport').selectOption({ label: 'Football' });
  await form.getByLabel('Match name').fill('Arsenal v Chelsea');
  await form.getByLabel('Competition (optional)').fill('Premier League');
  await form.getByLabel('Starts (IST)').fill('2030-03-01T19:30');
  await form.getByLabel('Team 1').fill('Arsenal');
  await form.getByLabel('Team 2').fill('Chelsea');
  await form.getByLabel('A third runner: the draw').check();
  for (const [i, [id, name]] of RUNNERS.entries()) {
    await form.getByLabel(`Runner ${i + 1} feed selection id`).fill(String(id));
    await form.getByLabel(`Runner ${i + 1} name`).fill(name);
  }
  await form.getByRole('button', { name: 'Map the feed market' }).click();
  return form;
}

test('with no exchange stream configured, mapping a feed market says so plainly', async ({ page }) => {
  await openScreen(page, serverInfo());
  await expect(page.getByTestId('feed-markets')).toContainText('No feed market is mapped yet.');
  const form = await mapMarket(page);
  await expect(form.getByRole('alert')).toHaveText(
    "No exchange stream is configured on this server: feed markets cannot be mapped. Set CASINO_STREAM_ADDR (the stream's host:port) and restart the server.",
  );
  await expect(form.getByTestId('feed-mapped')).toHaveCount(0);
  await expect(page.getByTestId('feed-markets')).toContainText('No feed market is mapped yet.');
  await form.getByRole('alert').scrollIntoViewIfNeeded();
  await shot(page, 'admin-feed-markets-no-stream-390');
});

/** This spec's server, with its stream: a replay the server connects to once a market is mapped. */
const streamed = test.extend<object, { stream: { server: RunningServer; replay: StreamReplay } }>({
  stream: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const replay = await startStreamReplay({ [MARKET]: Object.fromEntries(RUNNERS.map(([id, , p]) => [id, p])) });
      try {
        const server = await startServer({
          env: { CASINO_STREAM_ADDR: replay.addr },
          logName: 'server-feed-markets.log',
        });
        try {
          await use({ server, replay });
        } finally {
          await server.stop();
        }
      } finally {
        await replay.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ stream }, use) => use(stream.server.info.baseURL),
});

streamed.describe('with a stream', () => {
  // The worker goes on with the other specs: no need to keep this server running for them.
  streamed.afterAll(async ({ stream }) => {
    await stream.server.stop();
    await stream.replay.stop();
  });

  streamed('the market mapped is listed imaged and OPEN', async ({ page, stream }) => {
    await openScreen(page, stream.server.info);
    const form = await mapMarket(page);
    await expect(form.getByTestId('feed-mapped')).toHaveText(
      new RegExp(`^${MARKET.replace('.', '\\.')} is mapped to match #\\d+\\. Open the match$`),
    );
    const matchId = (await form.getByTestId('feed-mapped').textContent())?.match(/#(\d+)/)?.[1];
    const row = page.getByTestId(`feed-market-${MARKET}`);
    await expect(row.getByRole('link', { name: `#${matchId}` })).toHaveAttribute('href', `/match/${matchId}`);
    // The server subscribes to the market, the replay images it, and the list (every 3 s) says so.
    await expect(page.getByTestId(`feed-health-${MARKET}`)).toHaveText('Open', { timeout: 30_000 });
    expect(stream.replay.subscribed).toContain(MARKET);
    const cell = (label: string) => row.locator(`td[data-label="${label}"]`);
    await expect(cell('Stream')).toHaveText('Live');
    await expect(cell('Imaged')).toHaveText('yes');
    await expect(cell('Feed status')).toHaveText('OPEN');
    await expect(cell('Followed')).toHaveText('yes');
    await expect(cell('Match')).toContainText('Arsenal v Chelsea · Premier League');
    await expect(cell('Runners (feed id)')).toHaveText('Arsenal 47972Chelsea 48224The Draw 58805');
    await expect(page.getByTestId(`feed-heard-${MARKET}`)).toHaveText(/ s ago$/);
    await expect(page.getByTestId('feed-unpriced')).toHaveCount(0);
    await row.scrollIntoViewIfNeeded();
    await shot(page, 'admin-feed-markets-streamed-390');
  });
});
