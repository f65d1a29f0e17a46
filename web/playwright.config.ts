import { defineConfig } from '@playwright/test';

// The specs that change what every player shares (Aviator's and Mines' settings and suspension, the UPI details, the
// news) run one after another in a worker of their own; the rest, each with players of its own, run beside them.
const SHARED_SETTINGS = /(admin-console|mines|player-journey|upi-deposit)\.spec\.ts$/;
// A spec with a server of its own (feed-markets, play-mode: CASINO_MONEY_MODE=play) shares no settings: a player's.
// A spec that must act within a result's 2 s on screen runs last, alone, so that no other browser slows it (its
// dependencies run first: `--no-deps` to run it by itself).
const ALONE = /scratch-card\.spec\.ts$/;

// Never downloads browsers: runs Debian's Chromium against a real game server started in global setup.
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  globalSetup: './e2e/global-setup.ts',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  projects: [
    { name: 'shared-settings', testMatch: SHARED_SETTINGS, workers: 1 },
    { name: 'players', testIgnore: [SHARED_SETTINGS, ALONE] },
    { name: 'alone', testMatch: ALONE, dependencies: ['shared-settings', 'players'] },
  ],
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: false,
    hasTouch: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
