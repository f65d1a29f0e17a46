//! Connection caps: live sockets per client address and per user. A slot is taken when a connection is admitted
//! and given back when its [`Slot`] drops (the session actor owns it), so the counts cannot leak.

use casino_actors::ids::UserId;
use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Live connections per key, shared by every worker of one server.
struct Counts<K>(Mutex<HashMap<K, usize>>);

impl<K: Eq + Hash + Clone> Counts<K> {
    fn new() -> Self {
        Self(Mutex::new(HashMap::new()))
    }

    fn take(&self, key: &K, limit: usize) -> bool {
        let Ok(mut map) = self.0.lock() else { return false };
        let n = map.entry(key.clone()).or_insert(0);
        if *n >= limit {
            if *n == 0 {
                map.remove(key);
            }
            return false;
        }
        *n += 1;
        true
    }

    fn give_back(&self, key: &K) {
        let Ok(mut map) = self.0.lock() else { return };
        if let Some(n) = map.get_mut(key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                map.remove(key);
            }
        }
    }
}

/// The live connections of one server, by client address and by user.
pub(crate) struct ConnLimits {
    by_addr: Counts<IpAddr>,
    by_user: Counts<UserId>,
}

enum Key {
    Addr(IpAddr),
    User(UserId),
}

/// One admitted connection's place in a count; dropping it frees the place.
pub(crate) struct Slot {
    limits: Arc<ConnLimits>,
    key: Key,
}

impl Drop for Slot {
    fn drop(&mut self) {
        match &self.key {
            Key::Addr(ip) => self.limits.by_addr.give_back(ip),
            Key::User(user) => self.limits.by_user.give_back(user),
        }
    }
}

impl ConnLimits {
    pub(crate) fn new() -> Arc<Self> {
        Arc::new(Self { by_addr: Counts::new(), by_user: Counts::new() })
    }

    /// A place for one more connection from `ip`, unless it already has `limit`.
    pub(crate) fn admit_addr(self: &Arc<Self>, ip: IpAddr, limit: usize) -> Option<Slot> {
        self.by_addr.take(&ip, limit).then(|| Slot { limits: self.clone(), key: Key::Addr(ip) })
    }

    /// A place for one more connection of `user`, unless they already have `limit`.
    pub(crate) fn admit_user(self: &Arc<Self>, user: UserId, limit: usize) -> Option<Slot> {
        self.by_user.take(&user, limit).then(|| Slot { limits: self.clone(), key: Key::User(user) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_gets_at_most_the_limit_and_a_dropped_slot_is_given_back() {
        let limits = ConnLimits::new();
        let first = limits.admit_user(UserId(1), 2);
        let second = limits.admit_user(UserId(1), 2);
        assert!(first.is_some() && second.is_some());
        assert!(limits.admit_user(UserId(1), 2).is_none(), "third connection refused");
        assert!(limits.admit_user(UserId(2), 2).is_some(), "another user is counted apart");
        drop(first);
        assert!(limits.admit_user(UserId(1), 2).is_some(), "a closed connection frees its place");
    }

    #[test]
    fn an_address_limit_of_zero_admits_nothing_and_leaves_no_entry() {
        let limits = ConnLimits::new();
        let ip: IpAddr = [10, 0, 0, 1].into();
        assert!(limits.admit_addr(ip, 0).is_none());
        assert!(limits.by_addr.0.lock().map(|m| m.is_empty()).unwrap_or(false));
    }
}
