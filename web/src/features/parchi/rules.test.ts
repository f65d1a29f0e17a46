import { describe, expect, it } from 'vitest';
import {
  checkPlay,
  firstChoices,
  isWinner,
  MSG_BOTH_PLAYERS,
  MSG_NO_BALANCE,
  playRequest,
  playsClock,
  profitOf,
  secondChoices,
  STAKES,
  statusLine,
  winners,
} from './rules';
import { board, card, entry, players } from './testing/board';

const names = (ps: { playername: string }[]) => ps.map((x) => x.playername);

describe('the stakes', () => {
  it('are the spec’s seven, each winning as much again', () => {
    expect([...STAKES]).toEqual([100, 200, 500, 1000, 2000, 5000, 10000]);
    expect(STAKES.map(profitOf)).toEqual([...STAKES]);
  });
});

describe('player choices', () => {
  it('offer only players on no card: neither the server’s taken ones nor those on a card of the board held now', () => {
    const b = board({
      cards: [board().cards[0]!, card(2, { player1: 'D Rao', player2: 'S Gill', locked: true }), card(3)],
    });
    expect(names(firstChoices(players(), b))).toEqual(['K Patel', 'M Khan', 'V Nair']);
  });

  it('never offer player 1 as player 2 (names compared without case)', () => {
    expect(names(secondChoices(players(), board(), 'k patel'))).toEqual(['M Khan', 'D Rao', 'S Gill', 'V Nair']);
    expect(names(secondChoices(players(), board(), ''))).toEqual(['K Patel', 'M Khan', 'D Rao', 'S Gill', 'V Nair']);
  });
});

describe('checks before a play is sent', () => {
  it('refuse points above the balance first, with the spec’s message', () => {
    expect(checkPlay({ balance: 99, points: 100, player1: '', player2: '' })).toBe('Insufficient Balance');
    expect(MSG_NO_BALANCE).toBe('parchi:msg.noBalance');
  });
  it('then ask for both players', () => {
    expect(checkPlay({ balance: 100, points: 100, player1: 'K Patel', player2: '' })).toBe(
      'Please select both players before submitting.',
    );
    expect(checkPlay({ balance: 100, points: 100, player1: ' ', player2: 'M Khan' })).toBe(
      'Please select both players before submitting.',
    );
    expect(MSG_BOTH_PLAYERS).toBe('parchi:msg.bothPlayers');
  });
  it('let the server decide when the balance is not known yet', () => {
    expect(checkPlay({ balance: undefined, points: 10_000, player1: 'K Patel', player2: 'M Khan' })).toBeNull();
  });
});

describe('the request', () => {
  it('names an empty card’s two chosen players', () => {
    expect(playRequest(card(2), 200, ' K Patel', 'M Khan')).toEqual({
      cardId: '101-2',
      player1: 'K Patel',
      player2: 'M Khan',
      betpoints: 200,
    });
  });
  it('sends a filled card’s own two players, whatever was chosen', () => {
    expect(playRequest(board().cards[0]!, 100, 'K Patel', '')).toEqual({
      cardId: '101-1',
      player1: 'A Sharma',
      player2: 'R Iyer',
      betpoints: 100,
    });
  });
});

describe('the status line and the winners', () => {
  it('say whether plays are open, closed, or how the match ended', () => {
    expect(statusLine(board())).toEqual({ text: 'Plays open until the first ball of the match.', tone: 'open' });
    expect(statusLine(board({ playsOpen: false })).tone).toBe('closed');
    expect(statusLine(board({ status: 'closed', playsOpen: false, matchStatus: 'in_play' })).text).toBe(
      'Plays closed at the first ball: the match is on, waiting for the result.',
    );
    expect(statusLine(board({ status: 'finished', winnerCard: 2 })).text).toBe('Match finished: Card 2 wins.');
    expect(statusLine(board({ status: 'finished' })).text).toBe(
      'Match finished: not all three cards were filled, so every stake is returned.',
    );
    const full = board().cards.map((c, i) => card(c.card, { player1: `P${i}a`, player2: `P${i}b`, locked: true }));
    expect(statusLine(board({ status: 'finished', cards: full })).text).toBe(
      'Match finished: a tie for the most runs; stakes on the tied cards are returned.',
    );
    expect(statusLine(board({ status: 'abandoned' })).text).toBe('Match abandoned: every stake is returned.');
  });

  it('say a game whose cards were not all filled at the first ball is void, every stake returned', () => {
    expect(statusLine(board({ status: 'void', playsOpen: false, matchStatus: 'in_play' }))).toEqual({
      text: 'Void: the three cards were not all filled at the first ball, so the game is off and every stake has been returned.',
      tone: 'void',
    });
  });

  it('mark the winning card by its flag or the board’s number, and list only won plays', () => {
    expect(isWinner(board({ winnerCard: 2 }), card(2))).toBe(true);
    expect(isWinner(board(), card(1, { isWinner: true }))).toBe(true);
    expect(isWinner(board(), card(1))).toBe(false);
    expect(
      winners([entry(), entry({ _id: 2, status: 'won' }), entry({ _id: 3, status: 'lost' })]).map((e) => e._id),
    ).toEqual([2]);
    expect(winners(undefined)).toEqual([]);
  });
});

describe('the countdown to the first ball', () => {
  const START = 1_900_000_000_000;

  it('counts down while plays are open, to the match’s start time', () => {
    expect(playsClock(board(), START, START - 125_000)).toEqual({ kind: 'countdown', ms: 125_000 });
    expect(playsClock(board(), START, START - 1)).toEqual({ kind: 'countdown', ms: 1 });
    // The start time passed, the feed not yet saying the match is in play: the first ball is due, plays still open.
    expect(playsClock(board(), START, START)).toEqual({ kind: 'due' });
    expect(playsClock(board(), START, START + 5_000)).toEqual({ kind: 'due' });
    // No start time known: plays open, nothing to count.
    expect(playsClock(board(), null, START)).toEqual({ kind: 'open' });
    expect(playsClock(board(), undefined, START)).toEqual({ kind: 'open' });
  });

  it('is "closed" once the match is in play, however early its start time said', () => {
    expect(
      playsClock(board({ status: 'closed', playsOpen: false, matchStatus: 'in_play' }), START, START - 60_000),
    ).toEqual({ kind: 'closed' });
    expect(playsClock(board({ status: 'void', playsOpen: false }), START, START + 60_000)).toEqual({ kind: 'closed' });
    expect(playsClock(board({ status: 'finished', playsOpen: false }), START, START + 60_000)).toEqual({
      kind: 'closed',
    });
    expect(playsClock(board({ playsOpen: false }), START, START - 60_000)).toEqual({ kind: 'closed' });
  });
});
