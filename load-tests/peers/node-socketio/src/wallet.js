'use strict';
// The in-memory wallet: balance and exposure per player, integer paise. A hold moves the stake from balance to
// exposure; a settle takes the hold back out of exposure and pays the payout into balance; a release returns a
// hold to balance. `onChange` hears every change (the server turns it into `balance_update`).

class Wallet {
  constructor(onChange = () => {}) {
    this.accounts = new Map();
    this.onChange = onChange;
  }

  open(user, balance) {
    this.accounts.set(user, { balance, exposure: 0 });
  }

  get(user) {
    return this.accounts.get(user);
  }

  /** Holds `amount`; false when the balance does not cover it (nothing moves). */
  hold(user, amount) {
    const a = this.accounts.get(user);
    if (!a || a.balance < amount) return false;
    a.balance -= amount;
    a.exposure += amount;
    this.onChange(user, -amount, 'bet_placed', a);
    return true;
  }

  release(user, amount, reason = 'bet_cancelled') {
    const a = this.accounts.get(user);
    const back = Math.min(amount, a.exposure);
    a.exposure -= back;
    a.balance += back;
    this.onChange(user, back, reason, a);
  }

  settle(user, hold, payout) {
    const a = this.accounts.get(user);
    if (a.exposure < hold) throw new Error(`settle of ${hold} above exposure ${a.exposure} for user ${user}`);
    a.exposure -= hold;
    a.balance += payout;
    this.onChange(user, payout, payout > 0 ? 'cashout' : 'bet_lost', a);
  }
}

module.exports = { Wallet };
