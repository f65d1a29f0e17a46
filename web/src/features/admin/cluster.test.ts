import { describe, expect, it } from 'vitest';
import type { ClusterView } from './api/types';
import { formatAgo, formatDuration, formatExpiry, moveTargets, normalizeCluster, sortLeases } from './cluster';

const lease = (resource: string, owner: string | null = 'a') => ({
  resource,
  owner,
  epoch: 1,
  expiresInMs: 1000,
  movingTo: null,
});

describe('cluster helpers', () => {
  it('formats durations, heartbeats and expiries', () => {
    expect(formatDuration(840)).toBe('0.8 s');
    expect(formatDuration(42_500)).toBe('42 s');
    expect(formatDuration(7 * 60_000 + 5)).toBe('7 min');
    expect(formatDuration(3 * 3_600_000)).toBe('3 h');
    expect(formatDuration(3 * 86_400_000)).toBe('3 d');
    expect(formatDuration(null)).toBe('—');
    expect(formatAgo(1200)).toBe('1.2 s ago');
    expect(formatExpiry(4200)).toBe('in 4.2 s');
    expect(formatExpiry(-3000)).toBe('expired 3.0 s ago');
    expect(formatExpiry(Number.NaN)).toBe('—');
  });

  it('orders resources naturally', () => {
    const sorted = sortLeases([
      lease('wallet:10'),
      lease('games'),
      lease('wallet:2'),
      lease('aviator'),
      lease('wallet:0'),
    ]);
    expect(sorted.map((l) => l.resource)).toEqual(['aviator', 'games', 'wallet:0', 'wallet:2', 'wallet:10']);
  });

  it('offers the live nodes other than the owner', () => {
    const nodes = [
      { id: 'a', address: '', seenMsAgo: 0, live: true, leases: 1 },
      { id: 'b', address: '', seenMsAgo: 0, live: true, leases: 1 },
      { id: 'c', address: '', seenMsAgo: 60_000, live: false, leases: 0 },
    ];
    expect(moveTargets(nodes, { owner: 'a' }).map((n) => n.id)).toEqual(['b']);
    expect(moveTargets(nodes, { owner: null }).map((n) => n.id)).toEqual(['a', 'b']);
  });

  it('reads an odd answer as a server alone with empty lists', () => {
    expect(normalizeCluster({ mode: 'single', node: null } as unknown as ClusterView)).toEqual({
      mode: 'single',
      node: null,
      nodes: [],
      leases: [],
    });
    expect(
      normalizeCluster({
        mode: 'cluster',
        node: 'a',
        nodes: [null, { id: 'a' }],
        leases: 'x',
      } as unknown as ClusterView).nodes,
    ).toHaveLength(1);
  });
});
