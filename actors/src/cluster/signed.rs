//! Every message between nodes is signed with the cluster secret (`CASINO_CLUSTER_SECRET`): HMAC-SHA256 over a
//! version tag, the subject, the headers below (in this fixed order, each marked present or absent) and the body,
//! all length-prefixed so no two messages share an input. The signer adds its node id, the time (Unix ms) and a
//! random nonce. A receiver drops a message without a signature (`unsigned`), whose signature does not verify
//! (`bad_signature`), whose time is outside ±`max_skew` of its own clock (`stale`), or, where it asks for it, whose
//! signature it has already accepted (`replayed`), and counts it in `casino_cluster_bus_dropped_total{reason}`.
//! A reply carries the nonce of its request (`casino-reply-to`), so an old reply cannot answer a new request.
//!
//! Every publisher and subscriber of the cluster goes through [`Signer`]: `remote` (requests and replies) and
//! `rooms` (broadcasts and kicks).

use async_nats::HeaderMap;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::collections::HashSet;
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

type HmacSha256 = Hmac<Sha256>;

/// The remote message's name (`remote!`).
pub const MESSAGE: &str = "casino-msg";
/// The node that sent it.
pub const NODE: &str = "casino-node";
/// Random per message: two messages never share a signature.
pub const NONCE: &str = "casino-nonce";
/// On a reply: the nonce of the request it answers.
pub const REPLY_TO: &str = "casino-reply-to";
/// When it was signed, Unix milliseconds.
pub const TIMESTAMP: &str = "casino-ts";
/// The HMAC-SHA256, hex.
pub const SIGNATURE: &str = "casino-sig";

/// The headers a signature covers, in the order they are fed to the MAC.
const SIGNED: [&str; 5] = [MESSAGE, NODE, NONCE, REPLY_TO, TIMESTAMP];
/// Changes whenever the signed input's layout does, so an old layout never verifies.
const VERSION: &[u8] = b"casino-bus-v1";

/// The shortest cluster secret accepted, in bytes.
pub const MIN_SECRET_BYTES: usize = 32;
/// The default window around the receiver's clock (`CASINO_CLUSTER_MAX_SKEW_MS`).
pub const DEFAULT_MAX_SKEW: Duration = Duration::from_secs(30);

/// The cluster secret; never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(Arc<[u8]>);

impl Secret {
    pub fn new(bytes: impl AsRef<[u8]>) -> Secret {
        Secret(Arc::from(bytes.as_ref()))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Refuses a secret shorter than [`MIN_SECRET_BYTES`].
    pub fn check(&self) -> Result<(), String> {
        if self.len() < MIN_SECRET_BYTES {
            return Err(format!(
                "CASINO_CLUSTER_SECRET is {} bytes: it must be at least {MIN_SECRET_BYTES} (e.g. `openssl rand -hex 32`), \
                 the same on every node",
                self.len()
            ));
        }
        Ok(())
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Secret({} bytes)", self.len())
    }
}

/// Why a message was dropped; its `reason` label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dropped {
    Unsigned,
    BadSignature,
    Stale,
    Replayed,
}

impl Dropped {
    pub fn reason(self) -> &'static str {
        match self {
            Dropped::Unsigned => "unsigned",
            Dropped::BadSignature => "bad_signature",
            Dropped::Stale => "stale",
            Dropped::Replayed => "replayed",
        }
    }
}

/// Whether a receiver refuses a signature it has already accepted (commands and kicks), or not (room broadcasts,
/// too many to remember and harmless to show twice).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replays {
    Refuse,
    Allow,
}

/// Signatures accepted lately, in two generations each `2 × max_skew` long: a signature stays remembered for at
/// least the whole time its timestamp is accepted.
#[derive(Default)]
struct Seen {
    current: HashSet<[u8; 16]>,
    previous: HashSet<[u8; 16]>,
    rotated_at_ms: u64,
}

impl Seen {
    /// Records `tag`; false if it was already there.
    fn insert(&mut self, tag: [u8; 16], now_ms: u64, generation_ms: u64) -> bool {
        if now_ms.saturating_sub(self.rotated_at_ms) >= generation_ms {
            self.previous = std::mem::take(&mut self.current);
            self.rotated_at_ms = now_ms;
        }
        if self.previous.contains(&tag) {
            return false;
        }
        self.current.insert(tag)
    }
}

/// Signs what this node sends and checks what it receives, with the cluster secret.
#[derive(Clone)]
pub struct Signer {
    /// Keyed once; cloned for each message.
    mac: HmacSha256,
    node: Arc<str>,
    max_skew_ms: u64,
    seen: Arc<Mutex<Seen>>,
}

impl fmt::Debug for Signer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Signer").field("node", &self.node).field("max_skew_ms", &self.max_skew_ms).finish()
    }
}

/// Now, in Unix milliseconds.
pub fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

impl Signer {
    /// A signer for `node`; refuses a secret shorter than [`MIN_SECRET_BYTES`].
    pub fn new(secret: &Secret, node: &str, max_skew: Duration) -> Result<Signer, String> {
        secret.check()?;
        let mac = HmacSha256::new_from_slice(&secret.0).map_err(|e| e.to_string())?;
        Ok(Signer {
            mac,
            node: Arc::from(node),
            max_skew_ms: u64::try_from(max_skew.as_millis()).unwrap_or(u64::MAX).max(1),
            seen: Arc::new(Mutex::new(Seen::default())),
        })
    }

    pub fn node(&self) -> &str {
        &self.node
    }

    /// Signs a message to `subject` now: adds this node's id, the time, a fresh nonce and the signature to
    /// `headers` (which may already hold [`MESSAGE`] or [`REPLY_TO`]). Answers the nonce.
    pub fn sign(&self, subject: &str, headers: &mut HeaderMap, body: &[u8]) -> String {
        self.sign_at(subject, headers, body, now_ms())
    }

    /// [`Signer::sign`] at `now_ms`.
    pub fn sign_at(&self, subject: &str, headers: &mut HeaderMap, body: &[u8], now_ms: u64) -> String {
        let nonce = format!("{:032x}", rand::random::<u128>());
        headers.insert(NODE, &*self.node);
        headers.insert(TIMESTAMP, now_ms.to_string());
        headers.insert(NONCE, nonce.as_str());
        let tag = self.tag(subject, headers, body).finalize().into_bytes();
        headers.insert(SIGNATURE, hex::encode(tag));
        nonce
    }

    /// The MAC over a message, before its signature is added or compared.
    fn tag(&self, subject: &str, headers: &HeaderMap, body: &[u8]) -> HmacSha256 {
        fn feed(mac: &mut HmacSha256, bytes: &[u8]) {
            mac.update(&(bytes.len() as u64).to_be_bytes());
            mac.update(bytes);
        }
        let mut mac = self.mac.clone();
        feed(&mut mac, VERSION);
        feed(&mut mac, subject.as_bytes());
        for name in SIGNED {
            match headers.get(name) {
                Some(value) => {
                    mac.update(&[1]);
                    feed(&mut mac, name.as_bytes());
                    feed(&mut mac, value.as_str().as_bytes());
                }
                None => mac.update(&[0]),
            }
        }
        feed(&mut mac, body);
        mac
    }

    /// Checks a received message now; see [`Signer::verify_at`].
    pub fn verify(
        &self,
        subject: &str,
        headers: Option<&HeaderMap>,
        body: &[u8],
        replays: Replays,
    ) -> Result<(), Dropped> {
        self.verify_at(subject, headers, body, replays, now_ms())
    }

    /// Checks a message received at `now_ms`: signed with the cluster secret over exactly this subject, these headers
    /// and this body (compared in constant time), within ±`max_skew` of now, and (with [`Replays::Refuse`]) not
    /// accepted before.
    pub fn verify_at(
        &self,
        subject: &str,
        headers: Option<&HeaderMap>,
        body: &[u8],
        replays: Replays,
        now_ms: u64,
    ) -> Result<(), Dropped> {
        let headers = headers.ok_or(Dropped::Unsigned)?;
        let signature = headers.get(SIGNATURE).ok_or(Dropped::Unsigned)?;
        if headers.get(TIMESTAMP).is_none() || headers.get(NODE).is_none() || headers.get(NONCE).is_none() {
            return Err(Dropped::Unsigned);
        }
        // One value each: what is signed is exactly what every reader of the headers sees.
        let repeated = SIGNED.iter().chain([&SIGNATURE]).any(|name| headers.get_all(*name).nth(1).is_some());
        let tag = hex::decode(signature.as_str()).map_err(|_| Dropped::BadSignature)?;
        if repeated || tag.len() != 32 {
            return Err(Dropped::BadSignature);
        }
        self.tag(subject, headers, body).verify_slice(&tag).map_err(|_| Dropped::BadSignature)?;
        let sent: u64 = headers.get(TIMESTAMP).and_then(|t| t.as_str().parse().ok()).ok_or(Dropped::BadSignature)?;
        if sent.abs_diff(now_ms) > self.max_skew_ms {
            return Err(Dropped::Stale);
        }
        if replays == Replays::Refuse {
            let mut first = [0u8; 16];
            first.copy_from_slice(&tag[..16]);
            let mut seen = self.seen.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if !seen.insert(first, now_ms, self.max_skew_ms.saturating_mul(2)) {
                return Err(Dropped::Replayed);
            }
        }
        Ok(())
    }

    /// Whether to act on a received message: [`Signer::verify`], counting and logging what it drops.
    pub fn accept(&self, message: &async_nats::Message, replays: Replays) -> bool {
        match self.verify(&message.subject, message.headers.as_ref(), &message.payload, replays) {
            Ok(()) => true,
            Err(dropped) => {
                count(dropped);
                let from = message.headers.as_ref().and_then(|h| h.get(NODE)).map(|n| n.as_str().to_string());
                tracing::debug!(subject = %message.subject, reason = dropped.reason(), ?from, "bus message dropped");
                false
            }
        }
    }

    /// Whether a reply answers the request signed with `nonce`: [`Signer::accept`], and its `casino-reply-to` is
    /// that nonce (a reply to another request is counted as `bad_signature`).
    pub fn accept_reply(&self, reply: &async_nats::Message, nonce: &str) -> bool {
        if !self.accept(reply, Replays::Allow) {
            return false;
        }
        let answers = reply.headers.as_ref().and_then(|h| h.get(REPLY_TO)).is_some_and(|r| r.as_str() == nonce);
        if !answers {
            count(Dropped::BadSignature);
            tracing::debug!(subject = %reply.subject, "a signed reply to another request dropped");
        }
        answers
    }
}

/// Counts a dropped message in `casino_cluster_bus_dropped_total{reason}`.
fn count(dropped: Dropped) {
    metrics::counter!("casino_cluster_bus_dropped_total", "reason" => dropped.reason()).increment(1);
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUBJECT: &str = "casino.actor.wallet:0";
    const BODY: &[u8] = br#"{"change":{"user":7},"fence":null}"#;
    const NOW: u64 = 1_760_000_000_000;

    fn signer(secret: &str, node: &str) -> Signer {
        Signer::new(&Secret::new(secret), node, Duration::from_secs(30)).unwrap()
    }

    fn secret() -> &'static str {
        "0123456789abcdef0123456789abcdef-test"
    }

    /// A message signed by node-1 at `at`: its headers.
    fn signed_at(at: u64) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(MESSAGE, "wallet.apply");
        signer(secret(), "node-1").sign_at(SUBJECT, &mut headers, BODY, at);
        headers
    }

    fn check(subject: &str, headers: Option<&HeaderMap>, body: &[u8], at: u64) -> Result<(), Dropped> {
        signer(secret(), "node-2").verify_at(subject, headers, body, Replays::Allow, at)
    }

    /// `headers` with `name` set to `value`, the rest (signature included) kept.
    fn with(headers: &HeaderMap, name: &str, value: &str) -> HeaderMap {
        let mut h = headers.clone();
        h.insert(name, value);
        h
    }

    #[test]
    fn a_good_signature_passes() {
        let h = signed_at(NOW);
        assert_eq!(check(SUBJECT, Some(&h), BODY, NOW), Ok(()));
        assert_eq!(check(SUBJECT, Some(&h), BODY, NOW + 29_000), Ok(()), "inside the window");
        assert_eq!(check(SUBJECT, Some(&h), BODY, NOW - 29_000), Ok(()), "a clock a little behind");
    }

    #[test]
    fn tampering_with_the_subject_a_header_or_the_body_is_a_bad_signature() {
        let h = signed_at(NOW);
        assert_eq!(check("casino.actor.wallet:1", Some(&h), BODY, NOW), Err(Dropped::BadSignature), "subject");
        assert_eq!(check(SUBJECT, Some(&h), b"{}", NOW), Err(Dropped::BadSignature), "body");
        for (name, value) in [
            (MESSAGE, "aviator.place_bet"),
            (NODE, "node-3"),
            (NONCE, "00000000000000000000000000000001"),
            (TIMESTAMP, &(NOW + 1).to_string()),
            (REPLY_TO, "someone-else"),
        ] {
            let t = with(&h, name, value);
            assert_eq!(check(SUBJECT, Some(&t), BODY, NOW), Err(Dropped::BadSignature), "{name}");
        }
        let mut removed = HeaderMap::new();
        for (name, values) in h.iter() {
            if name.to_string() != MESSAGE {
                for v in values {
                    removed.append(name.clone(), v.clone());
                }
            }
        }
        assert_eq!(check(SUBJECT, Some(&removed), BODY, NOW), Err(Dropped::BadSignature), "a header removed");
        let mut twice = h.clone();
        twice.append(MESSAGE, "aviator.place_bet");
        assert_eq!(check(SUBJECT, Some(&twice), BODY, NOW), Err(Dropped::BadSignature), "a signed header repeated");
        let garbage = with(&h, SIGNATURE, "not hex");
        assert_eq!(check(SUBJECT, Some(&garbage), BODY, NOW), Err(Dropped::BadSignature));
        let short = with(&h, SIGNATURE, "abcd");
        assert_eq!(check(SUBJECT, Some(&short), BODY, NOW), Err(Dropped::BadSignature));
    }

    #[test]
    fn another_secret_is_a_bad_signature() {
        let mut h = HeaderMap::new();
        signer("an insider's guess at the secret, 32+ bytes", "node-1").sign_at(SUBJECT, &mut h, BODY, NOW);
        assert_eq!(check(SUBJECT, Some(&h), BODY, NOW), Err(Dropped::BadSignature));
    }

    #[test]
    fn a_message_without_a_signature_is_unsigned() {
        assert_eq!(check(SUBJECT, None, BODY, NOW), Err(Dropped::Unsigned));
        let mut plain = HeaderMap::new();
        plain.insert(MESSAGE, "wallet.apply");
        plain.insert(NODE, "node-1");
        assert_eq!(check(SUBJECT, Some(&plain), BODY, NOW), Err(Dropped::Unsigned));
        let h = signed_at(NOW);
        let mut no_time = HeaderMap::new();
        for (name, values) in h.iter() {
            if name.to_string() != TIMESTAMP {
                for v in values {
                    no_time.append(name.clone(), v.clone());
                }
            }
        }
        assert_eq!(check(SUBJECT, Some(&no_time), BODY, NOW), Err(Dropped::Unsigned));
    }

    #[test]
    fn old_and_future_timestamps_are_stale() {
        let old = signed_at(NOW - 30_001);
        assert_eq!(check(SUBJECT, Some(&old), BODY, NOW), Err(Dropped::Stale));
        let future = signed_at(NOW + 30_001);
        assert_eq!(check(SUBJECT, Some(&future), BODY, NOW), Err(Dropped::Stale));
        let edge = signed_at(NOW - 30_000);
        assert_eq!(check(SUBJECT, Some(&edge), BODY, NOW), Ok(()));
    }

    #[test]
    fn a_command_accepted_once_is_refused_again_while_its_timestamp_is_valid() {
        let receiver = signer(secret(), "node-2");
        let h = signed_at(NOW);
        let other = signed_at(NOW);
        assert_eq!(receiver.verify_at(SUBJECT, Some(&h), BODY, Replays::Refuse, NOW), Ok(()));
        assert_eq!(receiver.verify_at(SUBJECT, Some(&other), BODY, Replays::Refuse, NOW), Ok(()), "a new nonce");
        for later in [NOW + 1, NOW + 29_000, NOW + 30_000] {
            assert_eq!(
                receiver.verify_at(SUBJECT, Some(&h), BODY, Replays::Refuse, later),
                Err(Dropped::Replayed),
                "at +{} ms",
                later - NOW
            );
        }
        assert_eq!(receiver.verify_at(SUBJECT, Some(&h), BODY, Replays::Refuse, NOW + 30_001), Err(Dropped::Stale));
        assert_eq!(receiver.verify_at(SUBJECT, Some(&h), BODY, Replays::Allow, NOW + 1), Ok(()), "broadcasts");
    }

    #[test]
    fn replays_are_remembered_until_their_timestamp_expires_across_a_rotation() {
        let receiver = signer(secret(), "node-2");
        let refuse = |h: &HeaderMap, at: u64| receiver.verify_at(SUBJECT, Some(h), BODY, Replays::Refuse, at);
        assert_eq!(refuse(&signed_at(NOW), NOW), Ok(()), "starts a generation");
        // Accepted just before the generation ends, with a timestamp as far ahead as the window allows.
        let late = signed_at(NOW + 89_999);
        assert_eq!(refuse(&late, NOW + 59_999), Ok(()));
        assert_eq!(refuse(&signed_at(NOW + 60_000), NOW + 60_000), Ok(()), "rotates the generations");
        assert_eq!(refuse(&late, NOW + 119_999), Err(Dropped::Replayed), "the last moment it is valid");
        assert_eq!(refuse(&late, NOW + 120_000), Err(Dropped::Stale));
    }

    #[test]
    fn short_secrets_are_refused_and_never_printed() {
        assert!(Signer::new(&Secret::new("too short"), "n", DEFAULT_MAX_SKEW).is_err());
        assert!(Secret::new("x".repeat(31)).check().is_err());
        assert!(Secret::new("x".repeat(32)).check().is_ok());
        let printed = format!("{:?}", Secret::new("hunter2hunter2hunter2hunter2hunter2"));
        assert!(!printed.contains("hunter2"), "{printed}");
    }
}
