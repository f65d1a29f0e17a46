/**
 * The three-card game's client rules, pure: the stakes, which cricket players each dropdown offers, the checks made
 * before a play is sent (the spec's messages; the server checks everything again), the request, the status line, the
 * countdown to the first ball (when plays close) and the winners. The server decides totals, winners, when plays
 * close and money.
 */
import i18n from '@/i18n';
import type { Entry, ParchiBoard, ParchiCard, Player, PlayRequest } from './api/types';
import type { Board } from './wire';

/** Spec §9: the stakes, in points (rupees); a winning stake's profit equals it. */
export const STAKES = [100, 200, 500, 1_000, 2_000, 5_000, 10_000] as const;
export const DEFAULT_STAKE: number = STAKES[0];
export const profitOf = (points: number): number => points;

/** The spec's messages, as keys of the `parchi` namespace (shown with `t` / `i18n.t`). */
export const MSG_PLAYED = 'parchi:msg.played';
export const MSG_NO_BALANCE = 'parchi:msg.noBalance';
export const MSG_BOTH_PLAYERS = 'parchi:msg.bothPlayers';
export const MSG_FAILED = 'parchi:msg.failed';
export const NOT_SELECTED = 'parchi:card.notSelected';

const norm = (name: string) => name.trim().toLowerCase();

/** The cricket players already on a card (lower-cased). */
export function onCards(board: Pick<ParchiBoard, 'cards'> | undefined): Set<string> {
  const names = new Set<string>();
  for (const c of board?.cards ?? []) {
    for (const n of [c.player1, c.player2]) if (n) names.add(norm(n));
  }
  return names;
}

/**
 * Player 1's choices for an empty card: the match's players on no card (the server's `taken`, or on a card of the
 * board held now, which may be newer than the players list).
 */
export function firstChoices(players: Player[], board: Pick<ParchiBoard, 'cards'> | undefined): Player[] {
  const taken = onCards(board);
  return players.filter((p) => !p.taken && !taken.has(norm(p.playername)));
}

/** Player 2's choices: the same, less player 1. */
export function secondChoices(
  players: Player[],
  board: Pick<ParchiBoard, 'cards'> | undefined,
  first: string,
): Player[] {
  return firstChoices(players, board).filter((p) => !first || norm(p.playername) !== norm(first));
}

/** A card's players are fixed once the first play picked them. */
export const isFilled = (c: Pick<ParchiCard, 'locked' | 'player1' | 'player2'>): boolean =>
  c.locked || (!!c.player1 && !!c.player2);

export interface PlayInput {
  /** The wallet's balance, if known (the server checks it anyway). */
  balance: number | undefined;
  points: number;
  player1: string;
  player2: string;
}

/** The spec's checks in its order: the balance covers the points, then both players are chosen. `null`: send it; else the message, in the player's language. */
export function checkPlay({ balance, points, player1, player2 }: PlayInput): string | null {
  if (balance !== undefined && Number.isFinite(balance) && balance < points) return i18n.t(MSG_NO_BALANCE);
  if (!player1.trim() || !player2.trim()) return i18n.t(MSG_BOTH_PLAYERS);
  return null;
}

/** The request for a play: a filled card's own two players, an empty card's two chosen ones. */
export function playRequest(card: ParchiCard, points: number, player1: string, player2: string): PlayRequest {
  if (isFilled(card) && card.player1 && card.player2)
    return { cardId: card._id, player1: card.player1, player2: card.player2, betpoints: points };
  return { cardId: card._id, player1: player1.trim(), player2: player2.trim(), betpoints: points };
}

/** Whether the card is the winner (its own flag, or the board's winning number). */
export const isWinner = (board: Pick<ParchiBoard, 'winnerCard'>, c: Pick<ParchiCard, 'card' | 'isWinner'>): boolean =>
  c.isWinner || board.winnerCard === c.card;

export type StatusTone = 'open' | 'closed' | 'done' | 'void';

const tr = (key: string, opts?: Record<string, unknown>) => i18n.t(`parchi:status.${key}`, opts);

/**
 * The status line under the title, in the player's language. Plays are open until the match's first ball; then a game
 * whose three cards are all locked plays on (`closed`) and one that is not is `void`, every stake returned at once.
 */
export function statusLine(board: Pick<ParchiBoard, 'status' | 'playsOpen' | 'winnerCard' | 'cards'>): {
  text: string;
  tone: StatusTone;
} {
  // A string, so a status this client's types do not list yet is handled too.
  const status: string = board.status;
  switch (status) {
    case 'void':
      return { text: tr('void'), tone: 'void' };
    case 'abandoned':
      return { text: tr('abandoned'), tone: 'done' };
    case 'finished':
      if (board.winnerCard != null) return { text: tr('finishedWinner', { card: board.winnerCard }), tone: 'done' };
      // No winner: a tie for the most (the tied cards' stakes back); a game recorded before plays closed at the first
      // ball may also have ended with its cards never all filled (every stake back).
      return board.cards.some((c) => !isFilled(c))
        ? { text: tr('finishedUnfilled'), tone: 'done' }
        : { text: tr('finishedTie'), tone: 'done' };
    case 'closed':
      return { text: tr('closed'), tone: 'closed' };
    case 'open':
      return board.playsOpen ? { text: tr('open'), tone: 'open' } : { text: tr('closed'), tone: 'closed' };
    default:
      return { text: '', tone: 'closed' };
  }
}

/**
 * Where the plays stand against the clock at `now`: open with the first ball `ms` away (`countdown`), open with the
 * match's start time passed (`due`: the feed says it is in play any moment, and plays close then), open with no start
 * time known (`open`), or closed (the match is in play, or the game over).
 */
export type PlaysClock = { kind: 'countdown'; ms: number } | { kind: 'due' } | { kind: 'open' } | { kind: 'closed' };

export function playsClock(
  board: Pick<ParchiBoard, 'status' | 'playsOpen'>,
  startsAt: number | null | undefined,
  now: number,
): PlaysClock {
  const status: string = board.status;
  if (!board.playsOpen || status !== 'open') return { kind: 'closed' };
  if (typeof startsAt !== 'number' || !Number.isFinite(startsAt) || startsAt <= 0) return { kind: 'open' };
  const ms = startsAt - now;
  return ms > 0 ? { kind: 'countdown', ms } : { kind: 'due' };
}

/** The winners table's rows: the plays that won. */
export const winners = (entries: Entry[] | undefined): Entry[] => (entries ?? []).filter((e) => e.status === 'won');

/** A board the socket or the server sent, if it looks like one. */
export const isBoard = (v: unknown): v is Board =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as Board).matchId === 'number' &&
  Array.isArray((v as Board).cards) &&
  typeof (v as Board).status === 'string';
