// @vitest-environment jsdom
/** The casino hub at /casino: its tabs, the lobby's tiles and the games' info cards, each from the games registry. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CasinoHub } from './CasinoHub';

afterEach(cleanup);

const linksOf = (el: HTMLElement) =>
  within(el)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('casino hub', () => {
  it('shows the tabs, the tiles and the info cards in their orders', () => {
    render(
      <MemoryRouter initialEntries={['/casino']}>
        <CasinoHub />
      </MemoryRouter>,
    );
    expect(linksOf(screen.getByRole('navigation', { name: 'Casino' }))).toEqual([
      ['All Games', '/casino'],
      ['Slots', '/casino/slots'],
      ['Live Casino', '/casino/live'],
      ['Aviator', '/casino/aviator'],
      ['Titli Par', '/casino/fun-games'],
      ['Andar Bahar', '/casino/andar-bahar'],
      ['Mines', '/casino/mines'],
      ['Color Prediction', '/casino/color-prediction'],
    ]);
    const tiles = screen.getAllByTestId(/^tile-/);
    expect(tiles.map((t) => [t.dataset.testid, t.getAttribute('href'), t.textContent])).toEqual([
      ['tile-titli', '/casino/fun-games', '❀Tittli PattaPLAY'],
      ['tile-aviator', '/casino/aviator', '✈AviatorPLAY'],
      ['tile-andar-bahar', '/casino/andar-bahar', '♥Andar BaharPLAY'],
      ['tile-color', '/casino/color-prediction', '◉Color PredictionPLAY'],
      ['tile-matka', '/casino/matka', '♦MatkaPLAY'],
      ['tile-aarpar', '/cricket2', '♠Aar Par ParchiPLAY'],
      ['tile-mines', '/casino/mines', '✹MinesPLAY'],
    ]);
    expect(screen.getByTestId('hub-fairness').getAttribute('href')).toBe('/fairness');
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => [within(c).getByRole('heading').textContent, linksOf(c)[0]?.[1]])).toEqual([
      ['Aviator', '/casino/aviator'],
      ['Mines', '/casino/mines'],
      ['Titli Par', '/casino/fun-games'],
      ['Andar Bahar', '/casino/andar-bahar'],
      ['Color Prediction', '/casino/color-prediction'],
    ]);
  });
});
