import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import i18n, { setLanguage } from '@/i18n';
import { ApiError, api, apiUrl, buildPath, codeMessage, errorMessage, isNetworkError } from './api-client';
import type { ApiBody, ApiResponse, Schema } from './api-types';

function respond(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

const calls = () => (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls;

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('returns parsed JSON on success and sends the same-origin cookie', async () => {
    respond(200, { balance: 5, exposureBalance: 0 });
    await expect(api.get('/api/getwalletandexposure/{userId}', { path: { userId: '7' } })).resolves.toEqual({
      balance: 5,
      exposureBalance: 0,
    });
    const [url, init] = calls()[0]!;
    expect(url).toBe('/api/getwalletandexposure/7');
    expect(init.credentials).toBe('same-origin');
  });
  it('sends the body as JSON, and `{}` for a POST without one', async () => {
    respond(201, {});
    await api.post('/api/bids', {
      body: { gameName: 'Kalyan', bidType: 'jodi', bids: [{ number: '12', points: 10 }] },
    });
    await api.post('/api/logout');
    expect(calls()[0]![1].body).toBe('{"gameName":"Kalyan","bidType":"jodi","bids":[{"number":"12","points":10}]}');
    expect(calls()[1]![1].body).toBe('{}');
  });
  it('surfaces the server message and code as ApiError', async () => {
    respond(400, { error: 'insufficient_balance', message: 'Insufficient wallet balance!' });
    const err = await api
      .post('/api/withdraw', {
        body: { userName: 'A', upi_id: 'a@upi', phoneNumber: '9000000000', withdrawAmount: 500 },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).code).toBe('insufficient_balance');
    expect(errorMessage(err, 'fallback')).toBe('Insufficient wallet balance!');
    expect(isNetworkError(err)).toBe(false);
  });
  it('speaks the player’s language: the server’s message in English, the code’s text in Hindi', async () => {
    respond(403, {
      error: 'rg_loss_limit',
      message: 'This bet would take your losses this day past your limit: 5 rupees left.',
    });
    const err = await api.get('/api/me').catch((e: unknown) => e);
    expect(errorMessage(err, 'fallback')).toBe(
      'This bet would take your losses this day past your limit: 5 rupees left.',
    );
    setLanguage('hi');
    try {
      expect(errorMessage(err, 'fallback')).toBe(i18n.t('errors:rg_loss_limit'));
      expect(i18n.t('errors:rg_loss_limit')).toMatch(/[\u0900-\u097F]/);
      expect(codeMessage('no_such_code_yet', 'server words')).toBe('server words');
    } finally {
      setLanguage('en');
    }
  });
  it('falls back when the server gives no message, and flags network failures', async () => {
    respond(500, {});
    expect(errorMessage(await api.get('/api/me').catch((e: unknown) => e), 'Failed to register user')).toBe(
      'Failed to register user',
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(isNetworkError(await api.get('/api/me').catch((e: unknown) => e))).toBe(true);
  });
});

describe('paths', () => {
  it('puts each path parameter in as one encoded segment, then the query without absent values', () => {
    expect(buildPath('/api/match/select/{match}', { path: { match: 'A v B/C' } })).toBe(
      '/api/match/select/A%20v%20B%2FC',
    );
    expect(
      buildPath('/api/admin/users/{id}/ledger', { path: { id: 5 }, query: { limit: 100, before: undefined } }),
    ).toBe('/api/admin/users/5/ledger?limit=100');
    expect(buildPath('/api/admin/users', { query: { q: 'a&b', limit: 50 } })).toBe('/api/admin/users?q=a%26b&limit=50');
    expect(apiUrl('/api/aviator/verify/{round}', { path: { round: 42 } })).toBe('/api/aviator/verify/42');
  });
  it('refuses a path parameter left out', () => {
    expect(() => buildPath('/api/name/{userId}', { path: {} })).toThrow('{userId}');
  });
});

describe('types', () => {
  it('come from the OpenAPI document: the answer, the body, the path and its parameters', () => {
    expectTypeOf<ApiResponse<'get', '/api/mines'>>().toEqualTypeOf<Schema<'MinesState'>>();
    expectTypeOf<ApiResponse<'post', '/api/add-more-points'>>().toEqualTypeOf<Schema<'DepositCreated'>>();
    expectTypeOf<ApiBody<'post', '/api/add-more-points'>>().toEqualTypeOf<Schema<'DepositBody'>>();
    const history = () => api.get('/api/history/{userId}', { path: { userId: '1' } });
    expectTypeOf(history).returns.resolves.toEqualTypeOf<Schema<'AviatorHistoryRow'>[]>();
    // @ts-expect-error: not a path of the document
    void (() => api.get('/api/no-such-path'));
    // @ts-expect-error: a path parameter is required
    void (() => api.get('/api/name/{userId}'));
    // @ts-expect-error: a field the request body does not have
    void (() => api.post('/api/login', { body: { userNo: 1, passwd: 'x' } }));
  });
});
