/**
 * Exchange betting on the wire: the shapes live in `@/lib/bets/wire`, shared with the match page's bet slip; this
 * module keeps the exchange's public name for them (My Bets reads them here).
 */
export type * from '@/lib/bets/wire';
