import i18n from '@/i18n';
/** App-wide constants taken from the spec (timings, limits, navigation entries). */
export const BRAND = 'RoyalPlay';
export const DEFAULT_NEWS = `Welcome to ${BRAND}! Play responsibly. Deposits and withdrawals are processed via UPI.`;
export const MOBILE_ONLY_TEXT =
  'Mobile Only - This application is designed exclusively for mobile devices. Please switch to a smartphone for the best experience. Open this link on your phone.';
export const MOBILE_BREAKPOINT_PX = 768;
export const WALLET_POLL_MS = 5000;
export const COPY_CONFIRM_MS = 2000;
export const TOAST_MS = 2000;
/** Matka's market list is asked again this often (the spec's 60 s); `matka:status` pushes come in between. */
export const MATKA_REFRESH_MS = 60_000;

export interface SportEntry {
  label: string;
  to: string;
}

/**
 * Horizontal sports navigation, in the spec's order. Every sport entry names a sport id the server lists events of
 * (simulated where no feed is configured). The spec's Politics, Horse Racing, Greyhound Racing, Sports Book and
 * Binary are not shown: no feed or simulation gives them events (outright and racing markets), and an entry that
 * can only end in an empty page or an error is worse than none.
 */
export const SPORTS_NAV: SportEntry[] = [
  { label: 'HOME', to: '/' },
  { label: 'IN-PLAY', to: '/inplay' },
  { label: 'CRICKET', to: '/sport/4' },
  { label: 'TENNIS', to: '/sport/2' },
  { label: 'FOOTBALL', to: '/sport/1' },
  { label: 'KABADDI', to: '/sport/99001' },
  { label: 'CASINO', to: '/casino' },
  { label: 'INT CASINO', to: '/casino/live' },
  { label: 'MIXED MARTIAL ARTS', to: '/sport/26420387' },
  { label: 'VOLLEYBALL', to: '/sport/998917' },
  { label: 'ICE HOCKEY', to: '/sport/7524' },
  { label: 'BASKETBALL', to: '/sport/7522' },
  { label: 'BASEBALL', to: '/sport/7511' },
  { label: 'DARTS', to: '/sport/3503' },
  { label: 'FUTSAL', to: '/sport/99002' },
];

/** Sidebar sports section (name and sport id). */
export const SIDEBAR_SPORTS = [
  { name: 'Cricket', id: '4' },
  { name: 'Football', id: '1' },
  { name: 'Tennis', id: '2' },
  { name: 'BasketBall', id: '7522' },
  { name: 'VolleyBall', id: '998917' },
];

/** The sports with a name of their own: the English name, and its key in `sports:sportNames`. */
const SPORT_NAMES: Record<string, [string, string]> = {
  '4': ['Cricket', 'cricket'],
  '1': ['Football', 'football'],
  '2': ['Tennis', 'tennis'],
  '7522': ['Basketball', 'basketball'],
  '7511': ['Baseball', 'baseball'],
  '27454574': ['Table Tennis', 'tableTennis'],
  '998917': ['Volleyball', 'volleyball'],
  '7524': ['Ice Hockey', 'iceHockey'],
  '3503': ['Darts', 'darts'],
  '26420387': ['Mixed Martial Arts', 'mixedMartialArts'],
  '99001': ['Kabaddi', 'kabaddi'],
  '99002': ['Futsal', 'futsal'],
};

/** Every sport the server plays (cricket and the simulator's others: `OTHER_SPORTS` in actors/src/sports/simple.rs). */
export const SPORT_IDS: readonly string[] = Object.keys(SPORT_NAMES);

/** Display name for a sport id or slug ("horse-racing" → "Horse Racing"), in the player's language when it has one. */
export function sportName(id: string): string {
  const known = SPORT_NAMES[id];
  if (known) return i18n.t(`sports:sportNames.${known[1]}`, { defaultValue: known[0] });
  return id
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
