// @vitest-environment jsdom
/** usePlatform: the money mode from GET /api/platform, asked once however many screens want it; unknown is real. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEach, fakeServer, renderWithClient, reply, sent } from '@/testing/server';
import { usePlatform } from './platform';

cleanUpAfterEach();

const PLAY = { success: true, moneyMode: 'play', playPoints: { grant: 1000, topUp: 500, ceiling: 2000 } };

function Mode({ id }: { id: string }) {
  const { play, isPending } = usePlatform();
  return <p data-testid={id}>{isPending ? 'pending' : play ? 'play' : 'real'}</p>;
}

const show = () =>
  renderWithClient(
    <>
      <Mode id="a" />
      <Mode id="b" />
    </>,
  );

describe('usePlatform', () => {
  it('says play mode when the server does, asking once for every screen', async () => {
    const calls = fakeServer((_, path) => (path === '/api/platform' ? reply(200, PLAY) : undefined));
    const { client } = show();
    expect((await screen.findByText('play', { selector: '[data-testid=a]' })).textContent).toBe('play');
    expect(screen.getByTestId('b').textContent).toBe('play');
    expect(sent(calls, 'GET', '/api/platform')).toHaveLength(1);
    expect(client.getQueryData(['platform'])).toEqual(PLAY);
  });

  it('is real money when the server says so', async () => {
    fakeServer((_, path) => (path === '/api/platform' ? reply(200, { success: true, moneyMode: 'real' }) : undefined));
    show();
    expect((await screen.findAllByText('real')).length).toBe(2);
  });

  it('is real money when the server cannot say', async () => {
    fakeServer(() => reply(500, { success: false, error: 'internal', message: 'boom' }));
    show();
    expect((await screen.findAllByText('real')).length).toBe(2);
  });
});
