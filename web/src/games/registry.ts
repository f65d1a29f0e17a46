/**
 * Every game the web client offers, declared once. The router makes each game's routes from here, and the lobby's
 * tiles, the casino hub's tabs and cards, the sidebar, the Fairness screen and the operators' console list the games
 * from here, so a new game is its feature folder (screen, wire) and one entry below. A game the server has and this
 * record lacks (`GameKey` follows the server's names, from the API document) does not compile.
 *
 * Each surface a game appears on has its own block with the game's place there (`order`); a game without the block
 * is not on that surface. Pages are lazy (`import()`): the registry holds no feature code, so any feature can read it
 * without an import cycle, and each page stays its own chunk (eslint/boundaries.js keeps it that way).
 */
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Schema } from '@/lib/api-types';

/** The round games, as the server names them (`/api/fair/{game}`, `{game}:join`, `/api/games/{game}/bets`). */
export type RoundGameKey = Schema<'RoundGameName'>;
/** Every game, as the server names it (the console's `GET /api/admin/games`, ledger kinds `{key}_bet`), and Parchi. */
export type GameKey = Schema<'GameEntryJson'>['game'] | 'parchi';

/** What a game's screen gets from the shell around it: the signed-in player's id; `null` is a visitor (public screens). */
export interface GamePageProps {
  userId: string | null;
}
export type GamePage = LazyExoticComponent<ComponentType<GamePageProps>>;

export interface GameRoute {
  /** A react-router path (`/casino/play/:gameName/:bidStatus`). */
  readonly path: string;
  readonly page: GamePage;
}

/** How the Fairness screen checks a game: a round game's round (`?game=&round=`), a Mines game (`?game=mines&gameId=`), a Matka draw (`?game=matka&market=&draw=`). */
export type FairnessCheck = 'round' | 'mines' | 'matka';
type FairnessCheckOf<K extends GameKey> = K extends RoundGameKey ? 'round' : K extends 'mines' | 'matka' ? K : never;

type KeysOf<T> = T extends unknown ? keyof T : never;
/** A round game's payout settings (`payout`, `andarPayout`, …): each is a × field of its console form. */
export type RoundPayoutField = Exclude<KeysOf<Schema<'RoundGameSettingsJson'>>, 'timings' | 'limits'>;

/** Which settings form the console shows (`PUT /api/admin/games/{game}/settings`): a round game's takes its payouts. */
export type AdminSettings<K extends GameKey = GameKey> = K extends RoundGameKey
  ? { readonly settings: 'round'; readonly payouts: readonly RoundPayoutField[] }
  : K extends 'aviator' | 'mines' | 'matka'
    ? { readonly settings: K }
    : never;

export type AdminDef<K extends GameKey = GameKey> = AdminSettings<K> & {
  /** Whether it plays in rounds (the console shows the round in play, or only the phase). */
  readonly rounds: boolean;
  /** Whether an operator can suspend and resume it. */
  readonly suspend: boolean;
};

export interface GameDef<K extends GameKey = GameKey> {
  readonly key: K;
  /** Its name, never translated: the Fairness form's choice and its "Play …" link. */
  readonly name: string;
  /** The name on the lobby tile and in the sidebar, where the spec names it otherwise ("Tittli Patta"). */
  readonly tileName?: string;
  /** Its screen: where the tile, the sidebar, the hub and the Fairness screen link to. */
  readonly path: string;
  /** The shell its routes live in: `app` (signed in, else /login) or `public` (a visitor too). */
  readonly shell: 'app' | 'public';
  /** Every route it has, its main screen (`path`) among them. */
  readonly routes: readonly GameRoute[];
  /** The tile's and the hub card's art (the app ships no artwork): gradient stops and a glyph. */
  readonly art: { readonly colors: readonly [string, string]; readonly glyph: string };
  /** The lobby tile (home and the casino hub): test id `tile-{id}`. */
  readonly tile?: { readonly id: string; readonly order: number };
  /** The sidebar's Casino section. */
  readonly sidebar?: { readonly order: number };
  /** The casino hub: a tab (`casino:tabs.{key}`) and an info card (`casino:info.{key}`), each with its place. */
  readonly hub?: { readonly key: string; readonly tab: number; readonly card: number };
  /** The Fairness screen: how it checks the game, and its place in the form's list. */
  readonly fairness?: [FairnessCheckOf<K>] extends [never]
    ? never
    : { readonly check: FairnessCheckOf<K>; readonly order: number };
  /** The operators' console (`/admin/games`). */
  readonly admin?: [AdminSettings<K>] extends [never] ? never : AdminDef<K>;
}

/** A lazy page, from the module `load` brings and the component `pick` takes from it. */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType<GamePageProps>): GamePage {
  return lazy(() => load().then((m) => ({ default: pick(m) })));
}

const DEFS: { readonly [K in GameKey]: GameDef<K> } = {
  aviator: {
    key: 'aviator',
    name: 'Aviator',
    path: '/casino/aviator',
    shell: 'app',
    routes: [
      {
        path: '/casino/aviator',
        page: page(
          () => import('@/features/aviator/components/AviatorPage'),
          (m) => m.AviatorPage,
        ),
      },
    ],
    art: { colors: ['#e0112b', '#ff7a18'], glyph: '✈' },
    tile: { id: 'aviator', order: 2 },
    sidebar: { order: 1 },
    hub: { key: 'aviator', tab: 1, card: 1 },
    admin: { settings: 'aviator', rounds: true, suspend: true },
  },
  titli: {
    key: 'titli',
    name: 'Titli Par',
    tileName: 'Tittli Patta',
    path: '/casino/fun-games',
    shell: 'app',
    routes: [
      {
        path: '/casino/fun-games',
        page: page(
          () => import('@/features/titli/components/TitliPage'),
          (m) => m.TitliPage,
        ),
      },
    ],
    art: { colors: ['#7b2ff7', '#f107a3'], glyph: '❀' },
    tile: { id: 'titli', order: 1 },
    sidebar: { order: 2 },
    hub: { key: 'titliPar', tab: 2, card: 3 },
    fairness: { check: 'round', order: 1 },
    admin: { settings: 'round', payouts: ['payout'], rounds: true, suspend: true },
  },
  andar_bahar: {
    key: 'andar_bahar',
    name: 'Andar Bahar',
    path: '/casino/andar-bahar',
    shell: 'app',
    routes: [
      {
        path: '/casino/andar-bahar',
        page: page(
          () => import('@/features/andar-bahar/components/AndarBaharPage'),
          (m) => m.AndarBaharPage,
        ),
      },
    ],
    art: { colors: ['#0f5132', '#2ea36b'], glyph: '♥' },
    tile: { id: 'andar-bahar', order: 3 },
    sidebar: { order: 3 },
    hub: { key: 'andarBahar', tab: 3, card: 4 },
    fairness: { check: 'round', order: 2 },
    admin: { settings: 'round', payouts: ['andarPayout', 'baharPayout'], rounds: true, suspend: true },
  },
  color: {
    key: 'color',
    name: 'Color Prediction',
    path: '/casino/color-prediction',
    shell: 'app',
    routes: [
      {
        path: '/casino/color-prediction',
        page: page(
          () => import('@/features/color/components/ColorPage'),
          (m) => m.ColorPage,
        ),
      },
    ],
    art: { colors: ['#11998e', '#38ef7d'], glyph: '◉' },
    tile: { id: 'color', order: 4 },
    sidebar: { order: 4 },
    hub: { key: 'colorPrediction', tab: 5, card: 5 },
    fairness: { check: 'round', order: 3 },
    admin: { settings: 'round', payouts: ['payout'], rounds: true, suspend: true },
  },
  mines: {
    key: 'mines',
    name: 'Mines',
    path: '/casino/mines',
    shell: 'app',
    routes: [
      {
        path: '/casino/mines',
        page: page(
          () => import('@/features/mines/components/MinesPage'),
          (m) => m.MinesPage,
        ),
      },
    ],
    art: { colors: ['#f7971e', '#ffd200'], glyph: '✹' },
    tile: { id: 'mines', order: 7 },
    sidebar: { order: 5 },
    hub: { key: 'mines', tab: 4, card: 2 },
    fairness: { check: 'mines', order: 4 },
    admin: { settings: 'mines', rounds: false, suspend: true },
  },
  matka: {
    key: 'matka',
    name: 'Matka',
    path: '/casino/matka',
    shell: 'app',
    routes: [
      {
        path: '/casino/matka',
        page: page(
          () => import('@/features/matka/components/MatkaListPage'),
          (m) => m.MatkaListPage,
        ),
      },
      {
        path: '/casino/matka/chart/:marketId',
        page: page(
          () => import('@/features/matka/components/ChartPage'),
          (m) => m.ChartPage,
        ),
      },
      {
        path: '/casino/play/:gameName/:bidStatus',
        page: page(
          () => import('@/features/matka/components/PlayPage'),
          (m) => m.PlayPage,
        ),
      },
      {
        path: '/casino/bidpage/:gameName/:bitType/:pointsToplay/:profit/:bitStatus',
        page: page(
          () => import('@/features/matka/components/BidPage'),
          (m) => m.BidPage,
        ),
      },
    ],
    art: { colors: ['#0f9b8e', '#3ddc97'], glyph: '♦' },
    tile: { id: 'matka', order: 5 },
    sidebar: { order: 6 },
    fairness: { check: 'matka', order: 5 },
    // Its markets open and close on their schedules (the console's Matka screen runs them): no rounds, no suspend.
    admin: { settings: 'matka', rounds: false, suspend: false },
  },
  parchi: {
    key: 'parchi',
    name: 'Aar Par Parchi',
    path: '/cricket2',
    // A visitor may watch: the public shell, never a redirect to /login.
    shell: 'public',
    routes: [
      {
        path: '/cricket2',
        page: page(
          () => import('@/features/parchi/components/ParchiListPage'),
          ({ ParchiListPage }) =>
            function ParchiList({ userId }: GamePageProps) {
              return createElement(ParchiListPage, { signedIn: userId !== null });
            },
        ),
      },
      {
        path: '/cricket2/games/:Livematch',
        page: page(
          () => import('@/features/parchi/components/ParchiGamePage'),
          (m) => m.ParchiGamePage,
        ),
      },
    ],
    art: { colors: ['#1e3c72', '#2a9df4'], glyph: '♠' },
    tile: { id: 'aarpar', order: 6 },
  },
};

/** Any game's entry (a union over the keys: `g.key === 'mines'` narrows it). */
export type AnyGame = { [K in GameKey]: GameDef<K> }[GameKey];

/** Every game, in no particular order: each surface orders its own. */
export const GAMES: readonly AnyGame[] = Object.values(DEFS);

/** A game by the server's name; `undefined` for a name this client does not know (a newer server's game). */
export function gameOf(key: string): AnyGame | undefined {
  return GAMES.find((g) => g.key === key);
}

type Part = 'tile' | 'sidebar' | 'hub' | 'fairness' | 'admin';
/** A game that has the block `P`. */
export type GameWith<P extends Part> = AnyGame & { readonly [Q in P]-?: NonNullable<AnyGame[Q]> };

/** The games on a surface (that have its block), ordered by `order` (of the block). */
export function gamesWith<P extends Part>(part: P, order?: (g: GameWith<P>) => number): GameWith<P>[] {
  const on = GAMES.filter((g): g is GameWith<P> => g[part] !== undefined);
  return order ? on.sort((a, b) => order(a) - order(b)) : on;
}
