import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type Profile = Schema<'UserSessionJson'>;

export function getProfile(userId: string): Promise<Profile> {
  return api.get('/api/name/{userId}', { path: { userId } });
}

export function useProfile(userId: string | null) {
  return useQuery({
    queryKey: ['profile', userId],
    queryFn: () => getProfile(userId as string),
    enabled: userId !== null,
  });
}
