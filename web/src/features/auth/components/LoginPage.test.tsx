// @vitest-environment jsdom
/** After logging in, someone a public page sent here goes back to it (with its navigation state); others go home. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './LoginPage';
import { cleanUpAfterEach, submitLogin } from '@/testing/server';

const user = { id: 7, userNo: 100007, username: '9876500007', role: 'player', walletBalance: 0, exposureBalance: 0 };

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ success: true, user, wallet: { balance: 0, exposureBalance: 0 }, history: [], token: 't' }),
          { status: 200 },
        ),
    ),
  );
});
cleanUpAfterEach();

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{`${loc.pathname}${loc.search} ${JSON.stringify(loc.state)}`}</p>;
}

async function logIn(entry: InitialEntry) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  submitLogin();
  return (await screen.findByTestId('where')).textContent;
}

describe('login', () => {
  it('returns to the page that sent the visitor, with that page’s state', async () => {
    const state = { eventId: 101, matchName: 'A v B', scoreIframe: '/score/101' };
    expect(
      await logIn({
        pathname: '/login',
        state: { from: { pathname: '/cricket2/games/A%20v%20B', search: '?c=2', hash: '', state } },
      }),
    ).toBe(`/cricket2/games/A%20v%20B?c=2 ${JSON.stringify(state)}`);
  });

  it('goes home without a page to return to', async () => {
    expect(await logIn('/login')).toBe('/ null');
  });
});
