/** What tests of screens share: a signed-in user, the fake server's JSON answers, a screen rendered with its query client and router, the login form filled in. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';

/** The user `/api/me` and a login answer with (player 100007 unless changed). */
export const testUser = (more: Record<string, unknown> = {}) => ({
  id: 7,
  userNo: 100007,
  username: '9876500007',
  name: 'Test Player',
  role: 'player',
  walletBalance: 0,
  exposureBalance: 0,
  ...more,
});

/** An answer of the fake server: `body` as JSON with `status`. */
export const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A query client for one test: a failed query fails at once. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** `ui` under a fresh (non-retrying) query client and a memory router; the client comes back too. */
export function renderWithClient(ui: ReactNode, client: QueryClient = testQueryClient()) {
  return Object.assign(
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
    { client },
  );
}

/** The login form filled in as user 100007 and sent. */
export function submitLogin(password = 'secret1') {
  fireEvent.change(screen.getByLabelText('User Number'), { target: { value: '100007' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

/** After each test of the file: the DOM emptied and the stubbed globals (fetch…) put back. */
export function cleanUpAfterEach() {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
