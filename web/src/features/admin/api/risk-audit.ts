import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const AUDIT_PAGE = 50;

export function useRisk() {
  return useQuery({
    queryKey: adminKeys.risk(),
    queryFn: () => api.get('/api/admin/risk'),
    refetchInterval: 5000,
    staleTime: 0,
  });
}

export function useAudit() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(),
    queryFn: ({ pageParam }) =>
      api.get('/api/admin/audit', { query: { limit: AUDIT_PAGE, before: pageParam ?? undefined } }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) =>
      last.entries.length < AUDIT_PAGE ? undefined : (last.entries[last.entries.length - 1]?.id ?? undefined),
    staleTime: 0,
  });
}
