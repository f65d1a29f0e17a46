import { describe, expect, it } from 'vitest';
import { returnTo } from './return-to';

describe('returnTo', () => {
  it('goes back to the page that sent the visitor, with its own navigation state', () => {
    const state = { eventId: 101, matchName: 'A v B', scoreIframe: '/score/101' };
    expect(returnTo({ from: { pathname: '/cricket2/games/A%20v%20B', search: '?x=1', hash: '#c', state } })).toEqual({
      pathname: '/cricket2/games/A%20v%20B',
      search: '?x=1',
      hash: '#c',
      state,
    });
  });

  it('ignores no state, a foreign or protocol-relative address, and the login and sign-up screens', () => {
    expect(returnTo(null)).toBeNull();
    expect(returnTo({})).toBeNull();
    expect(returnTo({ from: 'x' })).toBeNull();
    expect(returnTo({ from: { pathname: 'https://evil.example/' } })).toBeNull();
    expect(returnTo({ from: { pathname: '//evil.example/' } })).toBeNull();
    expect(returnTo({ from: { pathname: '/\\evil.example/' } })).toBeNull();
    expect(returnTo({ from: { pathname: '/login' } })).toBeNull();
    expect(returnTo({ from: { pathname: '/signup' } })).toBeNull();
  });

  it('drops a malformed search or hash but keeps the path', () => {
    expect(returnTo({ from: { pathname: '/cricket2', search: 'x', hash: 3 } })).toEqual({
      pathname: '/cricket2',
      search: '',
      hash: '',
      state: null,
    });
  });
});
