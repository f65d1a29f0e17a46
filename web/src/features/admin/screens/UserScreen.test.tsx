// @vitest-environment jsdom
/**
 * A person's responsible gaming on the user screen, on a fake server: their limits (in force, used, a change
 * waiting), a break lifted after a confirmation (or not, when cancelled or refused), a self-exclusion that cannot be.
 * And a password-reset code: issued after a confirmation, shown once with a copy button, gone once hidden.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import UserScreen from './UserScreen';
import { cleanUpAfterEach, reply } from '@/testing/server';

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
  dateOfBirth: '1990-01-15',
  age: 36,
  region: 'IN-TG',
  regionAllowed: false,
  kycLevel: 'basic',
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
let resetReply: () => Response;

beforeEach(() => {
  exclusion = onBreak;
  liftReply = () => {
    exclusion = null;
    return reply(200, { success: true, userId: 42 });
  };
  resetReply = () => reply(200, { success: true, userNo: 100042, code: '123456789012' });
  fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path.startsWith('/api/admin/users/42/ledger'))
      return reply(200, { success: true, entries: [] });
    if (method === 'GET' && path.startsWith('/api/admin/users/42/bets')) return reply(200, { success: true, bets: [] });
    if (method === 'GET' && path === '/api/admin/users/42')
      return reply(200, {
        success: true,
        user,
        sessions: [],
        rg: { language: 'en', reminderMinutes: null, limits, exclusion },
      });
    if (method === 'POST' && path === '/api/admin/users/42/break/lift') return liftReply();
    if (method === 'POST' && path === '/api/admin/users/100042/reset-code') return resetReply();
    return reply(404, { error: 'not_found', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
cleanUpAfterEach();

function renderScreen() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return Object.assign(
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/admin/money/users/42']}>
          <Routes>
            <Route path="/admin/money/users/:id" element={<UserScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
    { qc },
  );
}

const lifts = () =>
  fetchMock.mock.calls.filter(
    ([path, init]) => String(path).endsWith('/break/lift') && (init as RequestInit | undefined)?.method === 'POST',
  );

async function openConfirm() {
  const card = await screen.findByTestId('rg-card');
  fireEvent.click(await within(card).findByTestId('rg-lift'));
  return screen.findByRole('dialog', { name: 'Lift the break' });
}

describe('user screen: real mode', () => {
  it('shows the date of birth and age, the region (marked when no longer allowed) and the identity level', async () => {
    renderScreen();
    expect((await screen.findByTestId('user-dob')).textContent).toBe('1990-01-15 (age 36)');
    expect(screen.getByTestId('user-region').textContent).toBe('IN-TG Not allowed');
    expect(screen.getByTestId('user-kyc-level').textContent).toBe('Basic');
  });
});

describe('user screen: responsible gaming', () => {
  it('shows every limit: in force, used this period, and a change waiting with when it applies', async () => {
    const r = renderScreen();
    const card = await screen.findByTestId('rg-card');
    expect(within(card).getByRole('heading', { name: 'Responsible gaming' })).toBeTruthy();
    const table = await within(card).findByTestId('rg-limits');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 7);
    const day = within(table).getByTestId('rg-limit-deposit_day');
    expect(
      within(day)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Daily deposit limit', '₹5,000.00', '₹1,250.50', '₹20,000.00 from 25 Nov 2026, 09:30 IST']);
    const week = within(table).getByTestId('rg-limit-deposit_week');
    expect(
      within(week)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Weekly deposit limit', 'No limit', '₹3,000.00', '—']);
    // A removal waiting: no limit from then.
    expect(within(within(table).getByTestId('rg-limit-loss_day')).getAllByRole('cell')[3]?.textContent).toBe(
      'No limit from 25 Nov 2026, 09:30 IST',
    );
    // Max stake has no period: nothing used.
    expect(
      within(within(table).getByTestId('rg-limit-max_stake'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Largest stake per bet', '₹500.00', '—', '—']);
    expect(r.container.textContent).not.toMatch(/undefined|NaN|null/);
  });

  it('shows a break with its end in IST, and lifts it after a confirmation', async () => {
    renderScreen();
    const badge = await screen.findByTestId('rg-exclusion');
    expect(badge.textContent).toBe('On a break until 24 Nov 2026, 21:05 IST');
    expect(screen.queryByTestId('rg-locked-note')).toBeNull();
    const dialog = await openConfirm();
    expect(within(dialog).getByTestId('rg-lift-confirm-text').textContent).toBe(
      "End Asha Rao's break now? They can bet and deposit again at once.",
    );
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
      return reply(409, {
        error: 'self_exclusion_locked',
        message: 'A self-exclusion cannot be ended or shortened before its end date.',
      });
    };
    renderScreen();
    const dialog = await openConfirm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, lift the break' }));
    await waitFor(() => expect(screen.getByTestId('rg-exclusion').textContent).toMatch(/^Self-excluded until/));
    expect(screen.getByRole('alert').textContent).toBe(
      'A self-exclusion cannot be ended or shortened before its end date.',
    );
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

const issues = () =>
  fetchMock.mock.calls.filter(
    ([path, init]) => String(path).endsWith('/reset-code') && (init as RequestInit | undefined)?.method === 'POST',
  );

/** Whether react-query still holds a code anywhere (a mutation's answer). */
const cachedCodes = (qc: QueryClient) =>
  qc
    .getMutationCache()
    .getAll()
    .filter((m) => JSON.stringify(m.state.data ?? null).includes('"code"'));

async function confirmIssue() {
  const card = await screen.findByTestId('reset-card');
  fireEvent.click(within(card).getByRole('button', { name: 'Issue reset code' }));
  const dialog = await screen.findByRole('dialog', { name: 'Issue a reset code' });
  expect(within(dialog).getByTestId('reset-confirm-text').textContent).toBe(
    'Issue a new password-reset code for Asha Rao? Any code issued earlier stops working.',
  );
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, issue a code' }));
  return card;
}

describe('user screen: password-reset code', () => {
  let writeText: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('asks first, and sends nothing when cancelled', async () => {
    renderScreen();
    const card = await screen.findByTestId('reset-card');
    expect(within(card).getByRole('heading', { name: 'Password reset' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Issue reset code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue a reset code' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(issues()).toHaveLength(0);
    expect(screen.queryByTestId('reset-code-panel')).toBeNull();
  });

  it('shows the code once, with a copy button and how to pass it on; hidden for good after "Done"', async () => {
    const { qc } = renderScreen();
    const card = await confirmIssue();
    const panel = await within(card).findByTestId('reset-code-panel');
    expect(issues()).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    const value = within(panel).getByTestId('reset-code-value');
    expect(value.textContent).toBe('123456789012');
    // Shown in groups of four, to read out.
    expect([...value.children].map((g) => g.textContent)).toEqual(['1234', '5678', '9012']);
    expect(within(panel).getByText('One-time reset code for Asha Rao (#100042)')).toBeTruthy();
    expect(panel.textContent).toContain('by a trusted channel only');
    expect(within(panel).getByTestId('reset-code-once').textContent).toBe(
      'This code will not be shown again: once you hide it or leave this page it is gone. If it is lost, issue a new one.',
    );
    expect(document.activeElement).toBe(panel);
    // While it is on show there is no second button to press by mistake.
    expect(within(card).queryByRole('button', { name: 'Issue reset code' })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('123456789012'));
    expect((await within(panel).findByTestId('reset-code-copy')).textContent).toBe('Copied!');

    fireEvent.click(within(panel).getByRole('button', { name: 'Done, hide the code' }));
    await waitFor(() => expect(screen.queryByTestId('reset-code-panel')).toBeNull());
    expect(document.body.textContent).not.toContain('123456789012');
    expect(within(card).getByRole('button', { name: 'Issue reset code' })).toBeTruthy();
    // Nor is it kept in react-query's cache, or in any storage.
    await waitFor(() => expect(cachedCodes(qc)).toHaveLength(0));
    expect(JSON.stringify({ ...localStorage })).not.toContain('123456789012');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('123456789012');
    expect(issues()).toHaveLength(1);
  });

  it('forgets the code when the page is left', async () => {
    const r = renderScreen();
    const card = await confirmIssue();
    await within(card).findByTestId('reset-code-panel');
    expect(cachedCodes(r.qc)).toHaveLength(1);
    r.unmount();
    await waitFor(() => expect(cachedCodes(r.qc)).toHaveLength(0));
  });

  it('issues a new code after the last one was hidden', async () => {
    renderScreen();
    let card = await confirmIssue();
    fireEvent.click(await within(card).findByRole('button', { name: 'Done, hide the code' }));
    resetReply = () => reply(200, { success: true, userNo: 100042, code: '210987654321' });
    card = await confirmIssue();
    expect((await within(card).findByTestId('reset-code-value')).textContent).toBe('210987654321');
    expect(issues()).toHaveLength(2);
  });

  it('shows the server’s refusal, and no code', async () => {
    resetReply = () => reply(403, { error: 'forbidden', message: 'Operators only' });
    renderScreen();
    const card = await confirmIssue();
    expect((await within(card).findByRole('alert')).textContent).toBe('Operators only');
    expect(screen.queryByTestId('reset-code-panel')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Issue reset code' })).toBeTruthy();
  });

  it('says so when the account vanished meanwhile (no code in the answer)', async () => {
    resetReply = () => reply(200, { success: true, userNo: 100042, code: null });
    renderScreen();
    const card = await confirmIssue();
    expect((await within(card).findByRole('alert')).textContent).toBe('No code was issued: the account was not found.');
    expect(screen.queryByTestId('reset-code-panel')).toBeNull();
  });
});
