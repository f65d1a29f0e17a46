//! Identifier newtypes, so a user id is never mistaken for a round id or an account id.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, sqlx_macros::Type)]
        #[serde(transparent)]
        #[sqlx(transparent)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

id_type!(
    /// A registered person (player or operator). Equal to their wallet account id.
    UserId
);
id_type!(
    /// A wallet account: a user's own, or a system account (house, cashier) of one wallet shard.
    AccountId
);
id_type!(
    /// One Aviator round.
    RoundId
);

impl From<UserId> for AccountId {
    fn from(u: UserId) -> Self {
        AccountId(u.0)
    }
}
