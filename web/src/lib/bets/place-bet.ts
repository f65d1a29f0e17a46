/** The two bet calls: each answers `Placed` (201) once the server held the exposure, or refuses and moves nothing. */
import { api } from '@/lib/api-client';
import type { FancyBetRequest, Placed, RunnerBetRequest } from './wire';

/** `POST /api/laggai_khai_bets`: a Lgaai / khaai bet on a team. */
export function placeRunnerBet(body: RunnerBetRequest): Promise<Placed> {
  return api.post('/api/laggai_khai_bets', { body });
}

/** `POST /api/cricket-market/bets`: a YES / NO bet on a fancy line, sent as the spec's one-item `myBets` list. */
export function placeFancyBet(record: FancyBetRequest): Promise<Placed> {
  return api.post('/api/cricket-market/bets', { body: { myBets: [record] } });
}
