/**
 * The match's room on the shared socket while the game screen is open and the player is signed in (a visitor has no
 * socket and polls the board instead): `parchi:join {match}` on open and again after a reconnect (rooms do not
 * survive one; the ack is the board), every `parchi:board` push put in place, `parchi:leave {match}` when the screen
 * closes or switches to another match. A board that changed status also asks the plays again (see `useEntries`).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSocket } from '@/lib/socket';
import { enterRoom } from '@/lib/socket-room';
import { parchiKeys } from '../api/keys';
import type { ParchiBoard } from '../api/types';
import { isBoard } from '../rules';
import { PARCHI_EVENTS } from '../wire';

const ACK_TIMEOUT_MS = 8000;

export function useBoardRoom(match: string, active: boolean): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!active || !match) return;
    const key = parchiKeys.board(match);
    const s = getSocket();
    const offer = (v: unknown) => {
      if (!isBoard(v)) return;
      const held = qc.getQueryData<ParchiBoard | null>(key);
      // The room is this match's; a board of another match (a late ack after a switch) is not ours.
      if (held && held.matchId !== v.matchId) return;
      // A poll answer asked before this push must not take it back when it lands.
      void qc.cancelQueries({ queryKey: key });
      qc.setQueryData<ParchiBoard | null>(key, v);
    };
    const join = () => {
      s.timeout(ACK_TIMEOUT_MS).emit(PARCHI_EVENTS.join, { match }, (err: Error | null, board: unknown) => {
        if (!err) offer(board);
      });
    };
    return enterRoom({
      events: { [PARCHI_EVENTS.board]: offer },
      join,
      leave: () => s.emit(PARCHI_EVENTS.leave, { match }, () => undefined),
    });
  }, [qc, match, active]);
}
