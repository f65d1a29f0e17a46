/**
 * The `matka` room on the shared socket while a Matka screen is open: `matka:join` when it opens (and again after a
 * reconnect, since rooms do not survive one; the ack is the market list), `matka:status` pushes merged into the list,
 * `matka:leave` when it closes. A result may settle bids: the player's bids and wallet are asked again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSocket } from '@/lib/socket';
import { enterRoom } from '@/lib/socket-room';
import { walletQueryKey } from '@/lib/wallet';
import { seen, type SeenList } from '../api/get-markets';
import { matkaKeys } from '../api/keys';
import { mergeMarkets } from '../market';
import type { MarketList, Status } from '../wire';

const ACK_TIMEOUT_MS = 8000;

const isList = (v: unknown): v is MarketList =>
  !!v && typeof v === 'object' && Array.isArray((v as MarketList).markets) && Array.isArray((v as MarketList).rates);
const isStatus = (v: unknown): v is Status => !!v && typeof v === 'object' && Array.isArray((v as Status).markets);

export function useMatkaRoom(userId: string | null): void {
  const qc = useQueryClient();
  useEffect(() => {
    const s = getSocket();
    const join = () => {
      s.timeout(ACK_TIMEOUT_MS).emit('matka:join', {}, (err: Error | null, list: unknown) => {
        if (err || !isList(list)) return;
        void qc.cancelQueries({ queryKey: matkaKeys.markets() });
        qc.setQueryData<SeenList>(matkaKeys.markets(), seen(list));
      });
    };
    const onStatus = (msg: unknown) => {
      if (!isStatus(msg)) return;
      // A list asked before this push must not overwrite it when it lands.
      void qc.cancelQueries({ queryKey: matkaKeys.markets() });
      qc.setQueryData<SeenList>(matkaKeys.markets(), (old) =>
        old
          ? {
              ...old,
              markets: mergeMarkets(old.markets, msg.markets),
              serverTime: msg.serverTime,
              receivedAt: Date.now(),
            }
          : old,
      );
      void qc.invalidateQueries({ queryKey: matkaKeys.bids() });
      void qc.invalidateQueries({ queryKey: ['matka', 'chart'] });
      void qc.invalidateQueries({ queryKey: walletQueryKey(userId) });
    };
    return enterRoom({
      events: { 'matka:status': onStatus },
      join,
      leave: () => s.emit('matka:leave', {}, () => undefined),
    });
  }, [qc, userId]);
}
