// @vitest-environment jsdom
/**
 * The feed markets screen on a fake server: the mappings with what the stream says of each (one whose stream is down
 * or silent stands out), asked again every 3 s; a mapping made (the checks first, the body sent, the new match); the
 * server's refusals, no stream configured plainly.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { FEED_POLL_MS } from '../api/feed-markets';
import FeedMarketsScreen from './FeedMarketsScreen';
import { cleanUpAfterEach, fakeServer, renderWithClient, reply, sent, type Call } from '@/testing/server';

const PATH = '/api/admin/sports/feed-markets';
/** 19:30 in India on 1 March 2026. */
const START = Date.UTC(2026, 2, 1, 14, 0);

const open = {
  feedMarketId: '1.200',
  matchId: 42,
  sportId: 1,
  name: 'Arsenal v Chelsea',
  competition: 'Premier League',
  startsAt: START,
  teams: ['Arsenal', 'Chelsea'],
  runners: [
    { selectionId: 1, feedId: 47972, name: 'Arsenal' },
    { selectionId: 2, feedId: 48224, name: 'Chelsea' },
    { selectionId: 3, feedId: 58805, name: 'The Draw' },
  ],
  status: 'active',
  createdAt: START,
  followed: true,
  imaged: true,
  feedStatus: 'OPEN',
  inPlay: true,
  heardMsAgo: 900,
  streamLive: true,
};
const silent = {
  ...open,
  feedMarketId: '1.100',
  matchId: 41,
  sportId: 4,
  name: 'India v Australia',
  competition: '',
  teams: ['India', 'Australia'],
  runners: [
    { selectionId: 1, feedId: 101, name: 'India' },
    { selectionId: 2, feedId: 202, name: 'Australia' },
  ],
  inPlay: false,
  heardMsAgo: 42_000,
};
const ended = { ...silent, feedMarketId: '1.50', matchId: 40, status: 'ended', streamLive: false, heardMsAgo: null };

let rows: unknown[];
let postReply: (body: unknown) => Response;
let calls: Call[];

beforeEach(() => {
  rows = [open, silent, ended];
  postReply = (body) => reply(201, { matchId: 43, feedMarketId: (body as { feedMarketId: string }).feedMarketId });
  calls = fakeServer((method, path, body) => {
    if (path !== PATH) return undefined;
    return method === 'GET' ? reply(200, rows) : postReply(body);
  });
});
cleanUpAfterEach();
afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

const renderScreen = () => renderWithClient(<FeedMarketsScreen />);
const gets = () => calls.filter((c) => c.method === 'GET').length;
const posts = () => sent(calls, 'POST', PATH);

function fill(form: HTMLElement) {
  const set = (label: string | RegExp, value: string) =>
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  set('Feed market id', ' 1.300 ');
  set('Sport', '1');
  set('Match name', 'Liverpool v Everton');
  set('Starts (IST)', '2026-03-01T19:30');
  set('Team 1', 'Liverpool');
  set('Team 2', 'Everton');
  set('Runner 1 feed selection id', '56323');
  set('Runner 1 name', 'Liverpool');
  set('Runner 2 feed selection id', '48351');
  set('Runner 2 name', 'Everton');
}

const mapForm = () => screen.findByRole('form', { name: 'Map a feed market' });
const submit = (form: HTMLElement) =>
  fireEvent.click(within(form).getByRole('button', { name: 'Map the feed market' }));

describe('feed markets screen', () => {
  it('lists each mapping with its match, runners and what the stream says; a silent stream stands out', async () => {
    const view = renderScreen();
    const row = await screen.findByTestId('feed-market-1.200');
    expect(row.className).toContain('row-ok');
    expect(within(row).getByText('Open')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '#42' }).getAttribute('href')).toBe('/match/42');
    expect(row.textContent).toContain('Arsenal v Chelsea');
    expect(row.textContent).toContain('Premier League');
    expect(row.textContent).toContain('Football');
    expect(row.textContent).toContain('01 Mar 2026, 19:30');
    expect(within(row).getByText('58805')).toBeTruthy();
    expect(within(row).getByText('Live')).toBeTruthy();
    expect(within(row).getByText('0.9 s ago')).toBeTruthy();
    expect(within(row).getByText('OPEN')).toBeTruthy();

    const quiet = screen.getByTestId('feed-market-1.100');
    expect(quiet.className).toContain('row-stuck');
    expect(screen.getByTestId('feed-health-1.100').textContent).toBe('⛔ Stream silent');
    expect(screen.getByTestId('feed-heard-1.100').textContent).toBe('42 s ago');
    expect(screen.getByTestId('feed-unpriced').textContent).toBe(
      '1 mapping has no live stream, its market is suspended: 1.100',
    );

    // A settled mapping needs no stream: it does not stand out.
    const done = screen.getByTestId('feed-market-1.50');
    expect(done.className).toContain('row-unknown');
    expect(within(done).getAllByText('Ended')).toHaveLength(2);
    expect(within(done).getByText('Down')).toBeTruthy();
    expect(screen.getByTestId('feed-heard-1.50').textContent).toBe('never');
    expect(view.container.textContent).not.toMatch(/undefined|NaN|adminFeed|col\.|health\./);
  });

  it('asks again every 3 s: a stream gone down shows at the next read', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderScreen();
    await screen.findByTestId('feed-market-1.200');
    expect(gets()).toBe(1);
    rows = [{ ...open, streamLive: false }];
    await vi.advanceTimersByTimeAsync(FEED_POLL_MS);
    await waitFor(() => expect(screen.getByTestId('feed-health-1.200').textContent).toBe('⛔ Stream down'));
    expect(gets()).toBe(2);
    expect(screen.getByTestId('feed-market-1.200').className).toContain('row-stuck');
    expect(screen.queryByTestId('feed-market-1.100')).toBeNull();
  });

  it('says when nothing is mapped', async () => {
    rows = [];
    renderScreen();
    expect(await screen.findByText('No feed market is mapped yet.')).toBeTruthy();
    expect(screen.queryByTestId('feed-unpriced')).toBeNull();
  });

  it('says when the list cannot be read, and still offers the form', async () => {
    calls = fakeServer(() => reply(503, { success: false, error: 'unavailable', message: 'Sports are unavailable' }));
    renderScreen();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Sports are unavailable'));
    expect(screen.queryByTestId('feed-markets')).toBeNull();
    expect(await mapForm()).toBeTruthy();
  });

  it('checks the form before asking the server', async () => {
    renderScreen();
    const form = await mapForm();
    submit(form);
    expect(within(form).getByRole('alert').textContent).toMatch(/^Give the feed's market id/);
    fill(form);
    fireEvent.change(within(form).getByLabelText('Team 2'), { target: { value: 'LIVERPOOL' } });
    submit(form);
    expect(within(form).getByRole('alert').textContent).toMatch(/^Give the two teams/);
    fireEvent.change(within(form).getByLabelText('Team 2'), { target: { value: 'Everton' } });
    fireEvent.click(within(form).getByLabelText('A third runner: the draw'));
    expect(within(form).getByLabelText('Runner 3 name')).toHaveProperty('value', 'The Draw');
    submit(form);
    expect(within(form).getByRole('alert').textContent).toMatch(/^Give 2 or 3 runners/);
    expect(posts()).toEqual([]);
  });

  it('maps a feed market: the body sent, the new match shown with its link, the list asked again', async () => {
    renderScreen();
    const form = await mapForm();
    fill(form);
    fireEvent.change(within(form).getByLabelText('Competition (optional)'), { target: { value: 'Premier League' } });
    fireEvent.click(within(form).getByLabelText('A third runner: the draw'));
    fireEvent.change(within(form).getByLabelText('Runner 3 feed selection id'), { target: { value: '58805' } });
    const before = gets();
    submit(form);
    const done = await within(form).findByTestId('feed-mapped');
    expect(done.textContent).toBe('1.300 is mapped to match #43. Open the match');
    expect(within(done).getByRole('link', { name: 'Open the match' }).getAttribute('href')).toBe('/match/43');
    expect(posts()).toEqual([
      {
        feedMarketId: '1.300',
        sportId: 1,
        name: 'Liverpool v Everton',
        competition: 'Premier League',
        startsAt: START,
        teams: ['Liverpool', 'Everton'],
        runners: [
          { feedId: 56323, name: 'Liverpool' },
          { feedId: 48351, name: 'Everton' },
          { feedId: 58805, name: 'The Draw' },
        ],
      },
    ]);
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
    // Ready for the next one.
    expect(within(form).getByLabelText('Feed market id')).toHaveProperty('value', '');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('says plainly that no exchange stream is configured (503 no_stream)', async () => {
    postReply = () =>
      reply(503, {
        success: false,
        error: 'no_stream',
        message: 'No exchange stream is configured (CASINO_STREAM_ADDR)',
      });
    renderScreen();
    const form = await mapForm();
    fill(form);
    submit(form);
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        "No exchange stream is configured on this server: feed markets cannot be mapped. Set CASINO_STREAM_ADDR (the stream's host:port) and restart the server.",
      ),
    );
    expect(within(form).queryByTestId('feed-mapped')).toBeNull();
    // What was typed stays.
    expect(within(form).getByLabelText('Feed market id')).toHaveProperty('value', ' 1.300 ');
  });

  it('shows the server’s refusal; in Hindi the text for its code', async () => {
    await i18n.changeLanguage('hi');
    postReply = () =>
      reply(409, { success: false, error: 'feed_market_mapped', message: 'That feed market is mapped' });
    const view = renderScreen();
    const row = await screen.findByTestId('feed-market-1.100');
    expect(within(row).getByText('⛔ स्ट्रीम चुप')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'फ़ीड मार्केट मैप करें' });
    const set = (label: string, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    set('फ़ीड मार्केट आईडी', '1.200');
    set('मैच का नाम', 'Arsenal v Chelsea');
    set('शुरू होगा (IST)', '2026-03-01T19:30');
    set('टीम 1', 'Arsenal');
    set('टीम 2', 'Chelsea');
    set('रनर 1 फ़ीड सिलेक्शन आईडी', '47972');
    set('रनर 1 का नाम', 'Arsenal');
    set('रनर 2 फ़ीड सिलेक्शन आईडी', '48224');
    set('रनर 2 का नाम', 'Chelsea');
    fireEvent.click(within(form).getByRole('button', { name: 'फ़ीड मार्केट मैप करें' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('यह फ़ीड मार्केट पहले से किसी मैच से जुड़ा है'));
    expect(view.container.textContent).not.toMatch(/undefined|NaN|adminFeed|col\.|health\./);
  });
});
