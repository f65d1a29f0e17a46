// @vitest-environment jsdom
/**
 * The session reminder with real timers: the prompt falls on login + N minutes (so a reload mid-session keeps the
 * schedule), shows the time played and the net result asked of the server at that moment, and closes on Keep playing.
 */
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionSummary } from '../api/types';
import { SessionReminder } from './SessionReminder';
import { cleanUpAfterEach, renderWithClient } from '@/testing/server';

let summaries: SessionSummary[];
let asked: number;

beforeEach(() => {
  asked = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path !== '/api/account/session-summary') return new Response('{}', { status: 404 });
      const s = summaries[Math.min(asked, summaries.length - 1)]!;
      asked += 1;
      return new Response(JSON.stringify({ ...s, now: Date.now() }), { status: 200 });
    }),
  );
});
cleanUpAfterEach();

function show() {
  renderWithClient(<SessionReminder />);
}

describe('SessionReminder', () => {
  it('prompts when N minutes since login come round, with the net result asked at that moment', async () => {
    // Logged in almost 15 minutes ago (a reload now must not restart the count): the prompt is due in 150 ms.
    const since = Date.now() - 15 * 60_000 + 150;
    summaries = [
      { since, now: 0, net: 0, reminderMinutes: 15 },
      { since, now: 0, net: -50, reminderMinutes: 15 },
    ];
    show();
    expect(screen.queryByTestId('session-reminder')).toBeNull();
    const prompt = await screen.findByTestId('session-reminder', {}, { timeout: 3000 });
    expect(asked).toBe(2);
    expect(prompt.textContent).toContain('You have been playing for 15 min.');
    expect(prompt.textContent).toContain('Net result since login: −₹50.00');
    expect(screen.getByRole('link', { name: 'Take a break' }).getAttribute('href')).toBe(
      '/account/settings#take-a-break',
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep playing' }));
    expect(screen.queryByTestId('session-reminder')).toBeNull();
  });

  it('stays quiet with the reminder off', async () => {
    summaries = [{ since: Date.now() - 15 * 60_000 + 50, now: 0, net: 0, reminderMinutes: null }];
    show();
    await new Promise((r) => setTimeout(r, 300));
    expect(asked).toBe(1);
    expect(screen.queryByTestId('session-reminder')).toBeNull();
  });
});
