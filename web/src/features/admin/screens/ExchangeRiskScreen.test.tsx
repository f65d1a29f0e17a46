// @vitest-environment jsdom
/**
 * The exchange risk screen on a fake server: the limits (Indian grouping, built-in or set), a default changed, a
 * market's limits set and removed, the checks made before asking, the server's refusal, the sure positions.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import ExchangeRiskScreen from './ExchangeRiskScreen';
import { renderWithClient, reply } from '@/testing/server';

const defaults = [
  { marketType: 'exchange', marketId: '', maxLiability: 2_000_000, maxPlayerLiability: 500_000, updatedAt: null },
  // 21:05 in India.
  {
    marketType: 'bookmaker',
    marketId: '',
    maxLiability: 1_500_000,
    maxPlayerLiability: 300_000,
    updatedAt: '2026-11-24T15:35:00Z',
  },
  { marketType: 'fancy', marketId: '', maxLiability: 1_000_000, maxPlayerLiability: 250_000, updatedAt: null },
];
const override = {
  marketType: 'bookmaker',
  marketId: 'bm.42',
  maxLiability: 3000,
  maxPlayerLiability: 2000,
  updatedAt: '2026-11-25T04:30:00Z',
};
const alert = {
  id: 7,
  userId: 31,
  matchId: 42,
  matchName: 'India v Australia',
  bets: [101, 102, 105],
  worst: 46,
  best: 1_25_000.5,
  createdAt: '2026-11-26T12:00:00Z',
};

let limits: unknown[];
let alerts: unknown[];
let fetchMock: ReturnType<typeof vi.fn>;
let putReply: (body: unknown) => Response;
let deleteReply: (path: string) => Response;

beforeEach(() => {
  limits = [...defaults, override];
  alerts = [alert];
  putReply = (body) =>
    reply(200, {
      ...(body as object),
      marketId: (body as { marketId?: string }).marketId ?? '',
      updatedAt: '2026-11-27T10:00:00Z',
    });
  deleteReply = () => {
    limits = limits.filter((l) => l !== override);
    return new Response(null, { status: 204 });
  };
  fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (init?.method === 'GET' && path === '/api/admin/exchange/limits') return reply(200, { limits });
    if (init?.method === 'GET' && path === '/api/admin/exchange/alerts') return reply(200, { alerts });
    if (init?.method === 'PUT' && path === '/api/admin/exchange/limits') return putReply(JSON.parse(String(init.body)));
    if (init?.method === 'DELETE') return deleteReply(path);
    return reply(404, { error: 'not_found', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const renderScreen = () => renderWithClient(<ExchangeRiskScreen />);

const calls = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === method) as [
    string,
    RequestInit,
  ][];
const limitGets = () => calls('GET').filter(([p]) => p === '/api/admin/exchange/limits').length;

async function editBookmaker() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Bookmaker limits' }));
  return screen.getByRole('form', { name: 'Bookmaker default limits' });
}

function fill(form: HTMLElement, values: { market?: string; player?: string; type?: string; id?: string }) {
  if (values.type !== undefined)
    fireEvent.change(within(form).getByLabelText('Market type'), { target: { value: values.type } });
  if (values.id !== undefined)
    fireEvent.change(within(form).getByLabelText('Market id'), { target: { value: values.id } });
  if (values.market !== undefined)
    fireEvent.change(within(form).getByLabelText(/^Market limit/), { target: { value: values.market } });
  if (values.player !== undefined)
    fireEvent.change(within(form).getByLabelText(/^Per-player limit/), { target: { value: values.player } });
}

describe('exchange risk screen', () => {
  it('shows each type’s limits in rupees with Indian grouping, built-in or set, then the markets set apart', async () => {
    const view = renderScreen();
    const odds = await screen.findByTestId('limit-default-exchange');
    expect(within(odds).getByText('Match Odds')).toBeTruthy();
    expect(within(odds).getByText('₹20,00,000.00')).toBeTruthy();
    expect(within(odds).getByText('₹5,00,000.00')).toBeTruthy();
    expect(within(odds).getByText('built-in')).toBeTruthy();
    // A built-in default has nothing to go back to.
    expect(within(odds).queryByRole('button', { name: /built-in/ })).toBeNull();
    const bm = screen.getByTestId('limit-default-bookmaker');
    expect(within(bm).getByText('₹15,00,000.00')).toBeTruthy();
    expect(within(bm).getByText('₹3,00,000.00')).toBeTruthy();
    expect(within(bm).getByText('set on 24 Nov 2026, 21:05')).toBeTruthy();
    expect(within(bm).getByRole('button', { name: 'Put Bookmaker back to the built-in limits' })).toBeTruthy();
    const fancy = screen.getByTestId('limit-default-fancy');
    expect(within(fancy).getByText('Fancy')).toBeTruthy();
    expect(within(fancy).getByText('₹10,00,000.00')).toBeTruthy();
    expect(within(fancy).getByText('₹2,50,000.00')).toBeTruthy();

    const market = screen.getByTestId('limit-market-bm.42');
    expect(within(market).getByText('Bookmaker')).toBeTruthy();
    expect(within(market).getByText('₹3,000.00')).toBeTruthy();
    expect(within(market).getByText('₹2,000.00')).toBeTruthy();
    expect(within(market).getByText('set on 25 Nov 2026, 10:00')).toBeTruthy();
    expect(view.container.textContent).not.toMatch(/undefined|NaN|adminExchange|limits\.|alerts\./);
  });

  it('edits a default: the form starts from the limits in force and Save sends the type and both amounts', async () => {
    renderScreen();
    const form = await editBookmaker();
    expect(within(form).getByLabelText(/^Market limit/)).toHaveProperty('value', '1500000');
    expect(within(form).getByLabelText(/^Per-player limit/)).toHaveProperty('value', '300000');
    expect(within(form).getByTestId('limits-bookmaker-market-current').textContent).toBe('in force: ₹15,00,000.00');
    const before = limitGets();
    fill(form, { market: '25,00,000', player: '400000.50' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    const [path, init] = calls('PUT')[0]!;
    expect(path).toBe('/api/admin/exchange/limits');
    expect(JSON.parse(String(init.body))).toEqual({
      marketType: 'bookmaker',
      maxLiability: 2_500_000,
      maxPlayerLiability: 400_000.5,
    });
    // Saved: the form closes and the limits are asked again.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Bookmaker default limits' })).toBeNull());
    await waitFor(() => expect(limitGets()).toBeGreaterThan(before));
  });

  it('refuses a per-player limit above the market’s before asking the server', async () => {
    renderScreen();
    const form = await editBookmaker();
    fill(form, { market: '1000', player: '1000.01' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert').textContent).toBe('The per-player limit must be at most the market limit.');
    fill(form, { market: '0', player: '0' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert').textContent).toBe('Market limit must be more than ₹0.');
    // A market's limits: its id must name a market of the chosen type.
    const add = screen.getByRole('form', { name: "Set one market's limits" });
    fill(add, { type: 'fancy', id: 'bm.42', market: '5000', player: '6000' });
    fireEvent.click(within(add).getByRole('button', { name: 'Set limits' }));
    expect(within(add).getByRole('alert').textContent).toBe('bm.42 is not a Fancy market id (e.g. f.1234.1.6).');
    fill(add, { id: 'f.42.1.6' });
    fireEvent.click(within(add).getByRole('button', { name: 'Set limits' }));
    expect(within(add).getByRole('alert').textContent).toBe('The per-player limit must be at most the market limit.');
    expect(calls('PUT')).toHaveLength(0);
  });

  it('sets one market’s limits and shows the server’s refusal in the form', async () => {
    putReply = () =>
      reply(400, { success: false, error: 'invalid_market', message: 'marketId does not name a market of that type' });
    renderScreen();
    const add = await screen.findByRole('form', { name: "Set one market's limits" });
    fill(add, { type: 'fancy', id: ' f.42.2.10 ', market: '50,000', player: '10,000' });
    fireEvent.click(within(add).getByRole('button', { name: 'Set limits' }));
    await waitFor(() =>
      expect(within(add).getByRole('alert').textContent).toBe('marketId does not name a market of that type'),
    );
    expect(calls('PUT')).toHaveLength(1);
    expect(JSON.parse(String(calls('PUT')[0]![1].body))).toEqual({
      marketType: 'fancy',
      marketId: 'f.42.2.10',
      maxLiability: 50_000,
      maxPlayerLiability: 10_000,
    });
    // What was typed stays, to be corrected.
    expect(within(add).getByLabelText('Market id')).toHaveProperty('value', ' f.42.2.10 ');
  });

  it('shows a default’s refusal too (player above market, as the server says it)', async () => {
    putReply = () =>
      reply(400, {
        success: false,
        error: 'invalid_limits',
        message: 'maxPlayerLiability must be at most maxLiability',
      });
    renderScreen();
    const form = await editBookmaker();
    fill(form, { market: '2000', player: '1000' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe('maxPlayerLiability must be at most maxLiability'),
    );
    // Still open, to try again.
    expect(screen.getByRole('form', { name: 'Bookmaker default limits' })).toBeTruthy();
  });

  it('removes a market’s limits with a DELETE naming the market, then lists it no more', async () => {
    renderScreen();
    const market = await screen.findByTestId('limit-market-bm.42');
    fireEvent.click(within(market).getByRole('button', { name: 'Remove the limits of bm.42' }));
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
    expect(calls('DELETE')[0]![0]).toBe('/api/admin/exchange/limits/bookmaker?marketId=bm.42');
    await waitFor(() => expect(screen.queryByTestId('limit-market-bm.42')).toBeNull());
    expect(
      within(screen.getByTestId('exchange-market-limits')).getByText('No market has limits of its own.'),
    ).toBeTruthy();
  });

  it('puts a type back to its built-in limits with a DELETE without a market, and shows a refusal', async () => {
    deleteReply = () => reply(404, { success: false, error: 'not_found', message: 'No such limits were set' });
    renderScreen();
    const bm = await screen.findByTestId('limit-default-bookmaker');
    fireEvent.click(within(bm).getByRole('button', { name: 'Put Bookmaker back to the built-in limits' }));
    await waitFor(() => expect(within(bm).getByRole('alert').textContent).toBe('No such limits were set'));
    expect(calls('DELETE').map(([p]) => p)).toEqual(['/api/admin/exchange/limits/bookmaker']);
  });

  it('lists the sure positions: time in IST, the player, the match, the bets, worst and best in rupees', async () => {
    renderScreen();
    const row = await screen.findByTestId('sure-alert-7');
    expect(within(row).getByText('26 Nov 2026, 17:30')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '31' }).getAttribute('href')).toBe('/admin/money/users/31');
    expect(within(row).getByText(/India v Australia/)).toBeTruthy();
    expect(within(row).getByText('#42')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('₹46.00')).toBeTruthy();
    expect(within(row).getByText('₹1,25,000.50')).toBeTruthy();
    expect(screen.queryByText('No sure positions flagged.')).toBeNull();
  });

  it('says when no sure position was flagged', async () => {
    alerts = [];
    renderScreen();
    const table = await screen.findByTestId('exchange-alerts-table');
    expect(within(table).getByText('No sure positions flagged.')).toBeTruthy();
    expect(within(table).queryAllByTestId(/^sure-alert-/)).toHaveLength(0);
  });

  it('shows a load failure', async () => {
    fetchMock.mockImplementation(async () => reply(500, { error: 'internal', message: 'database unavailable' }));
    renderScreen();
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        'database unavailable',
        'database unavailable',
      ]),
    );
    expect(screen.queryByTestId('exchange-default-limits')).toBeNull();
  });

  it('reads in Hindi, the server’s refusal as the Hindi text for its code with its detail', async () => {
    await i18n.changeLanguage('hi');
    putReply = () =>
      reply(400, {
        success: false,
        error: 'invalid_limits',
        message: 'maxPlayerLiability must be at most maxLiability',
      });
    const view = renderScreen();
    const odds = await screen.findByTestId('limit-default-exchange');
    expect(within(odds).getByText('मैच ऑड्स')).toBeTruthy();
    expect(within(odds).getByText('डिफ़ॉल्ट')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'देनदारी सीमाएँ' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'बुकमेकर की सीमाएँ बदलें' }));
    const form = screen.getByRole('form', { name: 'बुकमेकर की डिफ़ॉल्ट सीमाएँ' });
    fireEvent.change(within(form).getByLabelText(/^मार्केट सीमा/), { target: { value: '2000' } });
    fireEvent.change(within(form).getByLabelText(/^प्रति खिलाड़ी सीमा/), { target: { value: '1000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'सेव करें' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'खिलाड़ी की सीमा बाज़ार की सीमा से अधिक नहीं हो सकती। (maxPlayerLiability must be at most maxLiability)',
      ),
    );
    expect(view.container.textContent).not.toMatch(/undefined|NaN|adminExchange|limits\.|alerts\./);
  });
});
