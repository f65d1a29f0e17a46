// @vitest-environment jsdom
/**
 * The header and the ticker in both money modes: real money offers Deposit and Withdraw; play mode has neither, says
 * "no cash value" (in the header and the ticker, in English and Hindi) and offers the daily top-up instead.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { cleanUpAfterEach, fakeServer, renderWithClient, reply } from '@/testing/server';
import { Header } from './Header';
import { NewsTicker } from './NewsTicker';

const TOP_UP = { success: true, claimedToday: false, available: 500, nextAt: 0 };

function serve(moneyMode: 'play' | 'real') {
  fakeServer((_, path) => {
    if (path === '/api/platform') return reply(200, { success: true, moneyMode });
    if (path === '/api/play-points') return reply(200, TOP_UP);
    if (path === '/api/platform/news') return reply(200, []);
    return undefined;
  });
}

const onDeposit = vi.fn();
const show = () =>
  renderWithClient(
    <>
      <Header
        username="Asha"
        balance={1000}
        userId="7"
        onMenu={() => undefined}
        onDeposit={onDeposit}
        onWithdraw={() => undefined}
        onLogout={() => undefined}
      />
      <NewsTicker />
    </>,
  );

afterEach(() => i18n.changeLanguage('en'));
cleanUpAfterEach();

describe('header and ticker', () => {
  it('real money: Deposit and Withdraw, no play-points label, the usual welcome', async () => {
    serve('real');
    show();
    expect(await screen.findByText(/Deposits and withdrawals are processed via UPI/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(onDeposit).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(screen.queryByTestId('play-note')).toBeNull();
    expect(screen.queryByTestId('ticker-play')).toBeNull();
    expect(screen.queryByTestId('top-up')).toBeNull();
  });

  it('play mode: no Deposit or Withdraw; "no cash value" in the header and the ticker; the daily top-up', async () => {
    serve('play');
    show();
    expect((await screen.findByTestId('play-note')).textContent).toBe('Play points — no cash value');
    expect(screen.getByTestId('ticker-play').textContent).toBe('Play points — no cash value');
    expect(screen.getByTestId('news').textContent).toMatch(/points have no cash value/);
    expect(await screen.findByRole('button', { name: 'Claim daily points: ₹500.00' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    await i18n.changeLanguage('hi');
    expect(screen.getByTestId('play-note').textContent).toBe('प्ले पॉइंट्स — कोई नकद मूल्य नहीं');
  });
});
