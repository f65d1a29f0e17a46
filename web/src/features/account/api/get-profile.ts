import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface Profile {
  username: string;
  name?: string;
  email?: string;
  phone?: string;
  userNo?: string | number;
  walletBalance?: number;
  exposureBalance?: number;
}

export function getProfile(userId: string): Promise<Profile> {
  return api.get<Profile>(`/api/name/${encodeURIComponent(userId)}`);
}

export function useProfile(userId: string | null) {
  return useQuery({ queryKey: ['profile', userId], queryFn: () => getProfile(userId as string), enabled: userId !== null });
}
