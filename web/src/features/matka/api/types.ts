/** Matka's REST shapes, from the OpenAPI document (the socket's `matka:join` / `matka:status` stay in `../wire`). */
import type { Schema } from '@/lib/api-types';

/** `GET /api/admin/getMatkas`. `minPoints` / `maxPoints`: rupees a number may carry. */
export type MarketListJson = Schema<'MatkaMarketList'>;
/** A market as the list shows it, with its current draw (a `matka:status` push's `MarketView` is one too). */
export type Market = Schema<'MatkaMarketView'>;
/** A bid type's rate, with the spec's caption. */
export type Rate = Schema<'MatkaRateView'>;
/** `POST /api/bids`: the spec's bid payload. */
export type BidRequest = Schema<'MatkaBidBody'>;
export type BidLine = Schema<'MatkaBidLineBody'>;
/** The answer to a taken bid request (201), once its total is held. */
export type BidAccepted = Schema<'MatkaBidAccepted'>;
/** `GET /api/matka/markets/{id}/chart`: past results, newest first. */
export type Chart = Schema<'MatkaChart'>;
export type ChartRow = Schema<'MatkaChartRow'>;
/** `GET /api/bids`: the player's bids, newest first. */
export type Bids = Schema<'MatkaBids'>;
export type BidRow = Schema<'MatkaBidRow'>;
