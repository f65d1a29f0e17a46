// @vitest-environment jsdom
import { beforeEach, expect, it, vi } from 'vitest';
import { emittedNames, getSocket, listeners, resetFakeSocket, serverSends } from '@/testing/fake-socket';
import { enterRoom } from './socket-room';

vi.mock('./socket', () => import('@/testing/fake-socket'));

beforeEach(() => {
  resetFakeSocket();
  getSocket().connected = true;
});

it('joins now and after every reconnect, hears its pushes, and leaves only while connected', () => {
  const pushes: unknown[] = [];
  const s = getSocket();
  const leave = enterRoom({
    events: { 'matka:status': (p) => pushes.push(p) },
    join: () => s.emit('matka:join', {}),
    leave: () => s.emit('matka:leave', {}),
  });
  expect(emittedNames()).toEqual(['matka:join']);
  serverSends('connect', undefined);
  expect(emittedNames()).toEqual(['matka:join', 'matka:join']);
  serverSends('matka:status', 7);
  expect(pushes).toEqual([7]);

  s.connected = false;
  leave();
  expect(emittedNames()).toEqual(['matka:join', 'matka:join']);
  expect(listeners('matka:status') + listeners('connect')).toBe(0);
});

it('a screen that enters while offline joins on the first connect', () => {
  const s = getSocket();
  s.connected = false;
  const leave = enterRoom({ events: {}, join: () => s.emit('matka:join', {}), leave: () => s.emit('matka:leave', {}) });
  expect(emittedNames()).toEqual([]);
  s.connected = true;
  serverSends('connect', undefined);
  leave();
  expect(emittedNames()).toEqual(['matka:join', 'matka:leave']);
});
