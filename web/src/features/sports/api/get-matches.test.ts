import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMatches } from './get-matches';

afterEach(() => vi.unstubAllGlobals());

describe('getMatches', () => {
  it('treats a 404 as "no matches" so the empty message shows', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ error: 'not_found', message: 'No such endpoint' }), { status: 404 }),
      ),
    );
    await expect(getMatches('4')).resolves.toEqual([]);
  });
  it('reads the data list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: [{ id: 1, name: 'A v B' }] }), { status: 200 })),
    );
    await expect(getMatches('4')).resolves.toEqual([{ id: 1, name: 'A v B' }]);
  });
  it('still fails on a server error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    await expect(getMatches('4')).rejects.toThrow();
  });
});
