// @vitest-environment jsdom
/** The games screen on a fake server: every game's card (Mines, Matka, and one it does not know), the editors' requests, pending and refusals. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import GamesScreen from './GamesScreen';
import { cleanUpAfterEach, renderWithClient, reply } from '@/testing/server';
import { aviatorSettings, matkaSettings } from '../testing/settings';

const timings = { bettingMs: 30000, closedMs: 15000, stepMs: 400, resultMs: 5000 };
const limits = { min: 1000, max: 1000000, maxLines: 12 };
const aviator = {
  game: 'aviator',
  name: 'Aviator',
  round: 41,
  phase: 'flying',
  suspended: false,
  settings: { ...aviatorSettings, maxPayoutBankrollBp: 112.5, maxPlayerPayoutBankrollBp: 0 },
  pending: null,
  caps: { bankroll: 10250000.5, maxPayout: 115312.5, maxPlayerPayout: null },
  fairness: null,
};
const titli = {
  game: 'titli',
  name: 'Titli Par',
  round: 7,
  phase: 'betting',
  suspended: false,
  settings: { payout: 1000, timings, limits },
  pending: null,
};
const andarBahar = {
  game: 'andar_bahar',
  name: 'Andar Bahar',
  round: null,
  phase: 'suspended',
  suspended: true,
  settings: { andarPayout: 190, baharPayout: 200, timings, limits: { ...limits, maxLines: 2 } },
  pending: { andarPayout: 190, baharPayout: 195, timings, limits: { ...limits, maxLines: 2 } },
};
const color = {
  game: 'color',
  name: 'Color Prediction',
  round: 3,
  phase: 'revealing',
  suspended: false,
  settings: { payout: 290, timings, limits: { ...limits, maxLines: 3 } },
  pending: null,
};

const mines = {
  game: 'mines',
  name: 'Mines',
  phase: 'open',
  suspended: false,
  settings: { minBet: 1000, maxBet: 5000000, maxPayout: 100000000, houseEdgeBp: 300 },
  pending: null,
  openGames: 3,
  heldStakes: 450.5,
};
const matka = {
  game: 'matka',
  name: 'Matka',
  phase: 'open',
  suspended: false,
  settings: matkaSettings,
  pending: null,
};
/** A game this console does not know yet: its card shows, nothing breaks. */
const unknown = {
  game: 'plinko',
  name: 'Plinko',
  phase: 'whatever',
  suspended: false,
  settings: { rows: 16 },
  pending: null,
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (_path: string, init?: RequestInit) => {
    if (init?.method === 'GET')
      return reply(200, { games: [aviator, titli, andarBahar, color, mines, matka, unknown] });
    return reply(400, { error: 'invalid_settings', message: 'the payout must be at least 1× and under 12×' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
cleanUpAfterEach();

const renderScreen = () => renderWithClient(<GamesScreen />);

describe('games screen', () => {
  it('shows every game, never undefined or NaN, the Aviator hints only on Aviator', async () => {
    const view = renderScreen();
    const card = await screen.findByTestId('game-titli');
    for (const g of ['aviator', 'andar_bahar', 'color']) expect(screen.getByTestId(`game-${g}`)).toBeTruthy();
    expect(view.container.textContent).not.toMatch(/undefined|NaN/);
    for (const input of view.container.querySelectorAll('input')) expect(input.value).not.toMatch(/undefined|NaN|^$/);
    expect(within(card).getByLabelText(/^Payout/)).toHaveProperty('value', '10.00');
    expect(within(card).getByLabelText(/^Min stake per pick/)).toHaveProperty('value', '10.00');
    expect(within(card).getByLabelText(/^Reveal step/)).toHaveProperty('value', '0.4');
    expect(screen.getByTestId('current-color-payout').textContent).toBe('in force: 2.90×');
    expect(screen.getByTestId('current-titli-limits-max').textContent).toBe('in force: ₹10,000.00');
    expect(screen.getAllByText(/hash chain/)).toHaveLength(1);
    expect(within(screen.getByTestId('game-aviator')).getByText(/hash chain/)).toBeTruthy();
    // Andar Bahar: suspended, no round yet, a pending payout; the form edits the next round's settings.
    const ab = screen.getByTestId('game-andar_bahar');
    expect(within(ab).getByText('round — · suspended')).toBeTruthy();
    expect(within(ab).getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(screen.getByTestId('pending-andar_bahar').textContent).toContain('Bahar payout 1.95×');
    expect(within(ab).getByLabelText(/^Bahar payout/)).toHaveProperty('value', '1.95');
    expect(screen.getAllByRole('button', { name: 'Suspend' })).toHaveLength(5);
  });

  it('shows Mines with its open games and held stakes, and one it does not know without breaking', async () => {
    const view = renderScreen();
    const card = await screen.findByTestId('game-mines');
    expect(within(card).getByText('open')).toBeTruthy();
    expect(screen.getByTestId('mines-open-games').textContent).toBe('3');
    expect(screen.getByTestId('mines-held-stakes').textContent).toBe('₹450.50');
    expect(within(card).getByLabelText(/^Min bet/)).toHaveProperty('value', '10.00');
    expect(within(card).getByLabelText(/^Max payout/)).toHaveProperty('value', '1000000.00');
    expect(within(card).getByLabelText(/^House edge/)).toHaveProperty('value', '3.00');
    expect(screen.getByTestId('current-mines-houseEdgeBp').textContent).toBe('in force: 3.00 % (300 bp)');
    const other = screen.getByTestId('game-plinko');
    expect(within(other).getByText('Plinko')).toBeTruthy();
    expect(other.querySelector('form')).toBeNull();
    expect(view.container.textContent).not.toMatch(/undefined|NaN/);
  });

  it('shows Matka’s rates and points (no Suspend: its markets run on their schedules) and sends a change as hundredths and paise', async () => {
    const view = renderScreen();
    const card = await screen.findByTestId('game-matka');
    expect(within(card).queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(within(card).getByText('open')).toBeTruthy();
    expect(within(card).getByLabelText(/^Single digit/)).toHaveProperty('value', '9.50');
    expect(within(card).getByLabelText(/^Full sangam/)).toHaveProperty('value', '15000.00');
    expect(within(card).getByLabelText(/^Max points per number/)).toHaveProperty('value', '10000');
    expect(screen.getByTestId('current-matka-jodi').textContent).toBe('in force: 95.00× · 10 Ka 950 · RTP 95.00 %');
    expect(screen.getByTestId('current-matka-minPoints').textContent).toBe('in force: ₹10.00');
    expect(within(card).getByRole('link', { name: 'Matka markets' }).getAttribute('href')).toBe('/admin/matka');
    expect(view.container.textContent).not.toMatch(/undefined|NaN/);
    fireEvent.change(within(card).getByLabelText(/^Jodi/), { target: { value: '90' } });
    fireEvent.change(within(card).getByLabelText(/^Min points per number/), { target: { value: '20' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(within(card).getByRole('alert').textContent).toBe('the payout must be at least 1× and under 12×'),
    );
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
    expect(put?.[0]).toBe('/api/admin/games/matka/settings');
    expect(JSON.parse(String((put?.[1] as RequestInit).body))).toEqual({ rates: { jodi: 9000 }, minPoints: 2000 });
  });

  it('shows Aviator’s caps in force and sends the bankroll’s shares as basis points', async () => {
    renderScreen();
    const card = await screen.findByTestId('game-aviator');
    expect(screen.getByTestId('aviator-caps-bankroll').textContent).toBe('₹1,02,50,000.50');
    expect(screen.getByTestId('aviator-caps-maxPayout').textContent).toBe('₹1,15,312.50');
    expect(screen.getByTestId('aviator-caps-maxPlayerPayout').textContent).toBe('none');
    expect(screen.getByTestId('current-aviator-maxPayoutBankrollBp').textContent).toBe(
      'in force: 112.5 bp (1.125 % of the bankroll)',
    );
    expect(screen.getByTestId('current-aviator-maxPlayerPayoutBankrollBp').textContent).toBe('in force: not set');
    expect(within(card).getByLabelText(/^Round cap, share of bankroll/)).toHaveProperty('value', '112.5');
    fireEvent.change(within(card).getByLabelText(/^Player cap, share of bankroll/), { target: { value: '75' } });
    fireEvent.change(within(card).getByLabelText(/^Bankroll capital/), { target: { value: '20000000' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(within(card).getByRole('alert').textContent).toBe('the payout must be at least 1× and under 12×'),
    );
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
    expect(put?.[0]).toBe('/api/admin/games/aviator/settings');
    expect(JSON.parse(String((put?.[1] as RequestInit).body))).toEqual({
      maxPlayerPayoutBankrollBp: 75,
      bankrollCapital: 20000000,
    });
  });

  it('refuses a share of the bankroll with three decimals before asking the server', async () => {
    renderScreen();
    const card = await screen.findByTestId('game-aviator');
    fireEvent.change(within(card).getByLabelText(/^Round cap, share of bankroll/), { target: { value: '1.125' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(within(card).getByRole('alert').textContent).toBe(
      'Round cap, share of bankroll: basis points with at most two decimals, 0 to 10000',
    );
    expect(fetchMock.mock.calls.every(([, init]) => (init as RequestInit | undefined)?.method === 'GET')).toBe(true);
  });

  it('sends Mines’ changed settings as paise and basis points', async () => {
    renderScreen();
    const card = await screen.findByTestId('game-mines');
    fireEvent.change(within(card).getByLabelText(/^Max bet/), { target: { value: '20000.50' } });
    fireEvent.change(within(card).getByLabelText(/^House edge/), { target: { value: '2.5' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(within(card).getByRole('alert').textContent).toBe('the payout must be at least 1× and under 12×'),
    );
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
    expect(put?.[0]).toBe('/api/admin/games/mines/settings');
    expect(JSON.parse(String((put?.[1] as RequestInit).body))).toEqual({ maxBet: 2000050, houseEdgeBp: 250 });
  });

  it('sends only the changed fields, exactly converted, and shows a refusal', async () => {
    renderScreen();
    const card = await screen.findByTestId('game-titli');
    fireEvent.change(within(card).getByLabelText(/^Payout/), { target: { value: '2.8' } });
    fireEvent.change(within(card).getByLabelText(/^Betting/), { target: { value: '20' } });
    fireEvent.change(within(card).getByLabelText(/^Max stake per pick/), { target: { value: '5000.10' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(within(card).getByRole('alert').textContent).toBe('the payout must be at least 1× and under 12×'),
    );
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
    expect(put?.[0]).toBe('/api/admin/games/titli/settings');
    expect(JSON.parse(String((put?.[1] as RequestInit).body))).toEqual({
      payout: 280,
      timings: { bettingMs: 20000 },
      limits: { max: 500010 },
    });
  });

  it('puts the saved row in place: the pending change shows, the value in force stays', async () => {
    let row: object = color;
    fetchMock.mockImplementation(async (_path: string, init?: RequestInit) => {
      if (init?.method === 'PUT') row = { ...color, pending: { ...color.settings, payout: 280 } };
      return init?.method === 'PUT'
        ? reply(200, { game: row })
        : reply(200, { games: [aviator, titli, andarBahar, row] });
    });
    renderScreen();
    const card = await screen.findByTestId('game-color');
    fireEvent.change(within(card).getByLabelText(/^Payout/), { target: { value: '2.80' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(screen.getByTestId('pending-color').textContent).toBe(
        'Pending — applies from the next round: Payout 2.80×',
      ),
    );
    expect(screen.getByTestId('current-color-payout').textContent).toBe('in force: 2.90×');
  });

  it('says when nothing changed or a text is not a number', async () => {
    renderScreen();
    const card = await screen.findByTestId('game-color');
    fireEvent.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(within(card).getByRole('alert').textContent).toBe('Nothing changed');
    fireEvent.change(within(card).getByLabelText(/^Min stake per pick/), { target: { value: '10.555' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(within(card).getByRole('alert').textContent).toBe('Min stake per pick: rupees with at most two decimals');
    expect(fetchMock.mock.calls.every(([, init]) => (init as RequestInit | undefined)?.method === 'GET')).toBe(true);
  });
});
