/** Shapes of the operators' API (docs/OPERATORS.md). Money is in rupees; times are ISO-8601 strings. */

export type ActorFamily = 'table' | 'wallet' | 'hub' | 'gateway' | string;
export type ActorStatus = 'ok' | 'slow' | 'stuck' | string;
export type FigureValue = number | string | boolean | null | { [key: string]: FigureValue } | FigureValue[];

export interface Actor {
  id: string | number;
  family: ActorFamily;
  name: string;
  mailbox: number;
  handled: number;
  rate: number;
  queueP50Ms: number | null;
  queueP99Ms: number | null;
  handlerP50Ms: number | null;
  handlerP99Ms: number | null;
  tickLagP50Ms?: number | null;
  tickLagP99Ms?: number | null;
  idleMs: number | null;
  status: ActorStatus;
  figures?: Record<string, FigureValue>;
}

export interface ActorsSnapshot {
  at: string | number;
  actors: Actor[];
}

export interface ActorPoint {
  at: string | number;
  rate: number | null;
  queueP99Ms: number | null;
  handlerP99Ms: number | null;
  tickLagP99Ms: number | null;
}

export interface TableBet {
  user: string | number;
  name: string;
  slot: number;
  stake: number;
  autoCashout: number | null;
  state: string;
}

export interface TableDetail {
  round: string | number;
  phase: string;
  bets: TableBet[];
}

export interface ActorDetail {
  actor: Actor;
  history: ActorPoint[];
  detail?: TableDetail | Record<string, unknown> | null;
}

export type RequestStatus = 'Pending' | 'Approved' | 'Rejected' | string;

export interface AdminDeposit {
  id: number | string;
  user: number | string;
  userName: string;
  phoneNumber: string;
  deposite: number;
  Utr: string;
  status: RequestStatus;
  createdAt: string;
  decidedAt: string | null;
}

export interface AdminWithdrawal {
  id: number | string;
  user: number | string;
  userName: string;
  upi_id: string;
  phoneNumber: string;
  withdrawAmount: number;
  status: RequestStatus;
  createdAt: string;
  decidedAt: string | null;
}

export interface AdminUser {
  id: number | string;
  userNo: number | string;
  name: string;
  phone: string;
  email: string | null;
  role: 'player' | 'operator' | string;
  blocked: boolean;
  balance: number;
  exposure: number;
  createdAt: string;
}

export interface UserSession {
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  live: boolean;
}

export interface LedgerEntry {
  id: number | string;
  at: string;
  kind: string;
  reference: string;
  deltaBalance: number;
  deltaExposure: number;
  balanceAfter: number;
  exposureAfter: number;
}

export interface UserBet {
  game: string;
  round: number | string;
  slot: number;
  stake: number;
  cashedOutAt: number | null;
  payout: number | null;
  result: string;
  at: string;
}

export interface PaymentDetails {
  upi_id: string;
  phone: string;
  qrCode: string;
}

export interface AviatorSettings {
  minBet: number;
  maxBet: number;
  countdownMs: number;
  pauseMs: number;
  maxPayoutPerRound: number;
  houseEdgeBp: number;
}

export interface Fairness {
  chainFirstRound: number | string;
  chainLength: number;
  roundsLeft: number;
  nextChainCommitted: boolean;
  houseEdgeBp: number;
}

interface GameRow {
  name: string;
  round: number | string | null;
  phase: string | null;
  suspended: boolean;
}

export interface AviatorGame extends GameRow {
  game: 'aviator';
  settings: AviatorSettings;
  pending: Partial<AviatorSettings> | null;
  fairness: Fairness | null;
}

/** A round game's periods, in milliseconds. */
export interface RoundTimings {
  bettingMs: number;
  closedMs: number;
  stepMs: number;
  resultMs: number;
}

/** A round game's stake limits: `min` / `max` per pick in PAISE; `maxLines` = picks per bet. */
export interface StakeLimits {
  min: number;
  max: number;
  maxLines: number;
}

/** Titli Par and Color Prediction: `payout` in hundredths of the stake, stake included (1000 = 10×). */
export interface UniformRoundSettings {
  payout: number;
  timings: RoundTimings;
  limits: StakeLimits;
}

export interface AndarBaharSettings {
  andarPayout: number;
  baharPayout: number;
  timings: RoundTimings;
  limits: StakeLimits;
}

export interface UniformRoundGame extends GameRow {
  game: 'titli' | 'color';
  phase: 'betting' | 'closed' | 'revealing' | 'settled' | 'suspended' | null;
  settings: UniformRoundSettings;
  pending: UniformRoundSettings | null;
}

export interface AndarBaharGame extends GameRow {
  game: 'andar_bahar';
  phase: 'betting' | 'closed' | 'revealing' | 'settled' | 'suspended' | null;
  settings: AndarBaharSettings;
  pending: AndarBaharSettings | null;
}

export type RoundGame = UniformRoundGame | AndarBaharGame;
export type RoundGameId = RoundGame['game'];
export type RoundSettings = RoundGame['settings'];

/** A round game's settings change: only the changed fields, nested objects partial. */
export interface RoundSettingsChange {
  payout?: number;
  andarPayout?: number;
  baharPayout?: number;
  timings?: Partial<RoundTimings>;
  limits?: Partial<StakeLimits>;
}

/** Mines: money in PAISE (integers), the house edge in basis points (300 = 3 %). */
export interface MinesSettings {
  minBet: number;
  maxBet: number;
  maxPayout: number;
  houseEdgeBp: number;
}

/** Mines has no rounds: each player's game is open until it ends; a change applies to the games started after it. */
export interface MinesGame extends GameRow {
  game: 'mines';
  phase: 'open' | 'suspended' | null;
  settings: MinesSettings;
  pending: null;
  openGames: number;
  /** Rupees. */
  heldStakes: number;
}

/** Matka's rates in hundredths of the stake, stake included (950 = 9.5×, "10 Ka 95"). */
export interface MatkaRates {
  singleDigit: number;
  jodi: number;
  singlePanna: number;
  doublePanna: number;
  triplePanna: number;
  halfSangam: number;
  fullSangam: number;
}

/** Matka's settings for every market: rates, and the points one number may carry in PAISE (whole rupees). */
export interface MatkaSettings {
  rates: MatkaRates;
  minPoints: number;
  maxPoints: number;
}

/** Matka's settings change: only the changed fields, rates partial (hundredths), points in paise. */
export interface MatkaSettingsChange {
  rates?: Partial<MatkaRates>;
  minPoints?: number;
  maxPoints?: number;
}

/** Matka has no rounds or suspend: its markets are run on the Matka screen; a change applies to the next bid. */
export interface MatkaGame extends GameRow {
  game: 'matka';
  phase: 'open' | null;
  settings: MatkaSettings;
  pending: null;
}

export type Game = AviatorGame | RoundGame | MinesGame | MatkaGame;

export interface Risk {
  exposureTotal: number;
  tables: { game: string; table: string; exposure: number; openBets: number }[];
  houseResult: { game: string; today: number; allTime: number }[];
  largest: { userId: number | string; userNo: number | string; name: string; exposure: number }[];
}

export interface AuditEntry {
  id: number | string;
  at: string;
  operator: { id: number | string; name: string };
  action: string;
  target: string | number | null;
  before: unknown;
  after: unknown;
}

/** A node of `GET /api/admin/cluster`. */
export interface ClusterNode {
  id: string;
  address: string;
  /** Milliseconds since its last heartbeat. */
  seenMsAgo: number;
  live: boolean;
  /** Leases it holds now. */
  leases: number;
}

export interface ClusterLease {
  /** `wallet:0`, `wallet:1`, …, `aviator`, `titli`, `andar_bahar`, `color`, `games`. */
  resource: string;
  owner: string | null;
  epoch: number;
  /** Milliseconds until it expires (negative: expired). */
  expiresInMs: number;
  /** An operator asked the owner to hand it to this node at its next safe point. */
  movingTo: string | null;
}

/** `GET /api/admin/cluster` (one node alone: `mode: "single"`, empty lists). */
export interface ClusterView {
  mode: 'single' | 'cluster' | string;
  /** The node that answered (null in single mode). */
  node: string | null;
  nodes: ClusterNode[];
  leases: ClusterLease[];
}

/** `POST /api/admin/cluster/leases/{resource}/move` answers 202 with this. */
export interface LeaseMoveAnswer {
  resource: string;
  owner: string | null;
  movingTo: string;
}
