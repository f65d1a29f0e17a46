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

/** A request the fake server was sent: its method, path and JSON body (none: undefined). */
export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The fake server's answer to a request; none: a 404 `not_found`. */
export type FakeAnswer = (method: string, path: string, body: unknown) => Response | Promise<Response> | undefined;

/**
 * `fetch` stubbed as a fake server that answers with `route` (a 404 `not_found` where it has no answer); what it was
 * sent, in order, is the array returned. `cleanUpAfterEach` puts `fetch` back.
 */
export function fakeServer(route: FakeAnswer): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      return (
        (await route(method, path, body)) ?? reply(404, { success: false, error: 'not_found', message: 'not found' })
      );
    }),
  );
  return calls;
}

/** The bodies of the `method` requests to `path` among `calls`, in order. */
export const sent = (calls: Call[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);

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
