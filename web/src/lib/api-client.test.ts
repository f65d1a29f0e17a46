import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage, isNetworkError } from './api-client';

function respond(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status })));
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('returns parsed JSON on success and sends the same-origin cookie', async () => {
    respond(200, { balance: 5, exposureBalance: 0 });
    await expect(api.get('/api/x')).resolves.toEqual({ balance: 5, exposureBalance: 0 });
    const init = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]![1];
    expect(init.credentials).toBe('same-origin');
  });
  it('surfaces the server message and code as ApiError', async () => {
    respond(400, { error: 'insufficient_balance', message: 'Insufficient wallet balance!' });
    const err = await api.post('/api/withdraw', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).code).toBe('insufficient_balance');
    expect(errorMessage(err, 'fallback')).toBe('Insufficient wallet balance!');
    expect(isNetworkError(err)).toBe(false);
  });
  it('falls back when the server gives no message, and flags network failures', async () => {
    respond(500, {});
    expect(errorMessage(await api.get('/x').catch((e: unknown) => e), 'Failed to register user')).toBe('Failed to register user');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(isNetworkError(await api.get('/x').catch((e: unknown) => e))).toBe(true);
  });
});
