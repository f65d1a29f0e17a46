import { api } from '@/lib/api-client';
import type { GameView } from '../wire';

/** `GET /api/mines/games/{gameId}`: one of the caller's games; the seed once it is over. */
export function getMinesGame(gameId: number): Promise<GameView> {
  return api.get('/api/mines/games/{id}', { path: { id: gameId } });
}
