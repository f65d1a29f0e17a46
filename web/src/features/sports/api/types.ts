/** The sports feed's REST shapes, from the OpenAPI document (the socket's `subscribe` / `match:delta` / `updateMatches` stay in `../wire`). */
import type { Schema } from '@/lib/api-types';

/** A row of `GET /api/matches/{sportId}` (the spec's several names for the same fields). */
export type ListItem = Schema<'SportsListItem'>;
/** `GET /api/matches/{sportId}`: the rows under `data`, in play first. */
export type MatchList = Schema<'SportsMatchList'>;
/** A row of `GET /api/sports/counts`: one per sport the feed has; a sport not listed has no matches. */
export type SportCount = Schema<'SportCount'>;
/** `GET /api/match/{id}` (the `subscribe` ack, a `MatchDetail`, is one too; `match:delta`s move it on). */
export type MatchDetailJson = Schema<'SportsMatchDetail'>;
/** A row of `GET /api/live-matches` (an `updateMatches` push's `LiveItem` is one too). */
export type LiveMatch = Schema<'SportsLiveMatch'>;
