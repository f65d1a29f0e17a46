/** The bid types (pure): the spec's names and order, which numbers each takes, and which sessions a market allows. */
import i18n from '@/i18n';
import type { Rate } from './api/types';
import type { BidType, CloseStatus, Session } from './wire';

export interface BidTypeInfo {
  type: BidType;
  /** As the spec spells it (its "TRIPPLE PANNA" too). */
  title: string;
  /** The tile's glyph, since the app ships no artwork. */
  glyph: string;
  /** Settles on both results: takes no session, and closes with the open session. */
  needsBoth: boolean;
}

export const BID_TYPES: readonly BidTypeInfo[] = [
  { type: 'single_digit', title: 'SINGLE DIGIT', glyph: '7', needsBoth: false },
  { type: 'jodi', title: 'JODI DIGIT', glyph: '80', needsBoth: true },
  { type: 'single_panna', title: 'SINGLE PANNA', glyph: '128', needsBoth: false },
  { type: 'double_panna', title: 'DOUBLE PANNA', glyph: '550', needsBoth: false },
  { type: 'triple_panna', title: 'TRIPPLE PANNA', glyph: '777', needsBoth: false },
  { type: 'half_sangam', title: 'HALF SANGAM', glyph: '8-479', needsBoth: true },
  { type: 'full_sangam', title: 'FULL SANGAM', glyph: '134-479', needsBoth: true },
];

/** A bid type from a route segment: the server's name (`single_digit`) or the spec's (`SINGLE DIGIT`, `tripple panna`). */
export function parseBidType(text: string | undefined): BidType | null {
  const t = (text ?? '').toLowerCase().replace(/[^a-z]/g, '');
  const known: Record<string, BidType> = {
    singledigit: 'single_digit',
    jodi: 'jodi',
    jodidigit: 'jodi',
    singlepanna: 'single_panna',
    doublepanna: 'double_panna',
    triplepanna: 'triple_panna',
    tripplepanna: 'triple_panna',
    halfsangam: 'half_sangam',
    fullsangam: 'full_sangam',
  };
  return known[t] ?? null;
}

export function bidTypeInfo(type: BidType): BidTypeInfo {
  return BID_TYPES.find((b) => b.type === type) ?? BID_TYPES[0]!;
}

/** The key of a bid type's title in the `matka` namespace. */
const TITLE_KEY: Record<BidType, string> = {
  single_digit: 'singleDigit',
  jodi: 'jodi',
  single_panna: 'singlePanna',
  double_panna: 'doublePanna',
  triple_panna: 'triplePanna',
  half_sangam: 'halfSangam',
  full_sangam: 'fullSangam',
};

/**
 * "SINGLE DIGIT" for the server's `single_digit` (history rows carry the server's names), in the player's language;
 * unknown names as given.
 */
export function bidTypeTitle(name: string): string {
  const t = parseBidType(name);
  return t ? i18n.t(`matka:bidType.${TITLE_KEY[t]}`, { defaultValue: bidTypeInfo(t).title }) : name.toUpperCase();
}

/** Whether a market in `status` takes bids of `type` at all: none when Closed; no jodi or sangam once the open is due. */
export function canBid(status: CloseStatus | string | undefined, type: BidType): boolean {
  if (status === 'Open') return true;
  if (status === 'Close') return !bidTypeInfo(type).needsBoth;
  return false;
}

/** The sessions the radio offers: none for jodi and sangams, only Close once the open session is over. */
export function sessionsFor(status: CloseStatus | string | undefined, type: BidType): Session[] {
  if (bidTypeInfo(type).needsBoth || !canBid(status, type)) return [];
  return status === 'Open' ? ['open', 'close'] : ['close'];
}

/** The rate in hundredths of the stake (950 for 9.5×), exactly, from the server's list; null when it has none. */
export function rateHundredths(rates: readonly Rate[] | undefined, type: BidType): number | null {
  const r = rates?.find((x) => x.bidType === type);
  if (!r || !Number.isFinite(r.rate) || r.rate <= 0) return null;
  return Math.round(r.rate * 100);
}

/** The tile's caption from the server ("10 Ka 95"), or one made from the rate. */
export function captionOf(rates: readonly Rate[] | undefined, type: BidType): string {
  const r = rates?.find((x) => x.bidType === type);
  if (r?.caption) return r.caption;
  const h = rateHundredths(rates, type);
  return h === null ? '' : `10 Ka ${(h * 10) / 100}`;
}

/** The caption's two numbers for the bid page's route (`10`, `95`). */
export function captionParts(caption: string): { points: string; profit: string } {
  const m = /(\d+(?:\.\d+)?)\s*ka\s*(\d+(?:\.\d+)?)/i.exec(caption);
  return m ? { points: m[1]!, profit: m[2]! } : { points: '10', profit: '0' };
}
