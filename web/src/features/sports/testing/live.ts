/** Live list items for tests. */
import type { LiveItem } from '../wire';

export const liveItem = (eventId: number): LiveItem => ({
  marketId: `1.${eventId}`,
  scoreIframe: `/score/${eventId}`,
  matchName: `Team ${eventId}A v Team ${eventId}B`,
  matchDate: Date.UTC(2027, 0, 15, 14, 0),
  eventId,
});
