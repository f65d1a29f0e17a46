/** Pure helpers for the cluster screen: durations, the leases' order, where a lease may move. */
import type { ClusterLease, ClusterNode, ClusterView } from './api/types';
import { tr } from './text';

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A duration for people: "0.8 s", "42 s", "7 min", "3 h", "2 d"; "—" when unknown. */
export function formatDuration(ms: number | null | undefined): string {
  if (!finite(ms)) return '—';
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return tr('admin:units.s', { n: s.toFixed(1) });
  if (s < 120) return tr('admin:units.s', { n: Math.floor(s) });
  const min = s / 60;
  if (min < 120) return tr('admin:units.min', { n: Math.floor(min) });
  const h = min / 60;
  return h < 48 ? tr('admin:units.h', { n: Math.floor(h) }) : tr('admin:units.d', { n: Math.floor(h / 24) });
}

/** Since a heartbeat: "1.2 s ago". */
export const formatAgo = (ms: number | null | undefined): string =>
  finite(ms) ? tr('admin:units.ago', { time: formatDuration(ms) }) : '—';

/** A lease's expiry: "in 4.2 s", or "expired 3.0 s ago" (negative). */
export function formatExpiry(ms: number | null | undefined): string {
  if (!finite(ms)) return '—';
  return ms >= 0
    ? tr('admin:units.in', { time: formatDuration(ms) })
    : tr('admin:units.expiredAgo', { time: formatDuration(-ms) });
}

/** Resources in natural order: wallet:2 before wallet:10. */
export function sortLeases(leases: ClusterLease[]): ClusterLease[] {
  return [...leases].sort((a, b) => a.resource.localeCompare(b.resource, 'en', { numeric: true }));
}

/** The nodes a lease may be moved to: live, and not its owner. */
export function moveTargets(nodes: ClusterNode[], lease: Pick<ClusterLease, 'owner'>): ClusterNode[] {
  return nodes.filter((n) => n.live && n.id !== lease.owner);
}

/** The answer with its lists always present (a single server sends them empty; an odd answer must not break the screen). */
export function normalizeCluster(v: ClusterView): ClusterView {
  const rows = <T>(xs: unknown): T[] =>
    Array.isArray(xs) ? xs.filter((x): x is T => !!x && typeof x === 'object') : [];
  return {
    mode: v?.mode === 'cluster' ? 'cluster' : 'single',
    node: typeof v?.node === 'string' ? v.node : null,
    nodes: rows<ClusterNode>(v?.nodes).filter((n) => typeof n.id === 'string'),
    leases: sortLeases(rows<ClusterLease>(v?.leases).filter((l) => typeof l.resource === 'string')),
  };
}
