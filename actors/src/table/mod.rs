//! The shared shape of a round game: a pure rules type ([`game::RoundRules`]) and its wire ([`wire::RoundWire`])
//! are all a game brings; the round state machine ([`round`]), the table actor ([`actor`]), the rounds store
//! ([`store`]), the money's keys ([`keys`]) and the room outbox ([`outbox`]) are the same for every game.

pub mod actor;
pub mod game;
pub mod hold;
pub mod keys;
pub mod lanes;
pub mod lease;
pub mod messages;
pub mod operate;
pub mod outbox;
pub mod registry;
pub mod round;
mod settle;
pub mod store;
pub mod wire;

/// How long a table waits for the wallet to hold a bet before refusing it as unavailable (a hold that commits later
/// is released, so the answer stays true); Aviator's cash-outs and cancels answer `pending` after it. Below the
/// cluster's command deadline (at least 4 s), so an answer from another node always arrives.
pub const PATIENCE: std::time::Duration = std::time::Duration::from_secs(3);

/// A bet's answer, waited for at most [`PATIENCE`]; past it (or with no answer) `unavailable`. Dropping the receiver
/// tells the table (its sender `is_closed`) to release the hold when it commits, with [`give_back`].
pub async fn within_patience<T, E>(rx: tokio::sync::oneshot::Receiver<Result<T, E>>, unavailable: E) -> Result<T, E> {
    match tokio::time::timeout(PATIENCE, rx).await {
        Ok(Ok(reply)) => reply,
        Ok(Err(_)) | Err(_) => Err(unavailable),
    }
}

/// Releases a hold that did not become a bet, retried until it commits.
pub fn give_back(wallet: &crate::wallet::WalletHandle, release: crate::wallet::Change) {
    let wallet = wallet.clone();
    actix::spawn(async move {
        let _ = crate::wallet::intents::apply_until_final(&wallet, release).await;
    });
}

#[cfg(test)]
mod tests;
