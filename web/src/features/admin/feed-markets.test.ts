import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { ApiError } from '@/lib/api-client';
import type { FeedMarket } from './api/feed-markets';
import {
  emptyForm,
  feedHealth,
  feedMarketBody,
  feedRefusal,
  istInputMs,
  SILENT_MS,
  withDraw,
  type FeedForm,
} from './feed-markets';

afterEach(() => i18n.changeLanguage('en'));

const form = (f: Partial<FeedForm> = {}): FeedForm => ({
  ...emptyForm(),
  feedMarketId: ' 1.23456789 ',
  sportId: '1',
  name: ' India v Australia ',
  competition: ' ',
  startsAt: '2026-03-01T19:30',
  teams: [' India ', 'Australia'],
  runners: [
    { feedId: '101', name: 'India ' },
    { feedId: ' 202 ', name: 'Australia' },
  ],
  ...f,
});

const refused = (f: Partial<FeedForm>) => {
  const r = feedMarketBody(form(f));
  return 'error' in r ? r.error : 'accepted';
};

/** 19:30 in India on 1 March 2026 is 14:00 UTC. */
const START = Date.UTC(2026, 2, 1, 14, 0);

describe('feed market form', () => {
  it('reads the start as India’s time', () => {
    expect(istInputMs('2026-03-01T19:30')).toBe(START);
    expect(istInputMs('2026-03-01T19:30:15')).toBe(START + 15_000);
    expect(istInputMs('')).toBeNull();
    expect(istInputMs('2026-03-01')).toBeNull();
    expect(istInputMs('2026-13-45T99:99')).toBeNull();
  });

  it('builds the request: every text trimmed, ids as numbers, no competition when empty', () => {
    expect(feedMarketBody(form())).toEqual({
      body: {
        feedMarketId: '1.23456789',
        sportId: 1,
        name: 'India v Australia',
        startsAt: START,
        teams: ['India', 'Australia'],
        runners: [
          { feedId: 101, name: 'India' },
          { feedId: 202, name: 'Australia' },
        ],
      },
    });
    const drawn = withDraw(form({ competition: ' Premier League ' }), true);
    drawn.runners[2]!.feedId = '58805';
    const r = feedMarketBody(drawn);
    expect('body' in r && r.body.competition).toBe('Premier League');
    expect('body' in r && r.body.runners[2]).toEqual({ feedId: 58805, name: 'The Draw' });
  });

  it('adds the draw named as the feed names it, and takes it away', () => {
    const drawn = withDraw(form(), true);
    expect(drawn.runners[2]).toEqual({ feedId: '', name: 'The Draw' });
    expect(refused(drawn)).toMatch(/^Give 2 or 3 runners/);
    drawn.runners[2]!.feedId = '58805';
    expect(refused(drawn)).toBe('accepted');
    expect(withDraw(drawn, false).runners).toHaveLength(2);
  });

  it('refuses what the server refuses, with the field to correct', () => {
    expect(refused({ feedMarketId: '  ' })).toMatch(/^Give the feed's market id/);
    expect(refused({ feedMarketId: `1.${'9'.repeat(39)}` })).toMatch(/^Give the feed's market id/);
    expect(refused({ sportId: '5' })).toBe('Choose a sport.');
    expect(refused({ name: ' ' })).toMatch(/^The match's name/);
    // The server counts bytes: 34 Devanagari letters are 102.
    expect(refused({ name: 'क'.repeat(34) })).toMatch(/^The match's name/);
    expect(refused({ name: 'क'.repeat(33) })).toBe('accepted');
    expect(refused({ competition: 'x'.repeat(101) })).toMatch(/^The match's name/);
    expect(refused({ teams: ['India', ' '] })).toMatch(/^Give the two teams/);
    expect(refused({ teams: ['India', ' INDIA '] })).toMatch(/^Give the two teams/);
    expect(refused({ startsAt: '' })).toBe('Choose when the match starts.');
    const runners = (a: string, b: string, names = ['A', 'B']) =>
      refused({ runners: [a, b].map((feedId, i) => ({ feedId, name: names[i] ?? '' })) });
    expect(runners('101', '101')).toMatch(/^Give 2 or 3 runners/);
    expect(runners('101', 'x1')).toMatch(/^Give 2 or 3 runners/);
    expect(runners('101', '-2')).toMatch(/^Give 2 or 3 runners/);
    expect(runners('101', '202', ['A', ' '])).toMatch(/^Give 2 or 3 runners/);
    expect(refused({ runners: [{ feedId: '1', name: 'A' }] })).toMatch(/^Give 2 or 3 runners/);
  });

  it('words its checks in Hindi too', async () => {
    await i18n.changeLanguage('hi');
    expect(refused({ startsAt: '' })).toBe('मैच कब शुरू होगा, चुनें।');
  });
});

const row = (m: Partial<FeedMarket> = {}): FeedMarket => ({
  feedMarketId: '1.1',
  matchId: 7,
  sportId: 4,
  name: 'A v B',
  competition: '',
  startsAt: START,
  teams: ['A', 'B'],
  runners: [],
  status: 'active',
  createdAt: START,
  followed: true,
  imaged: true,
  feedStatus: 'OPEN',
  inPlay: false,
  heardMsAgo: 900,
  streamLive: true,
  ...m,
});

describe('feed market health', () => {
  it('says the worst of the stream and the market', () => {
    expect(feedHealth(row())).toBe('open');
    expect(feedHealth(row({ feedStatus: 'SUSPENDED' }))).toBe('suspended');
    expect(feedHealth(row({ imaged: false, feedStatus: null }))).toBe('waiting');
    expect(feedHealth(row({ followed: false }))).toBe('unfollowed');
    expect(feedHealth(row({ heardMsAgo: SILENT_MS + 1 }))).toBe('silent');
    expect(feedHealth(row({ heardMsAgo: SILENT_MS }))).toBe('open');
    expect(feedHealth(row({ heardMsAgo: null }))).toBe('silent');
    expect(feedHealth(row({ streamLive: false, heardMsAgo: null, imaged: false }))).toBe('down');
    // A settled mapping needs no stream.
    expect(feedHealth(row({ status: 'ended', streamLive: false }))).toBe('ended');
  });
});

describe('feed market refusals', () => {
  const noStream = new ApiError(503, 'No exchange stream is configured (CASINO_STREAM_ADDR)', 'no_stream');

  it('says plainly that no stream is configured, and what to set', () => {
    expect(feedRefusal(noStream)).toMatch(/^No exchange stream is configured on this server.*CASINO_STREAM_ADDR/);
  });

  it('shows the server’s message for its other refusals, in Hindi the text for its code', async () => {
    const mapped = new ApiError(409, 'That feed market is mapped', 'feed_market_mapped');
    expect(feedRefusal(mapped)).toBe('That feed market is mapped');
    await i18n.changeLanguage('hi');
    expect(feedRefusal(mapped)).toBe('यह फ़ीड मार्केट पहले से किसी मैच से जुड़ा है');
    expect(feedRefusal(noStream)).toMatch(/^इस सर्वर पर कोई एक्सचेंज स्ट्रीम सेट नहीं है.*CASINO_STREAM_ADDR/);
    // Not the players' "name" text: the match's.
    expect(feedRefusal(new ApiError(400, 'name must be 1 to 100 characters', 'invalid_name'))).toBe(
      'मैच का नाम 1 से 100 अक्षर का हो, प्रतियोगिता अधिकतम 100।',
    );
  });
});
