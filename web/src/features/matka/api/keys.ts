/** Every Matka query starts with this key. */
export const matkaKeys = {
  all: ['matka'] as const,
  markets: () => ['matka', 'markets'] as const,
  bids: () => ['matka', 'bids'] as const,
  chart: (marketId: number) => ['matka', 'chart', marketId] as const,
};
