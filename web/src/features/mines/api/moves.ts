/** The moves: each answers `Moved` (the game and the wallet after it) once the server committed, or refuses. */
import { api } from '@/lib/api-client';
import type { BetPlace, CashOut, Moved, Reveal } from '../wire';

/** `POST /api/mines/betPlace`: 201 once the stake is held. */
export function placeBet(body: BetPlace): Promise<Moved> {
  return api.post('/api/mines/betPlace', { body });
}

/** `POST /api/mines/reveal`. */
export function revealTile(body: Reveal): Promise<Moved> {
  return api.post('/api/mines/reveal', { body });
}

/** `POST /api/mines/cashout`. */
export function cashOut(body: CashOut): Promise<Moved> {
  return api.post('/api/mines/cashout', { body });
}
