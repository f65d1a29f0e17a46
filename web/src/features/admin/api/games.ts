import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';
import type { Game, GameId, GameSettingsChange, SuspendableGame } from './types';

export function useAdminGames() {
  return useQuery({
    queryKey: adminKeys.games(),
    queryFn: () => api.get('/api/admin/games'),
    select: (r) => r.games ?? [],
    // Round and phase move; the pending change turns applied when the next round opens.
    refetchInterval: 2000,
    staleTime: 0,
  });
}

/** Only the changed fields: Aviator's or Mines' flat settings, a round game's or Matka's (nested objects partial). */
export function saveSettings(game: GameId, change: GameSettingsChange): Promise<{ game: Game }> {
  return api.put('/api/admin/games/{game}/settings', { path: { game }, body: change });
}

export function setSuspended(game: SuspendableGame['game'], suspended: boolean): Promise<{ game: Game }> {
  return api.post('/api/admin/games/{game}/{action}', { path: { game, action: suspended ? 'suspend' : 'resume' } });
}
