import { describe, expect, it } from 'vitest';
import {
  actorTestId,
  DEFAULT_SORT,
  figureEntries,
  formatIdle,
  formatMs,
  formatRate,
  healthOf,
  nextSort,
  parseSort,
  sortActors,
  type Sort,
} from './actors';
import type { ActorView } from './api/types';

const actor = (over: Partial<ActorView>): ActorView => ({
  id: over.name ?? 'x',
  family: 'wallet',
  name: 'x',
  mailbox: 0,
  handled: 0,
  rate: 0,
  queueP50Ms: null,
  queueP99Ms: null,
  handlerP50Ms: null,
  handlerP99Ms: null,
  tickLagP50Ms: null,
  tickLagP99Ms: null,
  idleMs: 0,
  status: 'ok',
  figures: {},
  ...over,
});

/** A row as the `ops_actors` push may carry it: any status text. */
const pushed = (over: Partial<Omit<ActorView, 'status'>> & { status: string }) => ({ ...actor({}), ...over });

describe('healthOf', () => {
  it('takes the server status', () => {
    expect(healthOf(actor({ status: 'ok', handlerP99Ms: 500 }))).toBe('ok');
    expect(healthOf(pushed({ status: 'SLOW' }))).toBe('slow');
    expect(healthOf(actor({ status: 'stuck' }))).toBe('stuck');
  });
  it('derives slow from the p99s (over 50 ms) when the server gave no status', () => {
    expect(healthOf(pushed({ status: '', handlerP99Ms: 50 }))).toBe('ok');
    expect(healthOf(pushed({ status: '', queueP99Ms: 50.1 }))).toBe('slow');
    expect(healthOf(pushed({ status: '', tickLagP99Ms: 80 }))).toBe('slow');
  });
  it('marks an unknown status as unknown', () => {
    expect(healthOf(pushed({ status: 'weird' }))).toBe('unknown');
  });
});

describe('sortActors', () => {
  const list = [
    actor({ name: 'wallet-1', family: 'wallet', handlerP99Ms: 3, status: 'ok' }),
    actor({ name: 'aviator', family: 'table', handlerP99Ms: null, status: 'slow' }),
    actor({ name: 'hub', family: 'hub', handlerP99Ms: 12, status: 'stuck' }),
    actor({ name: 'wallet-0', family: 'wallet', handlerP99Ms: 7, status: 'ok' }),
  ];
  const names = (s: Sort) => sortActors(list, s).map((a) => a.name);

  it('puts the worst status first by default, then family and name', () => {
    expect(names({ key: 'status', dir: 'desc' })).toEqual(['hub', 'aviator', 'wallet-0', 'wallet-1']);
  });
  it('sorts numbers both ways with missing values last', () => {
    expect(names({ key: 'handlerP99Ms', dir: 'desc' })).toEqual(['hub', 'wallet-0', 'wallet-1', 'aviator']);
    expect(names({ key: 'handlerP99Ms', dir: 'asc' })).toEqual(['wallet-1', 'wallet-0', 'hub', 'aviator']);
  });
  it('sorts text case-insensitively', () => {
    expect(names({ key: 'name', dir: 'asc' })).toEqual(['aviator', 'hub', 'wallet-0', 'wallet-1']);
  });
  it('does not mutate its input', () => {
    const before = list.map((a) => a.name);
    sortActors(list, { key: 'name', dir: 'desc' });
    expect(list.map((a) => a.name)).toEqual(before);
  });
  it('reads a sort choice, falling back to the default', () => {
    expect(parseSort('rate:asc')).toEqual({ key: 'rate', dir: 'asc' });
    expect(parseSort('bogus:asc')).toEqual(DEFAULT_SORT);
    expect(parseSort('rate:sideways')).toEqual(DEFAULT_SORT);
  });
  it('flips the direction on the same column, starts numbers descending and text ascending', () => {
    expect(nextSort({ key: 'rate', dir: 'desc' }, 'rate')).toEqual({ key: 'rate', dir: 'asc' });
    expect(nextSort({ key: 'rate', dir: 'desc' }, 'mailbox')).toEqual({ key: 'mailbox', dir: 'desc' });
    expect(nextSort({ key: 'rate', dir: 'desc' }, 'name')).toEqual({ key: 'name', dir: 'asc' });
  });
});

describe('formatting', () => {
  it('formats milliseconds by size', () => {
    expect(formatMs(null)).toBe('—');
    expect(formatMs(0.123)).toBe('0.12');
    expect(formatMs(4.56)).toBe('4.6');
    expect(formatMs(1234.4)).toBe('1,234');
  });
  it('formats rates and idle times', () => {
    expect(formatRate(2.25)).toBe('2.3');
    expect(formatRate(12000)).toBe('12,000');
    expect(formatIdle(15)).toBe('15 ms');
    expect(formatIdle(3400)).toBe('3.4 s');
    expect(formatIdle(5 * 60_000 + 1)).toBe('5 min');
  });
  it('shows money figures as rupees and flattens nested figures', () => {
    expect(figureEntries({ round: 1234, phase: 'flying', stakes: 1500.5, websocket: { websocket: 3 } })).toEqual([
      ['round', '1,234'],
      ['phase', 'flying'],
      ['stakes', '₹1,500.50'],
      ['websocket.websocket', '3'],
    ]);
    expect(figureEntries(undefined)).toEqual([]);
  });
});

describe('actorTestId', () => {
  it('names the Aviator table row stably', () => {
    expect(actorTestId({ id: 'table:aviator', name: 'Aviator', family: 'table' })).toBe('actor-row-aviator');
    expect(actorTestId({ id: '7', name: 'aviator table 1', family: 'table' })).toBe('actor-row-aviator');
  });
  it('slugs other names', () => {
    expect(actorTestId({ id: 'w0', name: 'Wallet shard 0', family: 'wallet' })).toBe('actor-row-wallet-shard-0');
    expect(actorTestId({ id: 'gw', name: '', family: 'gateway' })).toBe('actor-row-gw');
  });
});
