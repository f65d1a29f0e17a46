import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';
import type { ActorDetail, ActorsJson } from './types';

export const ACTORS_POLL_MS = 2000;
export const ACTOR_DETAIL_POLL_MS = 1000;

export function getActors(): Promise<ActorsJson> {
  return api.get('/api/admin/actors');
}

export function getActor(id: string): Promise<ActorDetail> {
  return api.get('/api/admin/actors/{id}', { path: { id } });
}

/** The REST view of the actors: polled every 2 s only while `poll` (the socket is down). */
export function useActorsQuery(poll: boolean) {
  return useQuery({
    queryKey: adminKeys.actors(),
    queryFn: getActors,
    enabled: poll,
    refetchInterval: poll ? ACTORS_POLL_MS : false,
    staleTime: 0,
  });
}

export function useActorDetail(id: string) {
  return useQuery({
    queryKey: adminKeys.actor(id),
    queryFn: () => getActor(id),
    refetchInterval: ACTOR_DETAIL_POLL_MS,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
