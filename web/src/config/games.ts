/** Casino games catalogue. Only games with `ready: true` have a screen; the rest show "Coming soon". */
export interface GameEntry {
  key: string;
  title: string;
  to: string;
  ready: boolean;
  /** Tile colours (CSS gradient stops) and a glyph, since the app ships no artwork. */
  colors: [string, string];
  glyph: string;
}

export const CASINO_TILES: GameEntry[] = [
  {
    key: 'titli',
    title: 'Tittli Patta',
    to: '/casino/fun-games',
    ready: true,
    colors: ['#7b2ff7', '#f107a3'],
    glyph: '❀',
  },
  { key: 'aviator', title: 'Aviator', to: '/casino/aviator', ready: true, colors: ['#e0112b', '#ff7a18'], glyph: '✈' },
  {
    key: 'andar-bahar',
    title: 'Andar Bahar',
    to: '/casino/andar-bahar',
    ready: true,
    colors: ['#0f5132', '#2ea36b'],
    glyph: '♥',
  },
  {
    key: 'color',
    title: 'Color Prediction',
    to: '/casino/color-prediction',
    ready: true,
    colors: ['#11998e', '#38ef7d'],
    glyph: '◉',
  },
  { key: 'matka', title: 'Matka', to: '/casino/matka', ready: true, colors: ['#0f9b8e', '#3ddc97'], glyph: '♦' },
  { key: 'aarpar', title: 'Aar Par Parchi', to: '/cricket2', ready: true, colors: ['#1e3c72', '#2a9df4'], glyph: '♠' },
  { key: 'mines', title: 'Mines', to: '/casino/mines', ready: true, colors: ['#f7971e', '#ffd200'], glyph: '✹' },
];

export const CASINO_SIDEBAR = [
  { title: 'Aviator', to: '/casino/aviator', ready: true },
  { title: 'Tittli Patta', to: '/casino/fun-games', ready: true },
  { title: 'Andar Bahar', to: '/casino/andar-bahar', ready: true },
  { title: 'Color Prediction', to: '/casino/color-prediction', ready: true },
  { title: 'Mines', to: '/casino/mines', ready: true },
  { title: 'Matka', to: '/casino/matka', ready: true },
  { title: 'Provably Fair', to: '/fairness', ready: true },
  { title: 'All Casino', to: '/casino', ready: true },
  { title: 'Slots', to: '/casino/slots', ready: true },
  { title: 'Live Casino', to: '/casino/live-casino', ready: true },
  { title: 'Table Games', to: '/casino/table-games', ready: true },
  { title: 'Jackpots', to: '/casino/jackpots', ready: true },
];
