// @vitest-environment jsdom
/** The account's language (`/api/me` → `language`) becomes the app's when the session user is loaded. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, setLanguage } from '@/i18n';
import { accountLanguage, useMe } from './auth';
import { testUser } from '@/testing/server';

const user = testUser();
let language: unknown;

beforeEach(() => {
  setLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ ...user, language }), { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('en');
});

function Shell() {
  const me = useMe();
  const { t } = useTranslation();
  return <p data-testid="shell">{me.data ? t('logout') : '…'}</p>;
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Shell />
    </QueryClientProvider>,
  );

describe('the account language', () => {
  it('switches the app to the language /api/me names', async () => {
    language = 'hi';
    show();
    await waitFor(() => expect(currentLanguage()).toBe('hi'));
    await waitFor(() => expect(screen.getByTestId('shell').textContent).toBe('लॉग आउट'));
    expect(localStorage.getItem('casino.lang')).toBe('hi');
  });

  it('leaves the language alone when /api/me names none the app has', async () => {
    language = 'fr';
    show();
    await waitFor(() => expect(screen.getByTestId('shell').textContent).toBe('Logout'));
    expect(currentLanguage()).toBe('en');
  });

  it('reads only English and Hindi', () => {
    expect(accountLanguage({ ...user, language: 'en' } as never)).toBe('en');
    expect(accountLanguage({ ...user, language: 'hi' } as never)).toBe('hi');
    expect(accountLanguage({ ...user, language: 'HI' } as never)).toBeNull();
    expect(accountLanguage({ ...user } as never)).toBeNull();
    expect(accountLanguage(null)).toBeNull();
  });
});
