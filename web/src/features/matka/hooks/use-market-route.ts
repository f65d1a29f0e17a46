import { useParams } from 'react-router';
import { useNow } from '@/lib/use-now';
import { serverNow, useMarkets } from '../api/get-markets';
import { findMarket } from '../market';
import { useMatkaRoom } from './use-matka-room';

/**
 * A screen of the market its route names (`:gameName`, by name or id): in the `matka` room while open, the markets
 * asked, the server's time each second; `m` is the market, once the list has it.
 */
export function useMarketRoute(userId: string | null) {
  useMatkaRoom(userId);
  const params = useParams();
  const q = useMarkets();
  const now = serverNow(q.data, useNow(1000));
  const m = findMarket(q.data?.markets, params.gameName);
  return { params, q, m, now };
}
