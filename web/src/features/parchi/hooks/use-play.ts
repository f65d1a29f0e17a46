/**
 * Submit: the play, then the server's answer put in place (the board, the header's balance and exposure), and the
 * board, the plays, the players and the wallet asked again whatever the answer. A second submit while one is on its
 * way is dropped (the button is disabled too, but only after the next render).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import i18n from '@/i18n';
import { errorMessage } from '@/lib/api-client';
import { walletQueryKey, type Wallet } from '@/lib/wallet';
import { parchiKeys } from '../api/keys';
import { playCard } from '../api/play-card';
import { isBoard, MSG_FAILED, MSG_PLAYED } from '../rules';
import type { ParchiBoard, Played, PlayRequest } from '../api/types';

interface Handlers {
  onPlayed: (message: string) => void;
  onFailed: (message: string) => void;
}

export function usePlay(userId: string | null, match: string, { onPlayed, onFailed }: Handlers) {
  const qc = useQueryClient();
  const sending = useRef(false);
  const m = useMutation({
    mutationFn: (req: PlayRequest) => playCard(match, req),
    onSuccess: (p: Played) => {
      if (isBoard(p.board)) {
        void qc.cancelQueries({ queryKey: parchiKeys.board(match) });
        qc.setQueryData<ParchiBoard | null>(parchiKeys.board(match), p.board);
      }
      if (Number.isFinite(p.balance) && Number.isFinite(p.exposureBalance)) {
        qc.setQueryData<Wallet>(walletQueryKey(userId), { balance: p.balance, exposureBalance: p.exposureBalance });
      }
      // The server's message is the spec's English one: the player reads it in their language.
      onPlayed(i18n.t(MSG_PLAYED));
    },
    onError: (err) => onFailed(errorMessage(err, i18n.t(MSG_FAILED))),
    onSettled: () => {
      sending.current = false;
      void qc.invalidateQueries({ queryKey: parchiKeys.board(match) });
      void qc.invalidateQueries({ queryKey: parchiKeys.entries(match) });
      void qc.invalidateQueries({ queryKey: parchiKeys.players(match) });
      void qc.invalidateQueries({ queryKey: walletQueryKey(userId) });
    },
  });
  const { mutate } = m;
  const play = useCallback(
    (req: PlayRequest) => {
      if (sending.current) return;
      sending.current = true;
      mutate(req);
    },
    [mutate],
  );
  return { play, pending: m.isPending };
}
