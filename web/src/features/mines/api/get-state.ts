import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MinesState } from '../wire';
import { minesKeys } from './keys';

/** `GET /api/mines`: settings, suspended, the next game's seeds, and the open game to resume. */
export function getMinesState(): Promise<MinesState> {
  return api.get('/api/mines');
}

export function useMinesState() {
  return useQuery({ queryKey: minesKeys.state(), queryFn: getMinesState, staleTime: 0 });
}
