//! A bet's stake, held before the bet stands, the same for every table (the round games' tickets, Aviator's bets):
//! the table reserves the bet in its rules, asks the wallet to hold the stake (asked again while the failure is
//! transient, so a hold that committed but reported a failure still becomes a bet), then confirms the bet, or
//! takes the reservation back when the wallet refused or the player was already told `unavailable` (a hold that
//! committed too late is given back). The player waits at most [`PATIENCE`](super::PATIENCE).

use crate::ErrorCode;
use crate::money::Paise;
use crate::wallet::intents::apply_until_final;
use crate::wallet::{Change, GameKind, LedgerKind, Movement, Receipt, WalletError, WalletHandle};
use actix::prelude::*;
use serde::{Deserialize, Serialize};

/// Why a bet's money did not move. Nothing moved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum Refused {
    #[error("Insufficient Balance")]
    InsufficientBalance,
    /// Past a limit the player set, or during their break or self-exclusion (the wallet refused the hold).
    #[error(transparent)]
    Limited(crate::rg::Refusal),
    #[error("The game is unavailable, please try again")]
    Unavailable,
}

impl Refused {
    pub fn code(&self) -> ErrorCode {
        match self {
            Refused::InsufficientBalance => ErrorCode::InsufficientBalance,
            Refused::Limited(r) => r.code(),
            Refused::Unavailable => ErrorCode::Unavailable,
        }
    }

    /// The wallet's final answer to a hold, as the player hears it (anything but the player's own balance or
    /// limits is logged and heard as `unavailable`).
    fn of(e: WalletError, hold: &Change) -> Refused {
        match e {
            WalletError::InsufficientBalance => Refused::InsufficientBalance,
            WalletError::Limited(r) => Refused::Limited(r),
            other => {
                tracing::error!(kind = hold.kind.as_str(), user = %hold.user, error = %other, "hold refused");
                Refused::Unavailable
            }
        }
    }
}

/// A bet's stake: its hold, and the release that gives it back if the hold commits but no bet is made.
pub struct Stake {
    hold: Change,
    orphan: Change,
}

impl Stake {
    /// `amount` for a bet at `game`; `change` names a step's change (`hold`, `orphan`): its reference and key.
    pub fn new(amount: Paise, game: GameKind, change: impl Fn(&str, Movement, LedgerKind) -> Change) -> Stake {
        Stake {
            hold: change("hold", Movement::Hold { amount }, LedgerKind::Bet(game)),
            orphan: change("orphan", Movement::Release { amount }, LedgerKind::Cancel(game)),
        }
    }
}

/// A table that holds stakes.
pub trait HoldsStakes: Actor<Context = Context<Self>> {
    fn wallet(&self) -> &WalletHandle;

    /// After a hold's answer is known (Aviator closes a round once every bet in it is answered).
    fn answered(&mut self, _ctx: &mut Context<Self>) {}
}

/// Holds the stake of a bet the table has reserved. Once the wallet's answer is final: `confirm` makes the bet
/// stand and gives the answer (an error there gives the stake back, as does a player who stopped waiting), or
/// `abort` takes the reservation back (the wallet refused, or the player stopped waiting).
pub fn hold_stake<A, T, E>(
    act: &A,
    ctx: &mut Context<A>,
    Stake { hold, orphan }: Stake,
    abort: impl FnOnce(&mut A) + 'static,
    confirm: impl FnOnce(&mut A, &mut Context<A>, Receipt) -> Result<T, E> + 'static,
) -> ResponseFuture<Result<T, E>>
where
    A: HoldsStakes,
    T: Send + 'static,
    E: From<Refused> + std::fmt::Display + Send + 'static,
{
    let (tx, rx) = tokio::sync::oneshot::channel();
    let wallet = act.wallet().clone();
    let asked = hold.clone();
    ctx.spawn(async move { apply_until_final(&wallet, asked).await }.into_actor(act).map(move |res, act, ctx| {
        let reply = match res {
            Ok(_) if tx.is_closed() => {
                abort(act);
                super::give_back(act.wallet(), orphan);
                Err(Refused::Unavailable.into())
            }
            Ok(receipt) => confirm(act, ctx, receipt).inspect_err(|e| {
                // Unreachable by the rules' contract; never leave money held without a bet.
                tracing::error!(kind = hold.kind.as_str(), user = %hold.user, error = %e, "bet refused after its hold; releasing");
                super::give_back(act.wallet(), orphan);
            }),
            Err(e) => {
                abort(act);
                Err(Refused::of(e, &hold).into())
            }
        };
        let _ = tx.send(reply);
        act.answered(ctx);
    }));
    Box::pin(super::within_patience(rx, Refused::Unavailable.into()))
}
