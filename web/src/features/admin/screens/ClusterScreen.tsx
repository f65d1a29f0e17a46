/**
 * Cluster: which node answered, every node (address, live or stale, last heartbeat, leases held) and every lease
 * (owner, fencing epoch, expiry, a move under way) with a Move control. Polled every 2 s while open. A server that
 * runs alone says so.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCluster } from '../api/cluster';
import type { ClusterLease, ClusterNode } from '../api/types';
import { formatAgo, formatExpiry, normalizeCluster } from '../cluster';
import { DataTable } from '@/components/DataTable';
import { LeaseMove } from '../components/LeaseMove';
import { QueryState } from '../components/QueryState';
import { timeOnly } from '../format';
import { Card } from '@/components/Card';
import { AdminPage } from '../components/AdminPage';

function LiveBadge({ live }: { live: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <span className={`status ${live ? 'status-approved' : 'status-rejected'}`}>
      {live ? t('cluster.live') : t('cluster.stale')}
    </span>
  );
}

function NodesTable({ nodes, self }: { nodes: ClusterNode[]; self: string | null }) {
  const { t } = useTranslation('admin');
  return (
    <Card id="cluster-nodes" title={t('cluster.nodes')}>
      <DataTable
        className="table admin-table cluster-table"
        testId="cluster-nodes"
        rows={nodes}
        rowKey={(n) => n.id}
        row={(n) => ({ 'data-testid': `cluster-node-${n.id}`, className: n.live ? '' : 'node-stale' })}
        empty={t('cluster.noNodes')}
        columns={[
          {
            label: t('cluster.col.node'),
            td: () => ({ className: 'cluster-id' }),
            cell: (n) => (
              <span>
                <b className="mono">{n.id}</b>
                {n.id === self && <span className="status status-pending this-node">{t('cluster.thisNodeBadge')}</span>}
              </span>
            ),
          },
          { label: t('cluster.col.address'), td: () => ({ className: 'mono' }), cell: (n) => n.address || '—' },
          { label: t('cluster.col.state'), cell: (n) => <LiveBadge live={!!n.live} /> },
          { label: t('cluster.col.heartbeat'), num: true, cell: (n) => formatAgo(n.seenMsAgo) },
          { label: t('cluster.col.leases'), num: true, cell: (n) => (Number.isFinite(n.leases) ? n.leases : '—') },
        ]}
      />
    </Card>
  );
}

function LeasesTable({ leases, nodes }: { leases: ClusterLease[]; nodes: ClusterNode[] }) {
  const { t } = useTranslation('admin');
  const live = useMemo(() => new Set(nodes.filter((n) => n.live).map((n) => n.id)), [nodes]);
  return (
    <Card id="cluster-leases" title={t('cluster.leases')} hint={t('cluster.leasesHint')}>
      <DataTable
        className="table admin-table cluster-table"
        testId="cluster-leases"
        rows={leases}
        rowKey={(l) => l.resource}
        row={(l) => ({ 'data-testid': `cluster-lease-${l.resource}` })}
        empty={t('cluster.noLeases')}
        columns={[
          {
            label: t('cluster.col.resource'),
            td: () => ({ className: 'cluster-id' }),
            cell: (l) => <b className="mono">{l.resource}</b>,
          },
          {
            label: t('cluster.col.owner'),
            cell: (l) => (
              <span>
                {l.owner == null ? (
                  <span className="muted">{t('cluster.none')}</span>
                ) : (
                  <span className="mono">{l.owner}</span>
                )}
                {l.owner != null && !live.has(l.owner) && (
                  <span className="status status-rejected owner-stale">{t('cluster.notLive')}</span>
                )}
              </span>
            ),
          },
          { label: t('cluster.col.epoch'), num: true, cell: (l) => l.epoch },
          {
            label: t('cluster.col.expires'),
            td: (l) => ({ className: l.expiresInMs < 0 ? 'neg' : '' }),
            cell: (l) => formatExpiry(l.expiresInMs),
          },
          {
            label: t('cluster.col.movingTo'),
            cell: (l) =>
              l.movingTo ? (
                <span className="status status-pending">{t('cluster.movingTo', { node: l.movingTo })}</span>
              ) : (
                <span className="muted">—</span>
              ),
          },
          {
            label: t('cluster.col.move'),
            td: () => ({ className: 'cluster-move-cell', 'data-label': '' }),
            cell: (l) => <LeaseMove lease={l} nodes={nodes} />,
          },
        ]}
      />
    </Card>
  );
}

export default function ClusterScreen() {
  const { t } = useTranslation('admin');
  const q = useCluster();
  const view = useMemo(() => (q.data ? normalizeCluster(q.data) : undefined), [q.data]);
  return (
    <AdminPage
      id="cluster-title"
      title={t('cluster.title')}
      head={
        <>
          {view && <span className="live-pill polling">{t('cluster.every2s')}</span>}
          {view && <span className="muted small">{t('cluster.at', { time: timeOnly(q.dataUpdatedAt) })}</span>}
        </>
      }
    >
      <QueryState isPending={q.isPending} error={view ? null : q.error} what={t('what.cluster')} />
      {view && q.error && (
        <p className="form-error" role="alert">
          {t('cluster.refreshFailed', { time: timeOnly(q.dataUpdatedAt) })}
        </p>
      )}
      {view?.mode === 'single' && (
        <p className="form-info" data-testid="cluster-single">
          {t('cluster.single')}
        </p>
      )}
      {view?.mode === 'cluster' && (
        <>
          <dl className="kv" data-testid="cluster-self">
            <dt>{t('cluster.thisNode')}</dt>
            <dd className="mono">{view.node ?? '—'}</dd>
            <dt>{t('cluster.liveNodes')}</dt>
            <dd>{t('cluster.liveOf', { live: view.nodes.filter((n) => n.live).length, total: view.nodes.length })}</dd>
          </dl>
          <NodesTable nodes={view.nodes} self={view.node ?? null} />
          <LeasesTable leases={view.leases} nodes={view.nodes} />
        </>
      )}
    </AdminPage>
  );
}
