'use strict';
// The Aviator table: one round at a time (countdown → flying → crashed → next countdown), two bet slots per
// player, auto cash-outs paid at exactly their target, manual cash-outs priced by the curve at the server's
// receipt time, and the per-round liability cap. The wallet is in memory and synchronous, so a bet is held and
// acknowledged in one step. One timer drives the round: it fires at the next thing due (take-off, an auto
// target, the cap, the crash, the 1 s flying heartbeat, the next round).
//
// Money rules (the same as the Rust server's `rules.rs`):
// - a cash-out pays floor(stake × m / 100), m ≤ the crash point;
// - the cap: with `paid` already paid this round and `inAir` stakes still open, M* = floor((cap − paid)·100 / inAir);
//   when the curve passes M* before the crash, every open bet is cashed out at M* and the round ends ("capped");
//   betting refuses a stake that would put M* below 1.01× at take-off;
// - what is due at one moment is applied in curve order: auto targets ascending, then the cap, then the crash.

const crypto = require('node:crypto');
const { multiplierAt, elapsedFor } = require('./curve');
const { rupees } = require('./money');

const MIN_AUTO_CASHOUT = 101;
const STATE_EVERY_MS = 1000;
const FEED_EVERY_MS = 1000;
const FEED_ROWS = 20;
const HISTORY_KEEP = 5000;

function fail(error, message) {
  return { success: false, error, message };
}

const NOT_BETTING = () => fail('betting_closed', 'Bets are closed for this round');
const WRONG_ROUND = () => fail('wrong_round', 'This round is not open for bets');
const TOO_LATE = () => fail('too_late', 'Round has crashed');

class Table {
  /**
   * @param {object} o
   * @param {object} o.config  countdownMs, pauseMs, maxPayout, minBet, maxBet (paise)
   * @param {(round: number) => number} o.crashPointFor  hundredths ≥ 100
   * @param {import('./wallet').Wallet} o.wallet
   * @param {(event: string, payload: any) => void} o.toRoom   everyone in `aviator`
   * @param {(user: number, event: string, payload: any) => void} o.toUser   the player's `user:{id}` room
   */
  constructor({ config, crashPointFor, wallet, toRoom, toUser, now = Date.now }) {
    this.config = config;
    this.crashPointFor = crashPointFor;
    this.wallet = wallet;
    this.toRoom = toRoom;
    this.toUser = toUser;
    this.now = now;
    this.secret = crypto.randomBytes(16).toString('hex');
    this.roundId = 0;
    this.phase = 'crashed';
    this.bets = new Map(); // `${user}:${slot}` → bet
    this.autos = []; // open-at-take-off bets with an auto target, ascending
    this.autoIdx = 0;
    this.inAir = 0;
    this.paid = 0;
    this.history = new Map(); // user → bets, oldest first
    this.feed = []; // bets of this round, newest last
    this.feedDirty = false;
    this.lastFeed = 0;
    this.feedTimer = null;
    this.lastState = 0;
    this.timer = null;
  }

  start() {
    this.openRound(this.now());
    this.schedule();
  }

  stop() {
    clearTimeout(this.timer);
    clearTimeout(this.feedTimer);
  }

  // ---- state on the wire ----

  state(now) {
    switch (this.phase) {
      case 'countdown': {
        const left = Math.max(this.endsAt - now, 0);
        return {
          phase: 'countdown', roundId: this.roundId, countdown: Math.ceil(left / 1000), countdownMs: left,
          multiplier: 1, isActive: false, elapsed: 0, serverTime: now, bettingEndsAt: this.endsAt,
        };
      }
      case 'flying':
        return this.flying(Math.min(multiplierAt(now - this.startedAt), this.crashPoint), now);
      default:
        return {
          phase: 'crashed', roundId: this.roundId, countdown: 0, countdownMs: 0,
          multiplier: rupees(this.endedAt()), isActive: false, elapsed: 0, serverTime: now,
          crashedAt: this.crashedAt, crashPoint: rupees(this.endedAt()), hash: this.hash,
          capped: this.cappedAt !== null,
        };
    }
  }

  flying(hundredths, now) {
    return {
      phase: 'flying', roundId: this.roundId, countdown: 0, countdownMs: 0, multiplier: rupees(hundredths),
      isActive: true, elapsed: Math.max(now - this.startedAt, 0), serverTime: now, startedAt: this.startedAt,
    };
  }

  endedAt() {
    return this.cappedAt ?? this.crashPoint;
  }

  broadcastState(now, payload = this.state(now)) {
    this.lastState = now;
    this.toRoom('aviator_game_state', payload);
    if (this.feedDirty) this.flushFeed(now); // the bet feed rides with the state
  }

  markFeed() {
    this.feedDirty = true;
    if (this.feedTimer) return;
    const wait = Math.max(this.lastFeed + FEED_EVERY_MS - this.now(), 0);
    this.feedTimer = setTimeout(() => {
      this.feedTimer = null;
      if (this.feedDirty) this.flushFeed(this.now());
    }, wait);
  }

  flushFeed(now) {
    clearTimeout(this.feedTimer);
    this.feedTimer = null;
    this.feedDirty = false;
    this.lastFeed = now;
    const rows = [];
    for (let i = this.feed.length - 1; i >= 0 && rows.length < FEED_ROWS; i -= 1) {
      const b = this.feed[i];
      rows.push({
        username: b.name, amount: rupees(b.stake), slot: b.slot,
        multiplier: b.multiplier === null ? null : rupees(b.multiplier), winnings: rupees(b.payout),
      });
    }
    this.toRoom('aviator_bet_update', rows);
  }

  // ---- the round's clock ----

  openRound(now) {
    this.roundId += 1;
    this.crashPoint = this.crashPointFor(this.roundId);
    this.hash = crypto.createHash('sha256').update(`${this.secret}:${this.roundId}`).digest('hex');
    this.phase = 'countdown';
    this.endsAt = now + this.config.countdownMs;
    this.startedAt = null;
    this.crashedAt = null;
    this.cappedAt = null;
    this.bets = new Map();
    this.autos = [];
    this.autoIdx = 0;
    this.inAir = 0;
    this.paid = 0;
    this.feed = [];
    this.feedDirty = true;
    this.broadcastState(now);
  }

  /** Applies everything due by `now`. True when something happened. */
  advance(now) {
    let changed = false;
    for (;;) {
      if (this.phase === 'countdown') {
        if (now < this.endsAt) break;
        this.takeOff(now);
        changed = true;
      } else if (this.phase === 'flying') {
        changed = this.advanceFlight(now) || changed;
        if (this.phase === 'flying') break;
      } else {
        if (now < this.crashedAt + this.config.pauseMs) break;
        this.openRound(now);
        changed = true;
        break;
      }
    }
    return changed;
  }

  takeOff(now) {
    // Take-off is the scheduled moment, not the timer's: prices never depend on timer lag.
    this.phase = 'flying';
    this.startedAt = this.endsAt;
    this.crashElapsed = elapsedFor(this.crashPoint);
    this.autos = [...this.bets.values()]
      .filter((b) => b.state === 'open' && b.auto !== null)
      .sort((a, b) => a.auto - b.auto || a.user - b.user || a.slot - b.slot);
    this.autoIdx = 0;
    // Every round announces its take-off, even a 1.00× crash; never more than the round reached.
    const cap = this.capMultiplier();
    const reached = Math.min(multiplierAt(now - this.startedAt), this.crashPoint, cap ?? Infinity);
    this.broadcastState(now, this.flying(reached, now));
  }

  nextAuto() {
    while (this.autoIdx < this.autos.length && this.autos[this.autoIdx].state !== 'open') this.autoIdx += 1;
    return this.autos[this.autoIdx];
  }

  /** M*: the highest multiplier at which every stake still in the air can be paid within the cap. */
  capMultiplier() {
    if (this.inAir <= 0) return null;
    return Math.max(Math.floor(((this.config.maxPayout - this.paid) * 100) / this.inAir), 0);
  }

  advanceFlight(now) {
    const elapsed = Math.max(now - this.startedAt, 0);
    const reached = elapsed >= this.crashElapsed ? this.crashPoint : Math.min(multiplierAt(elapsed), this.crashPoint);
    let changed = false;
    for (;;) {
      const cap = this.capMultiplier();
      const next = this.nextAuto();
      if (next && next.auto <= reached && (cap === null || next.auto <= cap)) {
        this.cashOutBet(next, next.auto, 'auto');
        changed = true;
        continue;
      }
      if (cap !== null && cap < reached) {
        for (const b of this.bets.values()) if (b.state === 'open') this.cashOutBet(b, cap, 'capped');
        this.crash(now, this.startedAt + elapsedFor(cap + 1), cap);
        return true;
      }
      if (elapsed >= this.crashElapsed) {
        this.crash(now, this.startedAt + this.crashElapsed, null);
        return true;
      }
      return changed;
    }
  }

  crash(now, at, cappedAt) {
    const losers = [];
    for (const b of this.bets.values()) {
      if (b.state === 'open') {
        b.state = 'lost';
        this.inAir -= b.stake;
        losers.push(b);
      }
      b.crashPoint = this.crashPoint;
    }
    this.phase = 'crashed';
    this.crashedAt = at;
    this.cappedAt = cappedAt;
    this.toRoom('aviator_game_result', {
      roundId: this.roundId, crashPoint: rupees(this.crashPoint), endedAt: rupees(this.endedAt()),
      hash: this.hash, capped: cappedAt !== null,
    });
    this.broadcastState(now);
    for (const b of losers) {
      this.wallet.settle(b.user, b.stake, 0);
      this.toUser(b.user, 'bet_result', {
        roundId: b.round, slot: b.slot, win: false, amount: rupees(b.stake), winnings: 0, multiplier: null,
        auto: false, capped: false,
      });
    }
  }

  /** When the timer next has something to do. */
  deadline() {
    switch (this.phase) {
      case 'countdown':
        return this.endsAt;
      case 'flying': {
        let at = Math.min(this.startedAt + this.crashElapsed, this.lastState + STATE_EVERY_MS);
        const next = this.nextAuto();
        if (next) at = Math.min(at, this.startedAt + elapsedFor(next.auto));
        const cap = this.capMultiplier();
        if (cap !== null) at = Math.min(at, this.startedAt + elapsedFor(cap + 1));
        return at;
      }
      default:
        return this.crashedAt + this.config.pauseMs;
    }
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.onTimer(), Math.max(this.deadline() - this.now(), 0));
  }

  onTimer() {
    const now = this.now();
    this.advance(now);
    if (this.phase === 'flying' && now - this.lastState >= STATE_EVERY_MS) this.broadcastState(now);
    this.schedule();
  }

  /** Brings the round up to `now` before a command; re-arms the timer when that changed the round. */
  catchUp(now) {
    if (this.advance(now)) this.schedule();
  }

  // ---- money moves of one bet ----

  /** Cashes out an open bet at `multiplier`: wallet settle, then `cash_out_success` + `bet_result` to the player. */
  cashOutBet(b, multiplier, cause) {
    const payout = Math.floor((b.stake * multiplier) / 100);
    this.paid += payout;
    this.inAir -= b.stake;
    b.state = 'cashed';
    b.multiplier = multiplier;
    b.payout = payout;
    this.wallet.settle(b.user, b.stake, payout);
    const success = {
      success: true, totalWinnings: rupees(payout), multiplier: rupees(multiplier), slot: b.slot, roundId: b.round,
    };
    this.toUser(b.user, 'cash_out_success', success);
    this.toUser(b.user, 'bet_result', {
      roundId: b.round, slot: b.slot, win: true, amount: rupees(b.stake), winnings: rupees(payout),
      multiplier: rupees(multiplier), auto: cause !== 'manual', capped: cause === 'capped',
    });
    this.markFeed();
    return success;
  }

  bettingOpen(round, now) {
    if (round < this.roundId) return NOT_BETTING();
    if (this.phase !== 'countdown' || now >= this.endsAt) return NOT_BETTING();
    if (round !== this.roundId) return WRONG_ROUND();
    return null;
  }

  // ---- commands (each answers its ack body) ----

  placeBet(player, round, slot, stake, auto, now = this.now()) {
    this.catchUp(now);
    const closed = this.bettingOpen(round, now);
    if (closed) return closed;
    if (slot !== 0 && slot !== 1) return fail('bad_slot', 'Invalid bet slot');
    const key = `${player.id}:${slot}`;
    const existing = this.bets.get(key);
    if (existing && existing.state !== 'cancelled') return fail('bet_exists', 'Bet already placed');
    const { minBet, maxBet, maxPayout } = this.config;
    if (stake < minBet) return fail('stake_too_low', `Minimum bet is ${rupees(minBet)} INR`);
    if (stake > maxBet) return fail('stake_too_high', `Maximum bet is ${rupees(maxBet)} INR`);
    if (auto !== null && auto < MIN_AUTO_CASHOUT) return fail('bad_auto_cashout', 'Auto cashout must be at least 1.01x');
    // Keep the cap multiplier at take-off at 1.01× or more, so a capped round still pays every bet a profit.
    if ((this.inAir + stake) * MIN_AUTO_CASHOUT > maxPayout * 100) {
      return fail('table_full', 'Bets are full for this round, please bet in the next one');
    }
    if (!this.wallet.hold(player.id, stake)) return fail('insufficient_balance', 'Insufficient Balance');
    const bet = {
      round, user: player.id, slot, stake, auto, state: 'open', multiplier: null, payout: 0, createdAt: now,
      crashPoint: null, name: player.masked,
    };
    this.inAir += stake;
    this.bets.set(key, bet);
    this.feed.push(bet);
    let mine = this.history.get(player.id);
    if (!mine) this.history.set(player.id, (mine = []));
    mine.push(bet);
    if (mine.length > HISTORY_KEEP) mine.shift();
    this.markFeed();
    return {
      success: true, amount: rupees(stake), slot, roundId: round, autoCashout: auto === null ? null : rupees(auto),
    };
  }

  cancelBet(player, round, slot, now = this.now()) {
    this.catchUp(now);
    const closed = this.bettingOpen(round, now);
    if (closed) return closed;
    if (slot !== 0 && slot !== 1) return fail('bad_slot', 'Invalid bet slot');
    const bet = this.bets.get(`${player.id}:${slot}`);
    if (!bet || bet.state !== 'open') return fail('no_bet', 'No bet to cancel');
    bet.state = 'cancelled';
    this.inAir -= bet.stake;
    this.wallet.release(player.id, bet.stake);
    const mine = this.history.get(player.id);
    const at = mine.lastIndexOf(bet);
    if (at >= 0) mine.splice(at, 1);
    this.feed = this.feed.filter((b) => b !== bet);
    this.markFeed();
    return { success: true, refundAmount: rupees(bet.stake), slot, roundId: round };
  }

  cashOut(player, round, slot, now = this.now()) {
    if (slot !== 0 && slot !== 1) return fail('bad_slot', 'Invalid bet slot');
    const bet = this.bets.get(`${player.id}:${slot}`);
    const wasOpen = bet !== undefined && bet.round === round && bet.state === 'open';
    // Anything due before `now` (auto targets, the cap, the crash) is applied first.
    this.catchUp(now);
    if (wasOpen && bet.state === 'cashed') {
      // Its auto target (or the cap) came first: that is the answer.
      return {
        success: true, totalWinnings: rupees(bet.payout), multiplier: rupees(bet.multiplier), slot, roundId: round,
      };
    }
    if (this.phase === 'countdown') return round === this.roundId ? fail('not_flying', 'Round has not started yet') : TOO_LATE();
    if (this.phase !== 'flying' || round !== this.roundId) return TOO_LATE();
    if (!bet || bet.round !== round || bet.state === 'cancelled') return fail('no_bet', 'No bet to cash out');
    if (bet.state === 'cashed') return fail('already_settled', 'You Already Cashout');
    if (bet.state === 'lost') return TOO_LATE();
    const elapsed = Math.max(now - this.startedAt, 0);
    if (elapsed >= this.crashElapsed) return TOO_LATE();
    // Not capped by `catchUp`, so the curve here is within the cap and below the crash point.
    return this.cashOutBet(bet, multiplierAt(elapsed), 'manual');
  }

  snapshot(now = this.now()) {
    return this.state(now);
  }

  /** The player's bets, newest first; open ones say `Open` until decided. */
  historyOf(user, limit) {
    const mine = this.history.get(user) || [];
    const rows = [];
    for (let i = mine.length - 1; i >= 0 && rows.length < limit; i -= 1) {
      const b = mine[i];
      const status = b.state === 'cashed' ? 'Won' : b.state === 'lost' ? 'Lost' : 'Open';
      rows.push({
        round_id: b.round, slot: b.slot, createdAt: new Date(b.createdAt).toISOString(), betAmt: rupees(b.stake),
        multiplier: b.multiplier === null ? null : rupees(b.multiplier), winningAmt: rupees(b.payout),
        crashPoint: b.crashPoint === null ? null : rupees(b.crashPoint), status,
      });
    }
    return rows;
  }
}

module.exports = { Table, MIN_AUTO_CASHOUT };
