import { api } from '@/lib/api-client';
import type { Played, PlayRequest } from './types';

/** `PUT /api/match/select/{match}`: 201 once the stake is held (and an empty card locked); a refusal moves nothing. */
export function playCard(match: string, body: PlayRequest): Promise<Played> {
  return api.put('/api/match/select/{match}', { path: { match }, body });
}
