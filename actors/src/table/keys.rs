//! The names a round's money moves under: reference `{game}:{round}` on every ledger row and intent of the round,
//! and idempotency keys per ticket and step, so asking again never moves money twice.

use crate::ids::{RoundId, UserId};
use crate::wallet::{Change, LedgerKind, Movement};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BetKeys {
    pub game: &'static str,
    pub round: RoundId,
}

impl BetKeys {
    /// The reference of the round's ledger rows, and the owner of its intents.
    pub fn reference(&self) -> String {
        format!("{}:{}", self.game, self.round)
    }

    /// The key of one step (`hold`, `settle`) of one ticket.
    pub fn ticket(&self, user: UserId, ticket: u32, step: &str) -> String {
        format!("{}:{}:{user}:{ticket}:{step}", self.game, self.round)
    }

    /// The change of one step of one ticket: under the round's reference, with the step's key.
    pub fn ticket_change(&self, user: UserId, ticket: u32, step: &str, movement: Movement, kind: LedgerKind) -> Change {
        Change { user, movement, kind, reference: self.reference(), idempotency_key: self.ticket(user, ticket, step) }
    }

    /// The key of the refund of everything a player still had held in the round (a restart).
    pub fn refund(&self, user: UserId) -> String {
        format!("{}:{}:{user}:refund", self.game, self.round)
    }
}
