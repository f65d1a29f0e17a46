'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { multiplierAt, elapsedFor } = require('../src/curve');
const { parseHundredths, rupees, mask } = require('../src/money');
const { Wallet } = require('../src/wallet');
const { Table } = require('../src/game');

test('curve matches the published values', () => {
  assert.equal(multiplierAt(-5), 100);
  assert.equal(multiplierAt(1000), 106);
  assert.equal(multiplierAt(11552), 199);
  assert.equal(multiplierAt(11553), 200);
  assert.equal(elapsedFor(200), 11553);
  assert.equal(elapsedFor(1000), 38377);
  for (let t = 101; t <= 500; t += 1) {
    const ms = elapsedFor(t);
    assert.ok(multiplierAt(ms) >= t && (ms === 0 || multiplierAt(ms - 1) < t), `target ${t}`);
  }
});

test('rupees are parsed exactly and written back exactly', () => {
  assert.equal(parseHundredths(123.45), 12345);
  assert.equal(parseHundredths('100.1'), 10010);
  assert.equal(parseHundredths(' 7.50 '), 750);
  assert.equal(parseHundredths(1.005), null);
  assert.equal(parseHundredths(-1), null);
  assert.equal(parseHundredths('1e3'), null);
  assert.equal(JSON.stringify(rupees(12345)), '123.45');
  assert.equal(JSON.stringify(rupees(200)), '2');
  assert.equal(mask('9876543210'), '********');
  assert.equal(mask('Ravi Kumar'), 'Ra****ar');
});

/** A table on a fake clock, recording what it sends. */
function setup({ crash = [200], maxPayout = 10_000_000, balance = 1_000_000 } = {}) {
  let now = 1_000_000;
  const sent = [];
  const wallet = new Wallet((user, delta, reason) => sent.push({ user, event: 'balance_update', delta, reason }));
  const table = new Table({
    config: { countdownMs: 4000, pauseMs: 1000, maxPayout, minBet: 1000, maxBet: 5_091_045 },
    crashPointFor: (r) => crash[(r - 1) % crash.length],
    wallet,
    toRoom: (event, payload) => sent.push({ event, payload }),
    toUser: (user, event, payload) => sent.push({ user, event, payload }),
    now: () => now,
  });
  const players = [1, 2, 3].map((id) => {
    wallet.open(id, balance);
    return { id, masked: 'x****' };
  });
  table.openRound(now);
  return {
    table, wallet, sent, players,
    at: (t) => { now = t; table.advance(now); },
    clock: () => now,
  };
}

test('auto cash-outs pay their target, losers lose at the crash, and the books balance', (t) => {
  const g = setup({ crash: [250] });
  t.after(() => g.table.stop());
  const [a, b] = g.players;
  const start = 1_000_000;
  assert.equal(g.table.placeBet(a, 1, 0, 10_000, 150).success, true);
  assert.equal(g.table.placeBet(b, 1, 1, 5_050, null).success, true);
  assert.equal(g.table.placeBet(b, 1, 1, 5_050, null).error, 'bet_exists');
  assert.equal(g.table.placeBet(a, 2, 1, 1000, null).error, 'wrong_round');
  assert.equal(g.wallet.get(b.id).exposure, 5_050);
  g.at(start + 4000); // take-off
  assert.equal(g.table.phase, 'flying');
  assert.equal(g.table.placeBet(a, 1, 1, 1000, null).error, 'betting_closed');
  g.at(start + 4000 + elapsedFor(150) + 30);
  const win = g.sent.find((s) => s.event === 'bet_result' && s.user === a.id);
  assert.deepEqual(win.payload, {
    roundId: 1, slot: 0, win: true, amount: 100, winnings: 150, multiplier: 1.5, auto: true, capped: false,
  });
  g.at(start + 4000 + elapsedFor(250));
  assert.equal(g.table.phase, 'crashed');
  const loss = g.sent.find((s) => s.event === 'bet_result' && s.user === b.id);
  assert.equal(loss.payload.win, false);
  assert.deepEqual(g.wallet.get(a.id), { balance: 1_000_000 + 5_000, exposure: 0 });
  assert.deepEqual(g.wallet.get(b.id), { balance: 1_000_000 - 5_050, exposure: 0 });
  const rows = g.table.historyOf(b.id, 200);
  assert.deepEqual([rows[0].round_id, rows[0].betAmt, rows[0].winningAmt, rows[0].status], [1, 50.5, 0, 'Lost']);
  g.at(start + 4000 + elapsedFor(250) + 1000); // the next round opens after the pause
  assert.deepEqual([g.table.phase, g.table.roundId], ['countdown', 2]);
});

test('a manual cash-out is priced at receipt; too late after the crash; a 1.00x round still flies', (t) => {
  const g = setup({ crash: [300, 100] });
  t.after(() => g.table.stop());
  const [a] = g.players;
  g.table.placeBet(a, 1, 0, 10_000, null);
  assert.equal(g.table.cashOut(a, 1, 0).error, 'not_flying');
  g.at(1_000_000 + 4000);
  const ack = g.table.cashOut(a, 1, 0, 1_000_000 + 4000 + 11_553);
  assert.deepEqual(ack, { success: true, totalWinnings: 200, multiplier: 2, slot: 0, roundId: 1 });
  assert.equal(g.table.cashOut(a, 1, 0).error, 'already_settled');
  g.at(1_000_000 + 4000 + elapsedFor(300) + 1000);
  assert.equal(g.table.roundId, 2);
  g.table.placeBet(a, 2, 1, 10_000, 101);
  const before = g.sent.length;
  g.at(g.table.endsAt);
  const phases = g.sent.slice(before).filter((s) => s.event === 'aviator_game_state').map((s) => s.payload.phase);
  assert.deepEqual(phases, ['flying', 'crashed']);
  assert.equal(g.table.cashOut(a, 2, 1).error, 'too_late');
  assert.deepEqual(g.wallet.get(a.id), { balance: 1_000_000 + 10_000 - 10_000, exposure: 0 });
});

test('the liability cap cashes every open bet out at M* and refuses stakes past 1.01x', (t) => {
  // Cap ₹1000: M* = floor(100000·100 / 60000) = 166 with ₹600 in the air.
  const g = setup({ crash: [500], maxPayout: 100_000 });
  t.after(() => g.table.stop());
  const [a, b, c] = g.players;
  g.table.placeBet(a, 1, 0, 40_000, null);
  g.table.placeBet(b, 1, 0, 20_000, 400);
  assert.equal(g.table.placeBet(c, 1, 0, 40_000, null).error, 'table_full');
  g.at(1_000_000 + 4000);
  g.at(1_000_000 + 4000 + elapsedFor(167));
  assert.equal(g.table.phase, 'crashed');
  assert.equal(g.table.cappedAt, 166);
  const results = g.sent.filter((s) => s.event === 'bet_result').map((s) => [s.user, s.payload.winnings, s.payload.capped]);
  assert.deepEqual(results, [[1, 664, true], [2, 332, true]]);
  assert.equal(g.table.paid, 99_600);
});

test('cancel refunds the stake in the countdown only and frees the slot', (t) => {
  const g = setup();
  t.after(() => g.table.stop());
  const [a] = g.players;
  g.table.placeBet(a, 1, 0, 10_000, null);
  assert.deepEqual(g.table.cancelBet(a, 1, 0), { success: true, refundAmount: 100, slot: 0, roundId: 1 });
  assert.deepEqual(g.wallet.get(a.id), { balance: 1_000_000, exposure: 0 });
  assert.equal(g.table.cancelBet(a, 1, 0).error, 'no_bet');
  assert.equal(g.table.placeBet(a, 1, 0, 2_000, null).success, true);
  assert.equal(g.table.historyOf(a.id, 10).length, 1);
  g.at(1_000_000 + 4000);
  assert.equal(g.table.cancelBet(a, 1, 0).error, 'betting_closed');
});
