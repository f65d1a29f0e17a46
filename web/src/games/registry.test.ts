/** The games registry: one entry per game, consistent places on each surface, and every text key an entry names. */
import { describe, expect, it } from 'vitest';
import { bundles } from '@/i18n';
import { GAMES, gameOf, gamesWith } from './registry';

const { en } = bundles();
const has = (ns: string, key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en[ns]) !== undefined;
const unique = <T>(xs: T[]) => new Set(xs).size === xs.length;

describe('games registry', () => {
  it('declares each game once, and finds it by the server’s name', () => {
    expect(unique(GAMES.map((g) => g.key))).toBe(true);
    expect(gameOf('andar_bahar')?.path).toBe('/casino/andar-bahar');
    expect(gameOf('roulette')).toBeUndefined();
  });

  it('gives every route one game, each game’s screen among its routes', () => {
    const paths = GAMES.flatMap((g) => g.routes.map((r) => `${g.shell} ${r.path}`)).sort();
    expect(paths).toEqual([
      'app /casino/andar-bahar',
      'app /casino/aviator',
      'app /casino/bidpage/:gameName/:bitType/:pointsToplay/:profit/:bitStatus',
      'app /casino/color-prediction',
      'app /casino/fun-games',
      'app /casino/matka',
      'app /casino/matka/chart/:marketId',
      'app /casino/mines',
      'app /casino/play/:gameName/:bidStatus',
      'public /cricket2',
      'public /cricket2/games/:Livematch',
    ]);
    for (const g of GAMES) expect(g.routes.map((r) => r.path)).toContain(g.path);
  });

  it('places each game once on each surface', () => {
    expect(unique(gamesWith('tile').map((g) => g.tile.order))).toBe(true);
    expect(unique(gamesWith('tile').map((g) => g.tile.id))).toBe(true);
    expect(unique(gamesWith('sidebar').map((g) => g.sidebar.order))).toBe(true);
    expect(unique(gamesWith('hub').map((g) => g.hub.tab))).toBe(true);
    expect(unique(gamesWith('hub').map((g) => g.hub.card))).toBe(true);
    expect(unique(gamesWith('fairness').map((g) => g.fairness.order))).toBe(true);
  });

  it('names only texts that exist', () => {
    for (const g of gamesWith('hub')) {
      expect(has('casino', `tabs.${g.hub.key}`), `casino:tabs.${g.hub.key}`).toBe(true);
      expect(has('casino', `info.${g.hub.key}`), `casino:info.${g.hub.key}`).toBe(true);
    }
    for (const g of gamesWith('admin'))
      if (g.admin.settings === 'round')
        for (const p of g.admin.payouts)
          expect(has('adminGames', `games.round.field.${p}`), `adminGames:games.round.field.${p}`).toBe(true);
  });

  it('orders the lobby’s tiles as the spec does', () => {
    expect(gamesWith('tile', (g) => g.tile.order).map((g) => g.tileName ?? g.name)).toEqual([
      'Tittli Patta',
      'Aviator',
      'Andar Bahar',
      'Color Prediction',
      'Matka',
      'Aar Par Parchi',
      'Mines',
    ]);
  });
});
