//! Who is asking: the session token from the `casino_session` cookie or `Authorization: Bearer`,
//! resolved to a user (a path's `{userId}` is resolved by `user_ref::PathUser`). And where the request comes from
//! (`client_ip`), believing forwarded headers only from trusted proxies.

use crate::error::ApiError;
use crate::state::State;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use casino_actors::accounts::{Role, User};
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;

pub use crate::socketio::SESSION_COOKIE;

pub fn token_of(req: &HttpRequest) -> Option<String> {
    let header = req.headers().get("authorization").and_then(|v| v.to_str().ok());
    if let Some(t) = header.and_then(|h| h.strip_prefix("Bearer ")) {
        return Some(t.trim().to_string());
    }
    req.cookie(SESSION_COOKIE).map(|c| c.value().to_string())
}

/// After a password reset (which revokes every session of the account): close every socket of the person
/// `identifier` names, at once.
pub async fn end_sockets_of(state: &State, identifier: &str) {
    if let Ok(Some(user)) = state.accounts.by_login(identifier).await {
        crate::socketio::end_user_sockets(&state.tables.hub, user.id);
    }
}

/// What the extractors here answer: the value, or the `ApiError` that refuses the request.
pub type Extracting<T> = Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

/// The app's state for an extractor to use in its future (a 500 where the app was built without it, raised where
/// the extractor checks it).
pub fn app_state(req: &HttpRequest) -> Result<State, ApiError> {
    req.app_data::<State>().cloned().ok_or_else(|| ApiError::internal("state missing"))
}

/// A request with a live session.
pub struct Authed {
    pub user: User,
    pub token: String,
}

impl FromRequest for Authed {
    type Error = ApiError;
    type Future = Extracting<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = app_state(req);
        let token = token_of(req);
        Box::pin(async move {
            let state = state?;
            let token = token.ok_or_else(ApiError::unauthorized)?;
            match state.accounts.session_user(&token).await? {
                Some(user) => Ok(Authed { user, token }),
                None => Err(ApiError::unauthorized()),
            }
        })
    }
}

/// A request from an operator's session.
pub struct Operator(pub User);

impl FromRequest for Operator {
    type Error = ApiError;
    type Future = Extracting<Self>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let authed = Authed::from_request(req, payload);
        Box::pin(async move {
            let a = authed.await?;
            if a.user.role == Role::Operator { Ok(Operator(a.user)) } else { Err(ApiError::forbidden()) }
        })
    }
}

/// How a request's client is named for limits: the address from [`client_ip`] (forwarded headers believed only from
/// `trusted` proxies), with IPv6 aggregated to its `/ipv6_prefix` network, since one subscriber holds a whole /64
/// and may rotate through it. REST limits and the socket cap per address both use it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientNet {
    pub trusted: Vec<IpAddr>,
    /// `CASINO_IPV6_PREFIX` (64): the IPv6 prefix length counted as one client.
    pub ipv6_prefix: u8,
}

impl Default for ClientNet {
    fn default() -> Self {
        ClientNet { trusted: Vec::new(), ipv6_prefix: 64 }
    }
}

impl ClientNet {
    /// The client's network: an IPv4 address as is, an IPv6 one with the bits past the prefix cleared (loopback kept).
    pub fn address(&self, req: &HttpRequest) -> Option<IpAddr> {
        client_ip(req, &self.trusted).map(|ip| self.aggregate(ip))
    }

    /// `address` as a limiter key (`""` when the peer is unknown).
    pub fn key(&self, req: &HttpRequest) -> String {
        self.address(req).map(|a| a.to_string()).unwrap_or_default()
    }

    pub fn aggregate(&self, ip: IpAddr) -> IpAddr {
        match ip {
            IpAddr::V6(v6) if !v6.is_loopback() => {
                let bits = u32::from(self.ipv6_prefix.min(128));
                let mask = if bits == 0 { 0 } else { u128::MAX << (128 - bits) };
                IpAddr::V6(std::net::Ipv6Addr::from(u128::from(v6) & mask))
            }
            other => other,
        }
    }
}

/// The client's address: the peer's, unless the peer is a trusted proxy (`CASINO_TRUSTED_PROXIES`); then the
/// forwarded chain (`Forwarded`, else `X-Forwarded-For`) is walked from the nearest hop back to the first
/// address that is not a trusted proxy. Headers from anyone else are ignored, so they cannot be spoofed.
pub fn client_ip(req: &HttpRequest, trusted: &[IpAddr]) -> Option<IpAddr> {
    let peer = req.peer_addr()?.ip().to_canonical();
    if !trusted.contains(&peer) {
        return Some(peer);
    }
    let chain = forwarded_chain(req);
    let mut client = peer;
    for hop in chain.iter().rev() {
        match hop {
            // A hop we cannot read ends the walk at the last proxy we trust.
            None => break,
            Some(ip) => {
                client = *ip;
                if !trusted.contains(ip) {
                    break;
                }
            }
        }
    }
    Some(client)
}

/// The forwarded addresses, client first; `None` for an entry that is not an address (`unknown`, junk).
fn forwarded_chain(req: &HttpRequest) -> Vec<Option<IpAddr>> {
    let forwarded: Vec<Option<IpAddr>> = req
        .headers()
        .get_all("forwarded")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|element| {
            let node = element.split(';').find_map(|pair| {
                let (k, v) = pair.trim().split_once('=')?;
                k.trim().eq_ignore_ascii_case("for").then(|| v.trim().trim_matches('"').to_string())
            });
            node.and_then(|n| parse_node(&n))
        })
        .collect();
    if !forwarded.is_empty() {
        return forwarded;
    }
    req.headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|n| parse_node(n.trim()))
        .collect()
}

/// `192.0.2.1`, `192.0.2.1:4711`, `[2001:db8::1]:4711` or `2001:db8::1`.
fn parse_node(node: &str) -> Option<IpAddr> {
    if let Ok(ip) = node.parse::<IpAddr>() {
        return Some(ip.to_canonical());
    }
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split(']').next()?.parse::<IpAddr>().ok().map(|ip| ip.to_canonical());
    }
    node.parse::<std::net::SocketAddr>().ok().map(|s| s.ip().to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn forwarded_headers_count_only_from_a_trusted_peer() {
        let spoofed = TestRequest::default()
            .peer_addr("198.51.100.9:5000".parse().unwrap())
            .insert_header(("x-forwarded-for", "203.0.113.1"))
            .to_http_request();
        assert_eq!(client_ip(&spoofed, &[]), Some(ip("198.51.100.9")));
        assert_eq!(client_ip(&spoofed, &[ip("10.0.0.1")]), Some(ip("198.51.100.9")));

        let proxied = TestRequest::default()
            .peer_addr("10.0.0.1:5000".parse().unwrap())
            .insert_header(("x-forwarded-for", "203.0.113.1, 192.0.2.7, 10.0.0.2"))
            .to_http_request();
        let trusted = [ip("10.0.0.1"), ip("10.0.0.2")];
        // The client may prepend anything; the walk stops at the first hop our proxies did not add.
        assert_eq!(client_ip(&proxied, &trusted), Some(ip("192.0.2.7")));

        let rfc7239 = TestRequest::default()
            .peer_addr("10.0.0.1:5000".parse().unwrap())
            .insert_header(("forwarded", "for=\"[2001:db8::1]:4711\";proto=https, for=10.0.0.2"))
            .insert_header(("x-forwarded-for", "203.0.113.1"))
            .to_http_request();
        assert_eq!(client_ip(&rfc7239, &trusted), Some(ip("2001:db8::1")));

        let junk = TestRequest::default()
            .peer_addr("10.0.0.1:5000".parse().unwrap())
            .insert_header(("x-forwarded-for", "203.0.113.1, not-an-ip"))
            .to_http_request();
        assert_eq!(client_ip(&junk, &trusted), Some(ip("10.0.0.1")));
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_network() {
        let net = ClientNet::default();
        assert_eq!(net.aggregate(ip("2001:db8:1:2:aaaa::1")), ip("2001:db8:1:2::"));
        assert_eq!(net.aggregate(ip("2001:db8:1:2:ffff:1:2:3")), ip("2001:db8:1:2::"), "the same /64");
        assert_ne!(net.aggregate(ip("2001:db8:1:3::1")), ip("2001:db8:1:2::"), "the next /64");
        assert_eq!(net.aggregate(ip("198.51.100.9")), ip("198.51.100.9"));
        assert_eq!(net.aggregate(ip("::1")), ip("::1"));
        let wide = ClientNet { ipv6_prefix: 48, ..ClientNet::default() };
        assert_eq!(wide.aggregate(ip("2001:db8:1:3::1")), ip("2001:db8:1::"));
        let req = TestRequest::default()
            .peer_addr("10.0.0.1:5000".parse().unwrap())
            .insert_header(("x-forwarded-for", "2001:db8:1:2:3:4:5:6"))
            .to_http_request();
        let behind = ClientNet { trusted: vec![ip("10.0.0.1")], ..ClientNet::default() };
        assert_eq!(behind.key(&req), "2001:db8:1:2::");
    }
}
