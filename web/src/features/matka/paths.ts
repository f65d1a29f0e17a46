/** The Matka screens' paths (the spec's route shapes). */
import { captionParts } from './bid-types';
import type { Market } from './api/types';
import type { BidType } from './wire';

type Named = Pick<Market, 'marketName' | 'closeStatus'>;

export const LIST_PATH = '/casino/matka';

/** The back link's arrow (a mark, not a word). */
export const BACK_MARK = '‹';

/** The Chart tile's glyph. */
export const CHART_MARK = '▦';

/** `/casino/play/{gameName}/{bidStatus}`. */
export const playPath = (m: Named) =>
  `/casino/play/${encodeURIComponent(m.marketName)}/${encodeURIComponent(m.closeStatus)}`;

/** `/casino/bidpage/{gameName}/{bitType}/{pointsToplay}/{profit}/{bitStatus}`: points and profit from the caption ("10 Ka 95"). */
export function bidPath(m: Named, type: BidType, caption: string): string {
  const { points, profit } = captionParts(caption);
  return `/casino/bidpage/${encodeURIComponent(m.marketName)}/${type}/${points}/${profit}/${encodeURIComponent(m.closeStatus)}`;
}

export const chartPath = (marketId: number) => `/casino/matka/chart/${marketId}`;

/** The Fairness screen's check of a drawn result. */
export const fairPath = (marketId: number, drawNo: number) => `/fairness?game=matka&market=${marketId}&draw=${drawNo}`;
