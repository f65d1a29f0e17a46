/**
 * Cluster: which node answered, every node (address, live or stale, last heartbeat, leases held) and every lease
 * (owner, fencing epoch, expiry, a move under way) with a Move control. Polled every 2 s while open. A server that
 * runs alone says so.
 */
import { useMemo } from 'react';
import { useCluster } from '../api/cluster';
import type { ClusterLease, ClusterNode } from '../api/types';
import { formatAgo, formatExpiry, normalizeCluster } from '../cluster';
import { EmptyRow } from '../components/EmptyRow';
import { LeaseMove } from '../components/LeaseMove';
import { QueryState } from '../components/QueryState';
import { timeOnly } from '../format';

function LiveBadge({ live }: { live: boolean }) {
  return <span className={`status ${live ? 'status-approved' : 'status-rejected'}`}>{live ? 'Live' : 'Stale'}</span>;
}

function NodesTable({ nodes, self }: { nodes: ClusterNode[]; self: string | null }) {
  return (
    <section className="card" aria-labelledby="cluster-nodes">
      <h2 id="cluster-nodes" className="card-title">
        Nodes
      </h2>
      <div className="table-wrap">
        <table className="table admin-table cluster-table" data-testid="cluster-nodes">
          <thead>
            <tr>
              <th>Node</th>
              <th>Address</th>
              <th>State</th>
              <th className="num">Last heartbeat</th>
              <th className="num">Leases</th>
            </tr>
          </thead>
          <tbody>
            {nodes.map((n) => (
              <tr key={n.id} data-testid={`cluster-node-${n.id}`} className={n.live ? '' : 'node-stale'}>
                <td data-label="Node" className="cluster-id">
                  <span>
                    <b className="mono">{n.id}</b>
                    {n.id === self && <span className="status status-pending this-node">this node</span>}
                  </span>
                </td>
                <td data-label="Address" className="mono">
                  {n.address || '—'}
                </td>
                <td data-label="State">
                  <LiveBadge live={!!n.live} />
                </td>
                <td data-label="Last heartbeat" className="num">
                  {formatAgo(n.seenMsAgo)}
                </td>
                <td data-label="Leases" className="num">
                  {Number.isFinite(n.leases) ? n.leases : '—'}
                </td>
              </tr>
            ))}
            {nodes.length === 0 && <EmptyRow cols={5}>No node has reported.</EmptyRow>}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function LeasesTable({ leases, nodes }: { leases: ClusterLease[]; nodes: ClusterNode[] }) {
  const live = useMemo(() => new Set(nodes.filter((n) => n.live).map((n) => n.id)), [nodes]);
  return (
    <section className="card" aria-labelledby="cluster-leases">
      <h2 id="cluster-leases" className="card-title">
        Leases
      </h2>
      <p className="hint">Each resource runs on the one node that holds its lease. A move waits for the resource’s next safe point (Aviator: after the round in play ends).</p>
      <div className="table-wrap">
        <table className="table admin-table cluster-table" data-testid="cluster-leases">
          <thead>
            <tr>
              <th>Resource</th>
              <th>Owner</th>
              <th className="num">Epoch</th>
              <th>Expires</th>
              <th>Moving to</th>
              <th>Move</th>
            </tr>
          </thead>
          <tbody>
            {leases.map((l) => (
              <tr key={l.resource} data-testid={`cluster-lease-${l.resource}`}>
                <td data-label="Resource" className="cluster-id">
                  <b className="mono">{l.resource}</b>
                </td>
                <td data-label="Owner">
                  <span>
                    {l.owner == null ? <span className="muted">none</span> : <span className="mono">{l.owner}</span>}
                    {l.owner != null && !live.has(l.owner) && <span className="status status-rejected owner-stale">not live</span>}
                  </span>
                </td>
                <td data-label="Epoch" className="num">
                  {l.epoch}
                </td>
                <td data-label="Expires" className={l.expiresInMs < 0 ? 'neg' : ''}>
                  {formatExpiry(l.expiresInMs)}
                </td>
                <td data-label="Moving to">{l.movingTo ? <span className="status status-pending">moving to {l.movingTo}</span> : <span className="muted">—</span>}</td>
                <td data-label="" className="cluster-move-cell">
                  <LeaseMove lease={l} nodes={nodes} />
                </td>
              </tr>
            ))}
            {leases.length === 0 && <EmptyRow cols={6}>No leases yet.</EmptyRow>}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function ClusterScreen() {
  const q = useCluster();
  const view = useMemo(() => (q.data ? normalizeCluster(q.data) : undefined), [q.data]);
  return (
    <section className="admin-page" aria-labelledby="cluster-title">
      <div className="admin-head">
        <h1 id="cluster-title" className="page-title">
          Cluster
        </h1>
        {view && <span className="live-pill polling">↻ every 2 s</span>}
        {view && <span className="muted small">at {timeOnly(q.dataUpdatedAt)}</span>}
      </div>
      <QueryState isPending={q.isPending} error={view ? null : q.error} what="Cluster" />
      {view && q.error && (
        <p className="form-error" role="alert">
          The last refresh failed: this is the view from {timeOnly(q.dataUpdatedAt)}.
        </p>
      )}
      {view?.mode === 'single' && (
        <p className="form-info" data-testid="cluster-single">
          This server runs alone: there is no cluster, so no other nodes and no leases to move.
        </p>
      )}
      {view?.mode === 'cluster' && (
        <>
          <dl className="kv" data-testid="cluster-self">
            <dt>This node</dt>
            <dd className="mono">{view.node ?? '—'}</dd>
            <dt>Live nodes</dt>
            <dd>
              {view.nodes.filter((n) => n.live).length} of {view.nodes.length}
            </dd>
          </dl>
          <NodesTable nodes={view.nodes} self={view.node ?? null} />
          <LeasesTable leases={view.leases} nodes={view.nodes} />
        </>
      )}
    </section>
  );
}
