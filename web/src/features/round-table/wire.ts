/**
 * The round-table wire every round game shares (the server's `table/wire.rs`), typed by the AsyncAPI document
 * (lib/socket-types, from docs/asyncapi.json). Events are named `{game}:{event}`; what a game's pick (`P`), its shown
 * result (`S`) and its reveal step (`T`) look like is the document's too (`RoundGames`). The generic shapes below are
 * what the table's reducer reads, for any game; `TableWireChecks` holds them to the document game by game, so a
 * renamed or retyped field on the server fails `tsc` there. Money is rupees as JSON numbers (≤ 2 decimals); times
 * are epoch milliseconds.
 */
import type { NoAnswer } from '@/lib/socket-request';
import type { AckOf, ErrorBody, PushName, PushOf, RequestName, RequestOf, SocketSchema } from '@/lib/socket-types';

/** The game's name: its event prefix, its room, its `/api/fair/{game}` path. */
export type GameName = 'titli' | 'andar_bahar' | 'color';
export const GAME_NAMES: readonly GameName[] = ['titli', 'andar_bahar', 'color'];

/** Each game's pick, shown result and reveal step (`never`: the game reveals its result at once), as the document types them. */
export interface RoundGames {
  titli: { pick: SocketSchema<'PickLine_TitliPicture'>['pick']; shown: SocketSchema<'TitliResult'>; step: never };
  andar_bahar: {
    pick: SocketSchema<'AndarBaharSide'>;
    shown: SocketSchema<'AndarBaharResult'>;
    step: SocketSchema<'AndarBaharStep'>;
  };
  color: { pick: SocketSchema<'ColorPick'>; shown: SocketSchema<'ColorResult'>; step: never };
}
export type PickOf<G extends GameName> = RoundGames[G]['pick'];
export type ShownOf<G extends GameName> = RoundGames[G]['shown'];
export type StepOf<G extends GameName> = RoundGames[G]['step'];

/** The phases the table names (the document types `gamePhase` as text: a name not listed here is not one). */
export type GamePhase = 'betting' | 'closed' | 'revealing' | 'settled';
export const GAME_PHASES: readonly GamePhase[] = ['betting', 'closed', 'revealing', 'settled'];
export const isGamePhase = (p: string): p is GamePhase => (GAME_PHASES as readonly string[]).includes(p);

export interface PickLine<P> {
  pick: P;
  amount: number;
}

/** A past round, for the history strip. */
export interface Past<S> {
  roundId: number;
  result: S;
}

/** What a pick pays: `payout` is what a winning rupee returns, stake included (10, 1.9). */
export interface PickPayout<P> {
  pick: P;
  payout: number;
  rtp: number;
}

/** `{game}:gameState`, also the ack of `{game}:join`. */
export interface GameState<P, S> {
  roundId: number;
  /** A `GamePhase` (see `isGamePhase`). */
  gamePhase: string;
  bettingOpen: boolean;
  /** Seconds to the reveal while betting or closed; to the next step or round after. */
  timeRemaining: number;
  msRemaining: number;
  bettingClosesAt: number;
  revealAt: number;
  serverTime: number;
  /** SHA-256 (hex) of the round's server seed, revealed at settlement. */
  commitment: string;
  clientSeed: string;
  /** The outcome as far as it is revealed (absent or null before anything is). */
  result?: S | null;
  /** Newest first. */
  history: Past<S>[];
  payouts: PickPayout<P>[];
  minStake: number;
  maxStake: number;
  maxPicks: number;
}

/** `{game}:roundStart`. */
export type RoundStart = SocketSchema<'RoundStart'>;

/** `{game}:timerUpdate`, once a second (`gamePhase`: see `isGamePhase`). */
export type TimerUpdate = SocketSchema<'RoundTimerUpdate'>;

/** `{game}:revealStep` (Andar Bahar: one card a second). */
export interface RevealStep<T> {
  roundId: number;
  index: number;
  step: T;
}

/** `{game}:revealResult`: the outcome and the seed that decided it. */
export interface RevealResult<S> {
  roundId: number;
  result: S;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  nextRoundAt: number;
}

/** `{game}:winResult`, to the player once their money moved (`payout` 0: lost). */
export interface WinResult<P, S> {
  roundId: number;
  userId: number;
  ticket: number;
  bets: PickLine<P>[];
  stake: number;
  payout: number;
  profit: number;
  result: S;
}

/** A row of `{game}:bets`: the round's real bets, newest first, names masked. */
export interface FeedRow<P> {
  username: string;
  bets: PickLine<P>[];
  total: number;
}

/** `{game}:placeBet` request, as this client sends it. */
export interface PlaceBetReq<P> {
  roundId: number;
  bets: PickLine<P>[];
  totalBets: number;
}

/** The server's answer to a taken bet (`{game}:placeBet`'s ack). */
export interface BetAccepted<P> {
  success: boolean;
  roundId: number;
  ticket: number;
  bets: PickLine<P>[];
  total: number;
  /** The balance right after the hold. */
  balance: number;
}

/* What the table reads, and what it sends, held to the document game by game. */

type Push<E extends string> = E extends PushName ? PushOf<E> : never;
type Ack<E extends string> = E extends RequestName ? AckOf<E> : never;

/** What the document says game `G` pushes to the table and answers to it (`never`: no such event). */
export interface TableDocumented<G extends GameName> {
  gameState: Push<`${G}:gameState`>;
  roundStart: Push<`${G}:roundStart`>;
  timerUpdate: Push<`${G}:timerUpdate`>;
  revealStep: Push<`${G}:revealStep`>;
  revealResult: Push<`${G}:revealResult`>;
  winResult: Push<`${G}:winResult`>;
  bets: Push<`${G}:bets`>;
  joinAck: Ack<`${G}:join`>;
  placeBetAck: Ack<`${G}:placeBet`>;
}

/** The same, as the table reads them for game `G`. */
export interface TableReads<G extends GameName, P = PickOf<G>, S = ShownOf<G>> {
  gameState: GameState<P, S>;
  roundStart: RoundStart;
  timerUpdate: TimerUpdate;
  revealStep: RevealStep<StepOf<G>>;
  revealResult: RevealResult<S>;
  winResult: WinResult<P, S>;
  bets: FeedRow<P>[];
  joinAck: GameState<P, S> | ErrorBody;
  placeBetAck: BetAccepted<P> | ErrorBody;
}

/** `Sent` must fit `Read`: else `tsc` fails here and says which field of which payload does not. */
type Fits<Read, Sent extends Read> = Sent;

/**
 * Compile-time only: each game's documented payloads fit what the table reads, and the bet it sends fits what the
 * document takes. The table's hook builds the events' names from the game, which the socket's types cannot follow;
 * these checks stand in for them.
 */
export type TableWireChecks = [
  Fits<TableReads<'titli'>, TableDocumented<'titli'>>,
  Fits<TableReads<'andar_bahar'>, TableDocumented<'andar_bahar'>>,
  Fits<TableReads<'color'>, TableDocumented<'color'>>,
  Fits<RequestOf<'titli:placeBet'>, PlaceBetReq<PickOf<'titli'>>>,
  Fits<RequestOf<'andar_bahar:placeBet'>, PlaceBetReq<PickOf<'andar_bahar'>>>,
  Fits<RequestOf<'color:placeBet'>, PlaceBetReq<PickOf<'color'>>>,
];

/** What the table's `placeBet` resolves to: the server's taken bet, or why not (its refusal, or no answer). */
export type PlaceBetAck<P> = (BetAccepted<P> & { success: true }) | BetRefused;

export type BetError =
  | 'betting_closed'
  | 'wrong_round'
  | 'insufficient_balance'
  | 'stake_too_low'
  | 'stake_too_high'
  | 'total_mismatch'
  | 'duplicate_pick'
  | 'no_picks'
  | 'too_many_picks'
  | 'unavailable';

export interface BetRefused {
  success: false;
  error?: BetError | string;
  message?: string;
}

/** A refusal as the table passes it on (the server's, or `NoAnswer`). */
export const betRefused = (r: ErrorBody | NoAnswer): BetRefused => ({
  success: false,
  error: r.error,
  message: r.message,
});

/*
 * The REST calls' shapes are the OpenAPI document's: `GET /api/fair/{game}[/{round}]` (fairness/api), and
 * `GET /api/games/{game}/bets` (api/get-my-bets: `RoundBetRow`, its picks and result those of any round game).
 */
