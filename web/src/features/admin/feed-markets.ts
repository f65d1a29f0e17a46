/**
 * The feed markets screen's pure helpers: the mapping form and the server's checks on it
 * (`http/src/admin/feed_markets.rs`, which makes them again), the request it sends, each mapping's health, and the
 * server's refusal as the screen words it.
 */
import { SPORT_IDS } from '@/config/constants';
import { ApiError } from '@/lib/api-client';
import type { ErrorCode } from '@/lib/api-types';
import type { Health } from './actors';
import type { FeedMarket, FeedMarketBody } from './api/feed-markets';
import { adminErrorMessage, tr } from './text';

/** The stream is silent once it has said nothing for three of its default heartbeats (`CASINO_STREAM_HEARTBEAT_MS`). */
export const SILENT_MS = 15_000;

/** The third runner's name as the feed's Match Odds calls it. */
export const DRAW_NAME = 'The Draw';

export interface RunnerForm {
  feedId: string;
  name: string;
}

/** The form as typed: `startsAt` is a `datetime-local` value in IST; `runners`: 2, or 3 with a draw. */
export interface FeedForm {
  feedMarketId: string;
  sportId: string;
  name: string;
  competition: string;
  startsAt: string;
  teams: [string, string];
  runners: RunnerForm[];
}

export const emptyForm = (): FeedForm => ({
  feedMarketId: '',
  sportId: '4',
  name: '',
  competition: '',
  startsAt: '',
  teams: ['', ''],
  runners: [
    { feedId: '', name: '' },
    { feedId: '', name: '' },
  ],
});

/** The form with the draw added (named as the feed names it) or taken away. */
export const withDraw = (f: FeedForm, draw: boolean): FeedForm => ({
  ...f,
  runners: draw ? [...f.runners.slice(0, 2), { feedId: '', name: DRAW_NAME }] : f.runners.slice(0, 2),
});

/** The server counts a text's length in UTF-8 bytes. */
const bytes = (s: string) => new TextEncoder().encode(s).length;
const LONGEST = 100;
const textOk = (s: string) => s !== '' && bytes(s) <= LONGEST;
/** Rust's `eq_ignore_ascii_case`. */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** A `datetime-local` value ("2026-03-01T19:30") read as India's time, in ms since the epoch; null when unreadable. */
export function istInputMs(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const ms = Date.parse(`${value}+05:30`);
  return Number.isNaN(ms) ? null : ms;
}

/** A feed selection id as typed: digits (a safe integer), else NaN. */
const feedId = (s: string) => (/^\d{1,15}$/.test(s.trim()) ? Number(s) : NaN);

type Checked = { body: FeedMarketBody } | { error: string };

/** The request for a form (every text trimmed, no competition when empty), or the first problem the server would find. */
export function feedMarketBody(form: FeedForm): Checked {
  const check = (key: string) => ({ error: tr(`adminFeed:check.${key}`) });
  const feedMarketId = form.feedMarketId.trim();
  if (feedMarketId === '' || bytes(feedMarketId) > 40) return check('feedMarket');
  if (!SPORT_IDS.includes(form.sportId)) return check('sport');
  const name = form.name.trim();
  const competition = form.competition.trim();
  if (!textOk(name) || bytes(competition) > LONGEST) return check('name');
  const teams = form.teams.map((t) => t.trim());
  const [a = '', b = ''] = teams;
  if (!teams.every(textOk) || asciiLower(a) === asciiLower(b)) return check('teams');
  const startsAt = istInputMs(form.startsAt);
  if (startsAt === null || startsAt <= 0) return check('startsAt');
  const runners = form.runners.map((r) => ({ feedId: feedId(r.feedId), name: r.name.trim() }));
  const ids = new Set(runners.map((r) => r.feedId));
  const fine = runners.every((r) => Number.isSafeInteger(r.feedId) && textOk(r.name));
  if (runners.length < 2 || runners.length > 3 || !fine || ids.size !== runners.length) return check('runners');
  const body: FeedMarketBody = { feedMarketId, sportId: Number(form.sportId), name, startsAt, teams, runners };
  if (competition !== '') body.competition = competition;
  return { body };
}

/**
 * What the list says of a mapping now, worst first: `ended` (settled, done with); `down` (the stream is not connected
 * and subscribed) and `silent` (it has not spoken for `SILENT_MS`): its market is suspended; `unfollowed` (this node
 * does not follow it); `waiting` (no image of the market yet); `suspended` (the feed's status is not OPEN); `open`.
 */
export type FeedHealth = 'ended' | 'down' | 'silent' | 'unfollowed' | 'waiting' | 'suspended' | 'open';

export function feedHealth(m: FeedMarket): FeedHealth {
  if (m.status === 'ended') return 'ended';
  if (!m.streamLive) return 'down';
  if (m.heardMsAgo == null || m.heardMsAgo > SILENT_MS) return 'silent';
  if (!m.followed) return 'unfollowed';
  if (!m.imaged) return 'waiting';
  return m.feedStatus === 'OPEN' ? 'open' : 'suspended';
}

/** How loud a health is, as the console's health badges say it: red, orange, green, grey. */
export const HEALTH_TONE: Record<FeedHealth, Health> = {
  down: 'stuck',
  silent: 'stuck',
  unfollowed: 'slow',
  waiting: 'slow',
  suspended: 'slow',
  open: 'ok',
  ended: 'unknown',
};

/** The refusals this screen words itself: no stream (what to configure), and the match's name (the app-wide text is a player's). */
const REFUSALS: Partial<Record<ErrorCode, string>> = {
  no_stream: 'adminFeed:noStream',
  invalid_name: 'adminFeed:check.name',
};

/** The server's refusal of a mapping, in the operator's language. */
export function feedRefusal(err: unknown): string {
  const own = err instanceof ApiError && err.code ? REFUSALS[err.code] : undefined;
  return own ? tr(own) : adminErrorMessage(err, tr('admin:common.changeRefused'));
}
