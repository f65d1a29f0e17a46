import { api } from '@/lib/api-client';
import type { BidAccepted, BidRequest } from './types';

/** `POST /api/bids`: 201 once the total is held; every refusal moves nothing. */
export function placeBids(body: BidRequest): Promise<BidAccepted> {
  return api.post('/api/bids', { body });
}
