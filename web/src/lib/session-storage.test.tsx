// @vitest-environment jsdom
/** The web session is the HttpOnly cookie: nothing secret reaches browser storage or leaves in a header. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '@/features/auth/components/LoginPage';
import { api } from './api-client';
import { PREFERENCE_KEYS, clearSession, storeUserNo } from './storage';
import { cleanUpAfterEach, submitLogin, testUser } from '@/testing/server';

const TOKEN = 'a-secret-session-token-0123456789abcdef';
const user = testUser();

type FetchCall = [string, RequestInit];

function mockServer() {
  const fetchMock = vi.fn(async (path: string) => {
    if (path === '/api/login') {
      return new Response(
        JSON.stringify({ success: true, user, wallet: { balance: 0, exposureBalance: 0 }, history: [], token: TOKEN }),
        {
          status: 200,
        },
      );
    }
    if (path.startsWith('/api/userLoginUserNo/'))
      return new Response(JSON.stringify({ success: true, userNo: 100007 }), { status: 200 });
    return new Response(JSON.stringify(user), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function storedEverything(): string {
  return Object.keys(localStorage)
    .map((k) => `${k}=${localStorage.getItem(k) ?? ''}`)
    .join('\n');
}

beforeEach(() => localStorage.clear());
cleanUpAfterEach();

describe('the web session', () => {
  it('keeps nothing but preferences in localStorage after a login', async () => {
    const fetchMock = mockServer();
    storeUserNo('100007');
    const queryClient = new QueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/" element={<p>home</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    submitLogin();
    await screen.findByText('home');

    expect((fetchMock.mock.calls as unknown as FetchCall[]).some(([path]) => path === '/api/login')).toBe(true);
    for (const key of Object.keys(localStorage)) expect(PREFERENCE_KEYS as readonly string[]).toContain(key);
    expect(storedEverything()).not.toContain(TOKEN);
    expect(storedEverything()).not.toContain('Test Player');
  });

  it('sends no token of its own: requests rely on the same-origin cookie', async () => {
    const fetchMock = mockServer();
    localStorage.setItem('token', TOKEN); // left behind by an older version
    await api.get('/api/me');
    await api.post('/api/logout');
    for (const [, init] of fetchMock.mock.calls as unknown as FetchCall[]) {
      const headers = new Headers(init.headers);
      expect(headers.has('Authorization')).toBe(false);
      expect(init.credentials).toBe('same-origin');
    }
  });

  it('removes the session keys older versions stored, and keeps the preference', () => {
    localStorage.setItem('token', TOKEN);
    localStorage.setItem('user', JSON.stringify(user));
    storeUserNo(100007);
    clearSession();
    expect(Object.keys(localStorage)).toEqual(['UserNo']);
  });
});

describe('the socket', () => {
  it('connects same-origin with the default transports (polling, then the upgrade) and no token in the CONNECT payload', async () => {
    const io = vi.fn(() => ({ on: vi.fn(), off: vi.fn(), disconnect: vi.fn() }));
    vi.doMock('socket.io-client', () => ({ io }));
    const { getSocket, disconnectSocket } = await import('./socket');
    getSocket();
    const [, options] = io.mock.calls[0] as unknown as [string, Record<string, unknown>];
    expect(options.auth).toBeUndefined();
    expect(options.transports).toBeUndefined();
    expect(options.path).toBe('/socket.io/');
    disconnectSocket();
    vi.doUnmock('socket.io-client');
  });
});
