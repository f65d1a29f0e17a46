import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';
import { fileURLToPath } from 'node:url';
import boundaries from './eslint/boundaries.js';

/**
 * What a feature lets other features import besides its index.ts, wire.ts and api/ (eslint/boundaries.js): a module,
 * or a folder ending in `/`. Each entry says who needs it and why; anything else inside a feature is its own.
 */
const EXPOSES = {
  // The round games (Titli, Andar Bahar, Color…) are built on the shared round table: its screen parts, its hook
  // (joining the table), the pure state and the client-side bet checks.
  'round-table': ['components/', 'hooks/use-round-table', 'state', 'totals', 'money'],
  // The exchange board and Aar Par Parchi show sports' pieces: a market's status badge, rates and
  // dates, the live list (its feed and hook), the live score frame, the ball-by-ball dialog, a match's live score.
  sports: [
    'components/StatusBadge',
    'components/BallByBall',
    'components/ScoreFrame',
    'format',
    'feed',
    'live-state',
    'hooks/use-live-score',
    'hooks/use-live-matches',
  ],
  // The live match page embeds the board; My Bets' Cricket tab shows exchange bets as the board does (status, dates,
  // kinds, the board's CSS).
  exchange: ['components/ExchangeBoard', 'components/BetStatus', 'format', 'slip', 'exchange.css'],
  // My Bets' table, which Aar Par Parchi's plays use too; and its plays' list, which My Bets shows as a tab.
  history: ['components/HistoryTable'],
  parchi: ['components/MyPlays'],
  // My Bets writes each game's bets in the game's own words and pictures: Titli Par's pictures, Color Prediction's
  // colours, Andar Bahar's cards, a Mines multiplier, a Matka bid type.
  titli: ['pictures'],
  color: ['colours'],
  'andar-bahar': ['cards'],
  mines: ['payout'],
  matka: ['bid-types'],
  // A visitor sent to /login from a public game screen comes back to it.
  auth: ['return-to'],
  // The brand name and mark the login card shows.
  shell: ['brand'],
  // Play mode's pieces: the "no cash value" label (the shells, the login card) and the daily top-up (the header).
  'play-points': ['components/NoCashValue', 'components/DailyTopUp'],
};

export default tseslint.config(
  { ignores: ['dist', 'test-results', 'playwright-report', 'node_modules'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    // No text a player reads is written in a component: it is a key in src/locales/{en,hi}/*.json.
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['placeholder', 'title', 'alt', 'aria-label', 'label'] },
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s₹×·—–→←↑↓✓✕✗…]+'] },
        },
      ],
    },
  },
  {
    // Layers and features import each other only as ARCHITECTURE.md ("The web client") says; see eslint/boundaries.js.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: {
      'boundaries/imports': ['error', { src: fileURLToPath(new URL('./src', import.meta.url)), exposes: EXPOSES }],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['scripts/**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
