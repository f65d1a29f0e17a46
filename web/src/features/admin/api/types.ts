/**
 * Shapes of the operators' API (docs/OPERATORS.md): the REST ones are the OpenAPI document's. Money is in rupees
 * (where a field says paise, paise); times are ISO-8601 strings.
 */
import type { Schema } from '@/lib/api-types';

/* The `ops_actors` push is the socket document's (`PushOf<'ops_actors'>`, lib/socket-types): the same rows as
   `GET /api/admin/actors`, `ActorsJson` below. */

/** `GET /api/admin/actors` (polled while the `ops_actors` push is down): every live actor's row. */
export type ActorsJson = Schema<'ActorsJson'>;
export type ActorView = Schema<'ActorView'>;
export type ActorPoint = Schema<'ActorPoint'>;
/** Aviator's table under an actor's detail: the round, its phase and its open bets. */
export type TableDetail = Schema<'AviatorTableDetailJson'>;
export type TableBet = Schema<'AviatorInspectedBetJson'>;
export type ActorDetail = Schema<'ActorDetailJson'>;

export type RequestStatus = Schema<'RequestStatus'>;
export type AdminDeposit = Schema<'DepositJson'>;
export type AdminWithdrawal = Schema<'WithdrawalJson'>;
export type AdminUser = Schema<'AdminUserJson'>;
export type UserSession = Schema<'AdminSessionJson'>;
export type LedgerEntry = Schema<'AdminLedgerEntryJson'>;
export type UserBet = Schema<'AdminBetJson'>;
export type PaymentDetails = Schema<'PaymentDetailsJson'>;
/** A person's own responsible-gaming settings: their seven limits and any break or self-exclusion in force. */
export type RgSettings = Schema<'SettingsJson'>;
export type RgLimit = Schema<'LimitJson'>;
export type RgExclusion = Schema<'ExclusionJson'>;

export type AviatorSettings = Schema<'AviatorSettingsJson'>;
/** The caps the round in play is played by (fixed when it opened) and the bankroll they were taken of. */
export type AviatorCaps = Schema<'AviatorCapsJson'>;
export type Fairness = Schema<'AviatorFairnessJson'>;

/** A game of `GET /api/admin/games`: a union discriminated by its `game` field (`aviator`, a round game, `mines`, `matka`). */
export type Game = Schema<'GameEntryJson'>;
/** A game's name, as `PUT /api/admin/games/{game}/settings` takes it. */
export type GameId = Game['game'];
export type AviatorGame = Schema<'AviatorGameJson'>;

/** A round game's periods, in milliseconds. */
export type RoundTimings = Schema<'RoundTimings'>;
/** A round game's stake limits: `min` / `max` per pick in PAISE; `maxLines` = picks per bet. */
export type StakeLimits = Schema<'RoundStakeLimits'>;
/** Titli Par and Color Prediction: `payout` in hundredths of the stake, stake included (1000 = 10×). */
export type UniformRoundSettings = Schema<'UniformSettings'>;
export type AndarBaharSettings = Schema<'AndarBaharSettings'>;
/** Titli Par, Andar Bahar and Color Prediction. */
export type RoundGame = Schema<'RoundGameJson'>;
/** The round games' names (the server's `game` of a `RoundGameJson`). */
export type RoundGameId = Schema<'RoundGameName'>;
export type RoundSettings = Schema<'RoundGameSettingsJson'>;
/** A round game's settings change: only the changed fields, nested objects partial. */
export type RoundSettingsChange = Schema<'UniformSettingsChange'> | Schema<'AndarBaharSettingsChange'>;

/** Mines: money in PAISE (integers), the house edge in basis points (300 = 3 %). */
export type MinesSettings = Schema<'MinesSettings'>;
/** Mines has no rounds: each player's game is open until it ends; a change applies to the games started after it. */
export type MinesGame = Schema<'MinesEntry'>;

/** Matka's rates in hundredths of the stake, stake included (950 = 9.5×, "10 Ka 95"). */
export type MatkaRates = Schema<'MatkaRates'>;
/** Matka's settings for every market: rates, and the points one number may carry in PAISE (whole rupees). */
export type MatkaSettings = Schema<'MatkaSettings'>;
/** Matka's settings change: only the changed fields, rates partial (hundredths), points in paise. */
export type MatkaSettingsChange = Schema<'MatkaSettingsChange'>;
/** Matka has no rounds or suspend: its markets are run on the Matka screen; a change applies to the next bid. */
export type MatkaGame = Schema<'MatkaEntry'>;
/** The games that can be suspended and resumed: every one but Matka. */
export type SuspendableGame = Exclude<Game, MatkaGame>;

/** A settings change of any game (`PUT /api/admin/games/{game}/settings`). */
export type GameSettingsChange = Schema<'GameSettingsChange'>;

export type Risk = Schema<'RiskJson'>;
export type AuditEntry = Schema<'AuditEntryJson'>;

/** `GET /api/admin/cluster` (one node alone: `mode: "single"`, empty lists). */
export type ClusterView = Schema<'ClusterView'>;
export type ClusterNode = Schema<'NodeRow'>;
export type ClusterLease = Schema<'LeaseRow'>;
/** `POST /api/admin/cluster/leases/{resource}/move` answers 202 with this. */
export type LeaseMoveAnswer = Schema<'LeaseMoveAsked'>;
