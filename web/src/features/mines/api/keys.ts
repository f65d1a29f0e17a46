/** Every Mines query starts with this key. */
export const minesKeys = {
  all: ['mines'] as const,
  state: () => ['mines', 'state'] as const,
  history: () => ['mines', 'history'] as const,
  game: (gameId: number) => ['mines', 'game', gameId] as const,
};
