/**
 * Matka on the wire: `actors/src/matka/wire.rs` (docs/API.md "Matka"), the socket's shapes typed by the AsyncAPI
 * document. JSON is camelCase; money is rupees (numbers, at most 2 decimals); `rate` is a multiplier, stake included
 * (9.5 is "10 Ka 95"); times are epoch ms. The operators' calls are the console's (features/admin).
 */
import type { SocketSchema } from '@/lib/socket-types';

/** The server's names of the bid types (`rules::BidType`, snake_case). */
export type BidType = SocketSchema<'MatkaBidType'>;

/** `Open`: open and close bids; `Close`: close bids only (no jodi, no sangam); `Closed`: no bids. */
export type CloseStatus = SocketSchema<'MatkaCloseStatus'>;

export type Mode = SocketSchema<'MatkaMode'>;

/** A bid's session as the server answers it (`rules::Session`). */
export type Session = 'open' | 'close';

/**
 * A market as the list shows it, with its current draw: `openNumber` is the open panna or `***` until it is out,
 * `jodiDigit` the digits as far as they are out (`8*`, `80`, `**`); a quick market's `cycleSeconds`, `drawNo`,
 * `opensAt`, `closesAt` and a drawn market's `commitment` are absent or null for a daily market.
 */
export type MarketView = SocketSchema<'MatkaMarketView'>;

/** A bid type's rate (× the stake, stake included), with the spec's caption ("10 Ka 95"). */
export type RateView = SocketSchema<'MatkaRateView'>;

/** `matka:join`'s ack (`GET /api/admin/getMatkas` answers the same: `api/types`). `minPoints` / `maxPoints`: rupees a number may carry. */
export type MarketList = SocketSchema<'MatkaMarketList'>;

/** `matka:status`: pushed to the `matka` room when a market opens, closes or has a result. */
export type Status = SocketSchema<'MatkaStatus'>;

/** The REST calls' shapes (`POST /api/bids`, the chart, the player's bids) are the OpenAPI document's: see `api/types`. */
