// @vitest-environment jsdom
/**
 * The public screens' shell: a visitor stays (no redirect to /login), gets no socket and a Login button that comes
 * back to the page; signed in, the header shows the username and the wallet's balance, kept by `balance_update`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { handlers, resetFakeSocket, serverSends } from '@/testing/fake-socket';
import PublicLayout from './PublicLayout';
import { usePublicSession } from './public-session';
import { cleanUpAfterEach, testUser } from '@/testing/server';

vi.mock('@/lib/socket', () => import('@/testing/fake-socket'));

const user = testUser({ walletBalance: 10 });
let signedIn: boolean;

beforeEach(() => {
  resetFakeSocket();
  signedIn = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/me')
        return signedIn
          ? new Response(JSON.stringify(user), { status: 200 })
          : new Response('{"message":"Unauthorized"}', { status: 401 });
      if (path === '/api/getwalletandexposure/7')
        return new Response(JSON.stringify({ balance: 1000, exposureBalance: 0 }), { status: 200 });
      return new Response('{}', { status: 404 });
    }),
  );
});
cleanUpAfterEach();

function Page() {
  const { userId } = usePublicSession();
  return <p data-testid="page">{userId ?? 'visitor'}</p>;
}

function Login() {
  const from = (useLocation().state as { from?: { pathname: string } } | null)?.from;
  return <p data-testid="login">{from?.pathname}</p>;
}

function show() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/cricket2/games/A%20v%20B']}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path="/cricket2/games/:Livematch" element={<Page />} />
          </Route>
          <Route path="/login" element={<Login />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the public layout', () => {
  it('lets a visitor stay, with no socket, and its Login button comes back to the page', async () => {
    show();
    expect((await screen.findByTestId('page')).textContent).toBe('visitor');
    expect(screen.queryByTestId('header-balance')).toBeNull();
    expect(handlers.size).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByTestId('login')).textContent).toBe('/cricket2/games/A%20v%20B');
  });

  it('signed in: the username, the wallet’s balance (moved by balance_update) and a way home', async () => {
    signedIn = true;
    show();
    expect((await screen.findByTestId('page')).textContent).toBe('7');
    expect(screen.getByTestId('header-username').textContent).toBe('9876500007');
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('₹1,000.00'));
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    serverSends('balance_update', { userId: 7, type: 'add', amount: 200, balance: 1200, exposureBalance: 0 });
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('₹1,200.00'));
  });
});
