// @vitest-environment jsdom
/**
 * The sidebar's Sports section: each sport with its in-play count as a badge; none at 0 or when unknown. Its Casino
 * section. My Account: Transactions in real money only.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Sidebar } from './Sidebar';

afterEach(cleanup);

const show = (liveCounts?: Record<string, number>, play = false) =>
  render(
    <MemoryRouter>
      <Sidebar
        open
        onClose={() => undefined}
        username="u"
        balance={0}
        userNo="1"
        liveCounts={liveCounts}
        play={play}
        onLogout={() => undefined}
      />
    </MemoryRouter>,
  );

describe('sidebar sports', () => {
  it('lists the spec sports with their live counts', () => {
    show({ '4': 4, '1': 0, '7522': 12 });
    const link = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) });
    expect(link('Cricket').getAttribute('href')).toBe('/sport/4');
    expect(within(link('Cricket')).getByTestId('sport-live-count').textContent).toBe('4 live');
    expect(within(link('BasketBall')).getByTestId('sport-live-count').textContent).toBe('12 live');
    expect(within(link('Football')).queryByTestId('sport-live-count')).toBeNull();
    expect(within(link('Tennis')).queryByTestId('sport-live-count')).toBeNull();
  });

  it('shows no badges before the counts arrive', () => {
    show();
    expect(screen.queryAllByTestId('sport-live-count')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Cricket' })).toBeTruthy();
  });
});

describe('sidebar casino', () => {
  it('lists the games by name (games/registry.ts), then the casino links', () => {
    show();
    const section = screen.getByRole('button', { name: /^Casino/ }).closest('section')!;
    const links = within(section as HTMLElement).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Aviator', '/casino/aviator'],
      ['Tittli Patta', '/casino/fun-games'],
      ['Andar Bahar', '/casino/andar-bahar'],
      ['Color Prediction', '/casino/color-prediction'],
      ['Mines', '/casino/mines'],
      ['Matka', '/casino/matka'],
      ['Provably Fair', '/fairness'],
      ['All Casino', '/casino'],
      ['Slots', '/casino/slots'],
      ['Live Casino', '/casino/live-casino'],
      ['Table Games', '/casino/table-games'],
      ['Jackpots', '/casino/jackpots'],
    ]);
  });
});

describe('sidebar my account', () => {
  const links = () => {
    fireEvent.click(screen.getByRole('button', { name: /^My Account/ }));
    const section = screen.getByRole('button', { name: /^My Account/ }).closest('section')!;
    return within(section as HTMLElement)
      .getAllByRole('link')
      .map((a) => a.textContent);
  };

  it('lists Transactions and Identity with real money', () => {
    show();
    expect(links()).toEqual(['Profile', 'My Bets', 'Transactions', 'Identity (KYC)', 'Settings']);
  });

  it('has no Transactions or Identity in play mode (no deposits or withdrawals)', () => {
    show(undefined, true);
    expect(links()).toEqual(['Profile', 'My Bets', 'Settings']);
  });
});
