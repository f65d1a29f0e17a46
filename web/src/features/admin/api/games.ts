import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys, seg } from './keys';
import type { AviatorSettings, Game, MatkaSettingsChange, MinesSettings, RoundSettingsChange } from './types';

export function useAdminGames() {
  return useQuery({
    queryKey: adminKeys.games(),
    queryFn: () => api.get<{ games: Game[] }>('/api/admin/games'),
    select: (r) => r.games ?? [],
    // Round and phase move; the pending change turns applied when the next round opens.
    refetchInterval: 2000,
    staleTime: 0,
  });
}

/** Only the changed fields: Aviator's or Mines' flat settings, a round game's or Matka's (nested objects partial). */
export function saveSettings(game: string, change: Partial<AviatorSettings> | RoundSettingsChange | Partial<MinesSettings> | MatkaSettingsChange): Promise<{ game: Game }> {
  return api.put<{ game: Game }>(`/api/admin/games/${seg(game)}/settings`, change);
}

export function setSuspended(game: string, suspended: boolean): Promise<{ game: Game }> {
  return api.post<{ game: Game }>(`/api/admin/games/${seg(game)}/${suspended ? 'suspend' : 'resume'}`);
}
