// @vitest-environment jsdom
/**
 * The Settings screen against a stubbed server: the seven limits (in force, used, a waiting raise) and their form,
 * the language switch saved to the account, the break behind its confirmation, sessions and the password change.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { LIMIT_KINDS, type AccountSettings, type Limit } from '../api/types';
import { SettingsPage } from './SettingsPage';
import { fakeServer, reply, sent, type Call } from '@/testing/server';

const NOW = Date.UTC(2026, 10, 24, 15, 35); // 24 Nov 2026, 21:05 IST

let calls: Call[];
let settings: AccountSettings;
let answers: Record<string, (body: unknown) => Response>;

const limit = (kind: Limit['kind'], over: Partial<Limit> = {}): Limit => ({
  kind,
  amount: null,
  pending: null,
  used: kind === 'max_stake' ? null : 0,
  ...over,
});

beforeEach(() => {
  settings = {
    language: 'en',
    reminderMinutes: null,
    exclusion: null,
    limits: LIMIT_KINDS.map((k) =>
      k === 'deposit_week'
        ? limit(k, { amount: 1000, used: 250, pending: { amount: 5000, effectiveAt: NOW + 24 * 3600_000 } })
        : limit(k),
    ),
  };
  answers = {
    'GET /api/account/settings': () => reply(200, settings),
    'GET /api/account/sessions': () =>
      reply(200, {
        sessions: [
          {
            id: 'a1',
            current: false,
            createdAt: NOW - 3600_000,
            expiresAt: NOW + 3600_000,
            userAgent:
              'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
          },
          {
            id: 'me',
            current: true,
            createdAt: NOW,
            expiresAt: NOW + 3600_000,
            userAgent:
              'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
          },
        ],
      }),
  };
  calls = fakeServer((method, path, body) => answers[`${method} ${path}`]?.(body));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('en');
});

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/account/settings']}>
        <SettingsPage userId="7" userNo="100007" username="9876543210" role="player" onLogout={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const row = (kind: string) => screen.getByTestId(`limit-${kind}`);
const sentTo = (method: string, path: string) => sent(calls, method, path);

describe('Settings', () => {
  it('keeps the account details and shows each limit: in force, used this period and a waiting raise', async () => {
    show();
    expect(screen.getByTestId('settings-account-id').textContent).toBe('7');
    expect(screen.getByText('100007')).toBeTruthy();
    await screen.findByTestId('limit-loss_day');
    expect(LIMIT_KINDS.map((k) => row(k).querySelector('h3')?.textContent)).toEqual([
      'Daily deposit limit',
      'Weekly deposit limit',
      'Monthly deposit limit',
      'Daily loss limit',
      'Weekly loss limit',
      'Monthly loss limit',
      'Largest stake per bet',
    ]);
    expect(screen.getByText('Lowering applies now; raising or removing takes effect after 24 hours.')).toBeTruthy();
    const week = row('deposit_week');
    expect(within(week).getByTestId('limit-amount-deposit_week').textContent).toBe('In force: ₹1,000.00');
    expect(within(week).getByTestId('limit-used-deposit_week').textContent).toBe('Deposited this week: ₹250.00');
    expect(within(week).getByTestId('limit-pending-deposit_week').textContent).toBe(
      'Waiting: ₹5,000.00 from 25 Nov 2026, 21:05 IST',
    );
    expect(within(row('loss_day')).getByTestId('limit-amount-loss_day').textContent).toBe('No limit');
    expect(within(row('max_stake')).queryByTestId('limit-used-max_stake')).toBeNull();
  });

  it('saves a limit and shows what the server answered', async () => {
    answers['PUT /api/account/limits/loss_day'] = (body) => {
      settings = {
        ...settings,
        limits: settings.limits.map((l) =>
          l.kind === 'loss_day' ? { ...l, amount: (body as { amount: number }).amount } : l,
        ),
      };
      return reply(200, settings);
    };
    show();
    await screen.findByTestId('limit-loss_day');
    fireEvent.change(screen.getByTestId('limit-input-loss_day'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('limit-save-loss_day'));
    expect((await screen.findByTestId('limit-result-loss_day')).textContent).toBe('Saved: applies now.');
    expect(sentTo('PUT', '/api/account/limits/loss_day')).toEqual([{ amount: 20 }]);
    expect(screen.getByTestId('limit-amount-loss_day').textContent).toBe('In force: ₹20.00');
    expect((screen.getByTestId('limit-input-loss_day') as HTMLInputElement).value).toBe('');
  });

  it('removing a limit waits 24 hours and says when', async () => {
    answers['PUT /api/account/limits/deposit_week'] = () => reply(200, settings);
    show();
    await screen.findByTestId('limit-deposit_week');
    fireEvent.click(screen.getByTestId('limit-remove-deposit_week'));
    expect((await screen.findByTestId('limit-result-deposit_week')).textContent).toBe(
      'Saved: takes effect at 25 Nov 2026, 21:05 IST.',
    );
    expect(sentTo('PUT', '/api/account/limits/deposit_week')).toEqual([{ amount: null }]);
  });

  it('refuses a bad amount itself and shows the server’s refusal', async () => {
    answers['PUT /api/account/limits/max_stake'] = () =>
      reply(400, { error: 'invalid_amount', message: 'The amount must be between ₹1 and ₹10,00,000.' });
    show();
    await screen.findByTestId('limit-max_stake');
    fireEvent.change(screen.getByTestId('limit-input-max_stake'), { target: { value: '1.234' } });
    fireEvent.click(screen.getByTestId('limit-save-max_stake'));
    expect(screen.getByTestId('limit-result-max_stake').textContent).toBe(
      'Enter an amount above ₹0 (at most 2 decimals).',
    );
    expect(sentTo('PUT', '/api/account/limits/max_stake')).toEqual([]);
    fireEvent.change(screen.getByTestId('limit-input-max_stake'), { target: { value: '99999999' } });
    fireEvent.click(screen.getByTestId('limit-save-max_stake'));
    await waitFor(() =>
      expect(screen.getByTestId('limit-result-max_stake').textContent).toBe(
        'The amount must be between ₹1 and ₹10,00,000.',
      ),
    );
  });

  it('tells that a raise will wait while it is typed', async () => {
    show();
    await screen.findByTestId('limit-deposit_week');
    fireEvent.change(screen.getByTestId('limit-input-deposit_week'), { target: { value: '2000' } });
    expect(within(row('deposit_week')).getByText('A raise takes effect after 24 hours.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('limit-input-deposit_week'), { target: { value: '500' } });
    expect(within(row('deposit_week')).queryByText('A raise takes effect after 24 hours.')).toBeNull();
  });

  it('saves the language to the account and switches the screen to it', async () => {
    answers['PUT /api/account/language'] = (body) =>
      reply(200, { ...settings, language: (body as { language: string }).language });
    show();
    expect(screen.getByTestId('language-en').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('language-hi'));
    expect(await screen.findByRole('heading', { level: 1, name: 'सेटिंग्स' })).toBeTruthy();
    expect(sentTo('PUT', '/api/account/language')).toEqual([{ language: 'hi' }]);
    expect(screen.getByTestId('language-hi').getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.lang).toBe('hi');
  });

  it('takes a break only after the confirmation, then shows the banner', async () => {
    const until = NOW + 7 * 24 * 3600_000;
    answers['POST /api/account/exclusion'] = () => reply(200, { ...settings, exclusion: { kind: 'break', until } });
    show();
    fireEvent.change(screen.getByTestId('take-a-break-length'), { target: { value: 'break-1w' } });
    fireEvent.click(screen.getByTestId('take-a-break-start'));
    const dialog = screen.getByTestId('take-a-break-confirm');
    expect(dialog.textContent).toContain(
      'Take a break for 1 week? Bets and deposits will be refused until it ends. It cannot be undone early, only made longer.',
    );
    expect(sentTo('POST', '/api/account/exclusion')).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('take-a-break-yes'));
    expect((await screen.findByTestId('exclusion-banner')).textContent).toBe(
      'You are on a break until 01 Dec 2026, 21:05 IST: bets and deposits are paused. Withdrawals still work.',
    );
    expect(sentTo('POST', '/api/account/exclusion')).toEqual([{ kind: 'break', days: 7 }]);
  });

  it('says so when a longer exclusion is already in force', async () => {
    answers['POST /api/account/exclusion'] = () =>
      reply(409, { error: 'exclusion_active', message: 'An exclusion that ends later is in force.' });
    show();
    fireEvent.click(screen.getByTestId('self-exclusion-start'));
    expect(screen.getByTestId('self-exclusion-confirm').textContent).toContain('Exclude yourself for 6 months?');
    fireEvent.click(screen.getByTestId('self-exclusion-yes'));
    expect(await screen.findByText('An exclusion that ends later is in force.')).toBeTruthy();
    expect(sentTo('POST', '/api/account/exclusion')).toEqual([{ kind: 'self_exclusion', months: 6 }]);
  });

  it('lists the sessions, this device first, and ends another', async () => {
    answers['DELETE /api/account/sessions/a1'] = () => reply(200, { success: true });
    show();
    const items = await screen.findAllByTestId('session');
    expect(items.map((li) => li.querySelector('b')?.textContent)).toEqual(['Chrome on Android', 'Safari on iOS']);
    expect(within(items[0]!).getByText('This device')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByText('Logged in 24 Nov 2026, 20:05 IST')).toBeTruthy();
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/account/sessions/a1')).toBe(true);
  });

  it('changes the password and says the other sessions were ended', async () => {
    answers['POST /api/account/password'] = () => reply(200, { success: true, endedSessions: 1 });
    show();
    await screen.findAllByTestId('session');
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-pass' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-pass-1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-pass-2' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(screen.getByTestId('password-result').textContent).toBe('The new passwords do not match.');
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-pass-1' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('password-result').textContent).toBe('Password changed. 1 other session was ended.'),
    );
    expect(sentTo('POST', '/api/account/password')).toEqual([{ oldPassword: 'old-pass', newPassword: 'new-pass-1' }]);
    expect(screen.getAllByTestId('session')).toHaveLength(1);
  });

  it('shows a wrong old password as the server says it', async () => {
    answers['POST /api/account/password'] = () =>
      reply(400, { error: 'wrong_password', message: 'The current password is wrong.' });
    show();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'nope-nope' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-pass-1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-pass-1' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('password-result').textContent).toBe('The current password is wrong.'),
    );
  });

  it('saves the session reminder', async () => {
    answers['PUT /api/account/reminder'] = (body) =>
      reply(200, { ...settings, reminderMinutes: (body as { minutes: number | null }).minutes });
    show();
    const select = (await screen.findByTestId('reminder-select')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      'Off',
      'Every 15 minutes',
      'Every 30 minutes',
      'Every 60 minutes',
    ]);
    fireEvent.change(select, { target: { value: '30' } });
    expect(await screen.findByText('You will be reminded every 30 minutes.')).toBeTruthy();
    expect(sentTo('PUT', '/api/account/reminder')).toEqual([{ minutes: 30 }]);
    expect(select.value).toBe('30');
  });
});
