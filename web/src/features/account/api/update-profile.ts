import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth';
import type { SessionUser } from '@/lib/storage';

export interface ProfileInput {
  name: string;
  email: string | null;
}

export function updateProfile(body: ProfileInput): Promise<SessionUser> {
  return api.put('/api/account/profile', { body });
}

/** PUT /api/account/profile answers the user object (as /api/me): the session user and the profile take it. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData<SessionUser | null>(meQueryKey, (old) => (old ? { ...old, ...user } : user));
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}
