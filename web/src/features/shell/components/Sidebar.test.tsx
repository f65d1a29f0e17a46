// @vitest-environment jsdom
/** The sidebar's Sports section: each sport with its in-play count as a badge; none at 0 or when unknown. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Sidebar } from './Sidebar';

afterEach(cleanup);

const show = (liveCounts?: Record<string, number>) =>
  render(
    <MemoryRouter>
      <Sidebar
        open
        onClose={() => undefined}
        username="u"
        balance={0}
        userNo="1"
        liveCounts={liveCounts}
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
