/**
 * The typed socket refuses what the server's document does not have. The `@ts-expect-error` lines are the test:
 * `tsc -b` checks this file, and fails if one of them is not an error (say, once the socket is untyped again).
 */
import { expect, expectTypeOf, it } from 'vitest';
import type { GameStateMsg } from '@/features/aviator/types';
import type { AckOf, AppSocket, PushOf, RequestOf } from './socket-types';

/** Never called: only type-checked. */
function uses(s: AppSocket) {
  s.on('aviator_game_state', (msg) => msg.bettingEndsAt);
  // @ts-expect-error: a field the server does not send
  s.on('aviator_game_state', (msg) => msg.bettingEndAt);
  // @ts-expect-error: an event the server does not emit
  s.on('aviator_gameState', () => undefined);
  // @ts-expect-error: a listener of another event's payload
  s.on('matka:status', (board: PushOf<'parchi:board'>) => board.cards);

  s.emit('place_bet', { roundId: 1, amount: 10, slot: 0 }, () => undefined);
  // @ts-expect-error: a field of the wrong type (`roundId` is a number)
  s.emit('place_bet', { roundId: true, amount: 10 }, () => undefined);
  // @ts-expect-error: a required field missing (`amount`)
  s.emit('place_bet', { roundId: 1 }, () => undefined);
  // @ts-expect-error: an event the server does not hear
  s.emit('placeBet', { roundId: 1, amount: 10 }, () => undefined);
  // @ts-expect-error: a payload on an event that takes none
  s.emit('matka:join', { market: 1 }, () => undefined);

  s.timeout(1000).emit('parchi:join', { match: 'IND v AUS' }, (err, board) => {
    if (err || 'error' in board) return;
    // @ts-expect-error: the ack is typed too (`ParchiBoard` has `matchId`, not `match`)
    void board.match;
  });
}

it('types each event by the document', () => {
  expect(typeof uses).toBe('function');
  expectTypeOf<PushOf<'aviator_game_state'>>().toEqualTypeOf<GameStateMsg>();
  expectTypeOf<GameStateMsg>().toHaveProperty('bettingEndsAt');
  expectTypeOf<RequestOf<'subscribe'>>().toEqualTypeOf<{ eventId: number }>();
  expectTypeOf<AckOf<'getMatches'>>().toEqualTypeOf<PushOf<'updateMatches'>>();
});
