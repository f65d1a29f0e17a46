/** The KYC screen's pure parts: a rejection's reason as the server takes it, and a region's name from its code. */
import type { Region } from '@/lib/platform';

export const REASON_MIN = 4;
export const REASON_MAX = 200;

/** A rejection's reason (shown to the player): 4 to 200 characters once trimmed. */
export function isReasonValid(reason: string): boolean {
  const n = reason.trim().length;
  return n >= REASON_MIN && n <= REASON_MAX;
}

/** "Maharashtra (IN-MH)" from the platform's regions; the code alone when the list lacks it; "—" for none. */
export function regionLabel(code: string | null | undefined, regions: Region[] | undefined): string {
  if (!code) return '—';
  const r = regions?.find((x) => x.code === code);
  return r ? `${r.name} (${code})` : code;
}
