import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import type { GameView } from '../../mines/wire';
import { verifyMinesGame, type MinesFairInput, type MinesVerification } from '../mines';

export function getMinesGame(gameId: number): Promise<GameView> {
  return api.get('/api/mines/games/{id}', { path: { id: gameId } });
}

/** A game as the check reads it. */
export function minesInput(g: GameView): MinesFairInput {
  return {
    gameId: g.gameId,
    status: g.status,
    mines: g.mines,
    commitment: g.commitment,
    serverSeed: g.serverSeed ?? null,
    clientSeed: g.clientSeed,
    nonce: g.nonce,
    mineTiles: g.mineTiles ?? null,
    revealed: Array.isArray(g.revealed) ? g.revealed : [],
  };
}

export interface MinesChecked {
  input: MinesFairInput;
  verification: MinesVerification;
}

/** Fetches the game, then recomputes its board here in the browser. */
export function useMinesCheck(gameId: number | null) {
  // The steps are written in the player's language: a switch checks again in the new one.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['fairness', 'mines', gameId, i18n.language],
    queryFn: async (): Promise<MinesChecked> => {
      const input = minesInput(await getMinesGame(gameId as number));
      return { input, verification: await verifyMinesGame(input) };
    },
    enabled: gameId !== null,
    retry: false,
  });
}
