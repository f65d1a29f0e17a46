// @vitest-environment jsdom
/**
 * A person's responsible gaming on the user screen, on a fake server: their limits (in force, used, a change
 * waiting), a break lifted after a confirmation (or not, when cancelled or refused), a self-exclusion that cannot be.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import UserScreen from './UserScreen';

// 24 Nov 2026, 15:35 UTC = 21:05 IST; 25 Nov 2026, 04:00 UTC = 09:30 IST.
const UNTIL = Date.UTC(2026, 10, 24, 15, 35);
const RAISE_AT = Date.UTC(2026, 10, 25, 4, 0);

const user = {
  id: 42,
  userNo: 100042,
  name: 'Asha Rao',
  phone: '9876543210',
  email: null,
  role: 'user',
  blocked: false,
  balance: 1500,
  exposure: 0,
  createdAt: '2026-01-01T00:00:00Z',
};
const limits = [
  { kind: 'deposit_day', amount: 5000, pending: { amount: 20000, effectiveAt: RAISE_AT }, used: 1250.5 },
  { kind: 'deposit_week', amount: null, pending: null, used: 3000 },
  { kind: 'deposit_month', amount: null, pending: null, used: 3000 },
  { kind: 'loss_day', amount: 2000, pending: { amount: null, effectiveAt: RAISE_AT }, used: 0 },
  { kind: 'loss_week', amount: null, pending: null, used: 0 },
  { kind: 'loss_month', amount: null, pending: null, used: 0 },
  { kind: 'max_stake', amount: 500, pending: null, used: null },
];
const onBreak = { kind: 'break', until: UNTIL };
const selfExcluded = { kind: 'self_exclusion', until: UNTIL };

let exclusion: unknown;
let fetchMock: ReturnType<typeof vi.fn>;
let liftReply: () => Response;
const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  exclusion = onBreak;
  liftReply = () => {
    exclusion = null;
    return reply(200, { success: true, userId: 42 });
  };
  fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path.startsWith('/api/admin/users/42/ledger')) return reply(200, { success: true, entries: [] });
    if (method === 'GET' && path.startsWith('/api/admin/users/42/bets')) return reply(200, { success: true, bets: [] });
    if (method === 'GET' && path === '/api/admin/users/42')
      return reply(200, { success: true, user, sessions: [], rg: { language: 'en', reminderMinutes: null, limits, exclusion } });
    if (method === 'POST' && path === '/api/admin/users/42/break/lift') return liftReply();
    return reply(404, { error: 'not_found', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScreen() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/admin/money/users/42']}>
        <Routes>
          <Route path="/admin/money/users/:id" element={<UserScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lifts = () => fetchMock.mock.calls.filter(([path, init]) => String(path).endsWith('/break/lift') && (init as RequestInit | undefined)?.method === 'POST');

async function openConfirm() {
  const card = await screen.findByTestId('rg-card');
  fireEvent.click(await within(card).findByTestId('rg-lift'));
  return screen.findByRole('dialog', { name: 'Lift the break' });
}

describe('user screen: responsible gaming', () => {
  it('shows every limit: in force, used this period, and a change waiting with when it applies', async () => {
    const r = renderScreen();
    const card = await screen.findByTestId('rg-card');
    expect(within(card).getByRole('heading', { name: 'Responsible gaming' })).toBeTruthy();
    const table = await within(card).findByTestId('rg-limits');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 7);
    const day = within(table).getByTestId('rg-limit-deposit_day');
    expect(within(day).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Daily deposit limit', '₹5,000.00', '₹1,250.50', '₹20,000.00 from 25 Nov 2026, 09:30 IST']);
    const week = within(table).getByTestId('rg-limit-deposit_week');
    expect(within(week).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Weekly deposit limit', 'No limit', '₹3,000.00', '—']);
    // A removal waiting: no limit from then.
    expect(within(within(table).getByTestId('rg-limit-loss_day')).getAllByRole('cell')[3]?.textContent).toBe('No limit from 25 Nov 2026, 09:30 IST');
    // Max stake has no period: nothing used.
    expect(within(within(table).getByTestId('rg-limit-max_stake')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Largest stake per bet', '₹500.00', '—', '—']);
    expect(r.container.textContent).not.toMatch(/undefined|NaN|null/);
  });

  it('shows a break with its end in IST, and lifts it after a confirmation', async () => {
    renderScreen();
    const badge = await screen.findByTestId('rg-exclusion');
    expect(badge.textContent).toBe('On a break until 24 Nov 2026, 21:05 IST');
    expect(screen.queryByTestId('rg-locked-note')).toBeNull();
    const dialog = await openConfirm();
    expect(within(dialog).getByTestId('rg-lift-confirm-text').textContent).toBe("End Asha Rao's break now? They can bet and deposit again at once.");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, lift the break' }));
    await waitFor(() => expect(screen.queryByTestId('rg-exclusion')).toBeNull());
    expect(lifts()).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('rg-lift')).toBeNull();
    expect(screen.getByTestId('rg-no-exclusion').textContent).toBe('No break or self-exclusion in force.');
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    renderScreen();
    const dialog = await openConfirm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lifts()).toHaveLength(0);
    expect(screen.getByTestId('rg-exclusion').textContent).toMatch(/^On a break until/);
  });

  it('shows a self-exclusion with no lift button, and says it cannot be lifted', async () => {
    exclusion = selfExcluded;
    renderScreen();
    const badge = await screen.findByTestId('rg-exclusion');
    expect(badge.textContent).toBe('Self-excluded until 24 Nov 2026, 21:05 IST');
    expect(screen.queryByTestId('rg-lift')).toBeNull();
    expect(screen.getByTestId('rg-locked-note').textContent).toBe('A self-exclusion cannot be lifted before it ends.');
  });

  it('shows the server’s refusal, and the state as it now is', async () => {
    // The player self-excluded while the operator looked at their break.
    liftReply = () => {
      exclusion = selfExcluded;
      return reply(409, { error: 'self_exclusion_locked', message: 'A self-exclusion cannot be ended or shortened before its end date.' });
    };
    renderScreen();
    const dialog = await openConfirm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, lift the break' }));
    await waitFor(() => expect(screen.getByTestId('rg-exclusion').textContent).toMatch(/^Self-excluded until/));
    expect(screen.getByRole('alert').textContent).toBe('A self-exclusion cannot be ended or shortened before its end date.');
    expect(screen.queryByTestId('rg-lift')).toBeNull();
    expect(lifts()).toHaveLength(1);
  });

  it('says so when nothing is in force', async () => {
    exclusion = null;
    renderScreen();
    expect((await screen.findByTestId('rg-no-exclusion')).textContent).toBe('No break or self-exclusion in force.');
    expect(screen.queryByTestId('rg-exclusion')).toBeNull();
    expect(screen.queryByTestId('rg-lift')).toBeNull();
  });
});
