import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';
import type { ClusterView, LeaseMoveAnswer } from './types';

export const CLUSTER_POLL_MS = 2000;

export function getCluster(): Promise<ClusterView> {
  return api.get('/api/admin/cluster');
}

/** The nodes and leases, polled every 2 s while the screen is open (a query without observers stops polling). */
export function useCluster() {
  return useQuery({
    queryKey: adminKeys.cluster(),
    queryFn: getCluster,
    refetchInterval: CLUSTER_POLL_MS,
    staleTime: 0,
  });
}

/** Asks the owner of `resource` to hand it to node `to` at its next safe point (202: asked, not yet moved). */
export function moveLease(resource: string, to: string): Promise<LeaseMoveAnswer> {
  return api.post('/api/admin/cluster/leases/{resource}/move', { path: { resource }, body: { to } });
}
