//! Pure wallet rules: how one `Movement` changes a user's account and its counter-party.
//! No IO; the shard calls `apply` on its in-memory copy of the accounts, then writes the rows it returns.

use super::{Movement, SystemAccount, WalletError};
use crate::ids::AccountId;
use crate::money::Paise;

/// An account's two figures. User accounts never go below zero; system accounts may.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Account {
    pub balance: Paise,
    pub exposure: Paise,
}

/// The effect of one movement, before it is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effect {
    pub user_delta_balance: Paise,
    pub user_delta_exposure: Paise,
    /// Which system account takes the other side, and by how much its balance changes.
    /// `None` for hold/release, which only move money within the user's own account.
    pub counterparty: Option<(SystemAccount, Paise)>,
}

fn positive(amount: Paise) -> Result<Paise, WalletError> {
    if amount.is_positive() { Ok(amount) } else { Err(WalletError::NonPositiveAmount) }
}

/// Works out what `movement` does to `user`, refusing anything that would make a user figure negative.
pub fn effect(user: &Account, movement: Movement) -> Result<Effect, WalletError> {
    let ov = |_| WalletError::Overflow;
    let (db, de, cp) = match movement {
        Movement::Credit { amount, from } => {
            let a = positive(amount)?;
            (a, Paise::ZERO, Some((from, a.checked_neg().map_err(ov)?)))
        }
        Movement::Debit { amount, to } => {
            let a = positive(amount)?;
            if user.balance < a {
                return Err(WalletError::InsufficientBalance);
            }
            (a.checked_neg().map_err(ov)?, Paise::ZERO, Some((to, a)))
        }
        Movement::Hold { amount } => {
            let a = positive(amount)?;
            if user.balance < a {
                return Err(WalletError::InsufficientBalance);
            }
            (a.checked_neg().map_err(ov)?, a, None)
        }
        Movement::Release { amount } => {
            let a = positive(amount)?;
            // Never below zero exposure: only what is actually held comes back.
            let released = a.min(user.exposure);
            (released, released.checked_neg().map_err(ov)?, None)
        }
        Movement::Settle { hold, payout, with } => {
            if hold.is_negative() || payout.is_negative() || (hold == Paise::ZERO && payout == Paise::ZERO) {
                return Err(WalletError::NonPositiveAmount);
            }
            if user.exposure < hold {
                return Err(WalletError::InsufficientBalance);
            }
            let house_takes = hold.checked_sub(payout).map_err(ov)?;
            (payout, hold.checked_neg().map_err(ov)?, Some((with, house_takes)))
        }
    };
    // The totals must still fit; checked here so `commit` cannot fail later.
    user.balance.checked_add(db).map_err(ov)?;
    user.exposure.checked_add(de).map_err(ov)?;
    Ok(Effect { user_delta_balance: db, user_delta_exposure: de, counterparty: cp })
}

/// Applies an effect computed by `effect` against the same account state.
pub fn commit(user: &mut Account, counterparty: Option<&mut Account>, e: &Effect) -> Result<(), WalletError> {
    let ov = |_| WalletError::Overflow;
    user.balance = user.balance.checked_add(e.user_delta_balance).map_err(ov)?;
    user.exposure = user.exposure.checked_add(e.user_delta_exposure).map_err(ov)?;
    if let (Some(acc), Some((_, delta))) = (counterparty, e.counterparty) {
        acc.balance = acc.balance.checked_add(delta).map_err(ov)?;
    }
    Ok(())
}

/// Each shard keeps its own system accounts, so no two shards write the same row.
/// User accounts have positive ids; system accounts negative ones.
pub fn system_account_id(shard: usize, which: SystemAccount) -> AccountId {
    let base = match which {
        SystemAccount::House => 1_000,
        SystemAccount::Cashier => 2_000,
        SystemAccount::LoadTest => 3_000,
        SystemAccount::Play => 4_000,
    };
    AccountId(-(base + shard as i64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn acc(b: i64, e: i64) -> Account {
        Account { balance: Paise::new(b), exposure: Paise::new(e) }
    }

    #[test]
    fn hold_moves_balance_to_exposure_and_refuses_overdraft() {
        let a = acc(500, 0);
        let e = effect(&a, Movement::Hold { amount: Paise::new(200) }).unwrap();
        assert_eq!((e.user_delta_balance, e.user_delta_exposure), (Paise::new(-200), Paise::new(200)));
        assert_eq!(effect(&a, Movement::Hold { amount: Paise::new(501) }), Err(WalletError::InsufficientBalance));
    }

    #[test]
    fn release_never_takes_exposure_below_zero() {
        let a = acc(0, 300);
        let e = effect(&a, Movement::Release { amount: Paise::new(1_000) }).unwrap();
        assert_eq!((e.user_delta_balance, e.user_delta_exposure), (Paise::new(300), Paise::new(-300)));
    }

    #[test]
    fn settle_pays_out_and_the_house_takes_the_difference() {
        let a = acc(0, 1_000);
        let win = effect(
            &a,
            Movement::Settle { hold: Paise::new(1_000), payout: Paise::new(2_500), with: SystemAccount::House },
        )
        .unwrap();
        assert_eq!(win.counterparty, Some((SystemAccount::House, Paise::new(-1_500))));
        let loss =
            effect(&a, Movement::Settle { hold: Paise::new(1_000), payout: Paise::ZERO, with: SystemAccount::House })
                .unwrap();
        assert_eq!(loss.counterparty, Some((SystemAccount::House, Paise::new(1_000))));
        assert_eq!(
            effect(&a, Movement::Settle { hold: Paise::new(1_001), payout: Paise::ZERO, with: SystemAccount::House }),
            Err(WalletError::InsufficientBalance)
        );
    }

    #[test]
    fn every_system_account_of_every_shard_has_its_own_id() {
        let mut ids: Vec<AccountId> =
            (0..8).flat_map(|shard| SystemAccount::ALL.map(|w| system_account_id(shard, w))).collect();
        assert!(ids.iter().all(|id| id.0 < 0), "system accounts have negative ids");
        ids.sort_by_key(|id| id.0);
        ids.dedup();
        assert_eq!(ids.len(), 8 * SystemAccount::ALL.len());
    }

    #[test]
    fn non_positive_amounts_are_refused() {
        let a = acc(100, 100);
        for m in [
            Movement::Credit { amount: Paise::ZERO, from: SystemAccount::Cashier },
            Movement::Debit { amount: Paise::new(-1), to: SystemAccount::House },
            Movement::Hold { amount: Paise::ZERO },
            Movement::Release { amount: Paise::new(-5) },
        ] {
            assert_eq!(effect(&a, m), Err(WalletError::NonPositiveAmount), "{m:?}");
        }
    }

    /// Random movements never make a user figure negative, and user + counter-party totals are conserved
    /// except for cashier movements (money entering or leaving the system).
    #[test]
    fn random_movements_conserve_money_and_stay_non_negative() {
        let seed: u64 = rand::random();
        println!("seed = {seed}");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut user = acc(0, 0);
        let mut house = Account::default();
        let mut cashier = Account::default();
        let mut load_test = Account::default();
        let mut play = Account::default();
        for _ in 0..20_000 {
            let amount = Paise::new(rng.random_range(-10..5_000));
            let m = match rng.random_range(0..8) {
                0 => Movement::Credit { amount, from: SystemAccount::Cashier },
                5 => Movement::Credit { amount, from: SystemAccount::LoadTest },
                6 => Movement::Credit { amount, from: SystemAccount::Play },
                7 => Movement::Debit { amount, to: SystemAccount::Play },
                1 => Movement::Debit { amount, to: SystemAccount::House },
                2 => Movement::Hold { amount },
                3 => Movement::Release { amount },
                _ => Movement::Settle {
                    hold: amount,
                    payout: Paise::new(rng.random_range(0..8_000)),
                    with: SystemAccount::House,
                },
            };
            if let Ok(e) = effect(&user, m) {
                let cp = match e.counterparty.map(|c| c.0) {
                    Some(SystemAccount::House) => Some(&mut house),
                    Some(SystemAccount::Cashier) => Some(&mut cashier),
                    Some(SystemAccount::LoadTest) => Some(&mut load_test),
                    Some(SystemAccount::Play) => Some(&mut play),
                    None => None,
                };
                commit(&mut user, cp, &e).unwrap();
            }
            assert!(!user.balance.is_negative() && !user.exposure.is_negative(), "seed {seed}");
            let total = user.balance.get()
                + user.exposure.get()
                + house.balance.get()
                + cashier.balance.get()
                + load_test.balance.get()
                + play.balance.get();
            assert_eq!(total, 0, "seed {seed}: money created or destroyed");
        }
    }
}
