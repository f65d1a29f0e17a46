//! Browser-facing protections on every response and request:
//!
//! - headers: a Content-Security-Policy (scripts, styles, images and connections from this origin only; no
//!   framing, except the live scoreboard pages `/score/{id}`, which our own match screens frame),
//!   `X-Frame-Options: DENY` (`SAMEORIGIN` for those), `X-Content-Type-Options: nosniff`, a `Referrer-Policy`;
//! - cookies: `Secure` on every cookie we set when configured (`CASINO_SECURE_COOKIES=1`) or when the request
//!   arrived over HTTPS;
//! - cross-site requests: a state-changing request (POST, PUT, PATCH, DELETE) authenticated by the session cookie
//!   is refused when its `Origin` (or, without one, its `Referer`) names another site. Requests with a bearer
//!   token (tools) or without the cookie are not affected; the cookie is `SameSite=Lax` besides.
//!
//! The Socket.IO upgrade applies the same origin rule to its cookie (see `socketio::route`).

use crate::auth::SESSION_COOKIE;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderMap, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{Error, HttpResponse};
use casino_actors::ErrorCode;
use serde_json::json;
use std::sync::Arc;

/// What the middleware needs to know; built once at start-up.
#[derive(Debug, Clone, Default)]
pub struct SecurityConfig {
    /// `CASINO_SECURE_COOKIES=1`: mark every cookie `Secure` (the site is served over HTTPS, e.g. behind a proxy).
    pub secure_cookies: bool,
    /// `CASINO_ALLOWED_ORIGINS` (comma-separated `scheme://host[:port]`): other origins trusted besides the
    /// request's own host.
    pub allowed_origins: Vec<String>,
}

impl SecurityConfig {
    /// `CASINO_ALLOWED_ORIGINS` as a list: trimmed, without trailing slashes, empty entries dropped.
    pub fn parse_origins(list: &str) -> Vec<String> {
        list.split(',').map(|o| o.trim().trim_end_matches('/').to_ascii_lowercase()).filter(|o| !o.is_empty()).collect()
    }
}

/// The policy for the built React client: everything from this origin, inline `style` attributes (React sets
/// them), `data:` images and fonts, and the websocket to this host. No plugins, no framing, no foreign forms.
fn content_security_policy(host: Option<&str>, framed_by_self: bool) -> String {
    let sockets = match host {
        Some(h) if is_authority(h) => format!(" ws://{h} wss://{h}"),
        _ => String::new(),
    };
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
         font-src 'self' data:; connect-src 'self'{sockets}; object-src 'none'; base-uri 'self'; \
         form-action 'self'; frame-ancestors {}",
        if framed_by_self { "'self'" } else { "'none'" }
    )
}

/// A Host header we are willing to write into a header: host[:port] characters only.
fn is_authority(host: &str) -> bool {
    !host.is_empty()
        && host.len() <= 255
        && host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
}

/// `scheme://authority` of an origin or URL, lowercased (`None` for `null` or anything unparsable).
fn origin_of(url: &str) -> Option<(String, String)> {
    let (scheme, rest) = url.trim().split_once("://")?;
    let authority = rest.split(['/', '?', '#']).next()?.to_ascii_lowercase();
    let scheme = scheme.to_ascii_lowercase();
    if authority.is_empty() || !matches!(scheme.as_str(), "http" | "https") {
        return None;
    }
    Some((scheme, authority))
}

/// Whether `origin` (an Origin header, or a Referer URL) is trusted: the request's own host, or one of `allowed`.
pub fn origin_allowed(origin: &str, host: Option<&str>, allowed: &[String]) -> bool {
    let Some((scheme, authority)) = origin_of(origin) else { return false };
    if host.is_some_and(|h| h.eq_ignore_ascii_case(&authority)) {
        return true;
    }
    let full = format!("{scheme}://{authority}");
    allowed.iter().any(|a| a.eq_ignore_ascii_case(&full))
}

fn header_str(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// Whether a request that carries the session cookie comes from a trusted page: its `Origin`, else its
/// `Referer`, names the request's host or an allowed origin. Neither present (not a browser, or a browser that
/// sends neither) passes: the `SameSite=Lax` cookie already stays home on cross-site subrequests.
pub fn same_site_request(headers: &HeaderMap, allowed: &[String]) -> bool {
    let host = header_str(headers, header::HOST);
    match header_str(headers, header::ORIGIN).or_else(|| header_str(headers, header::REFERER)) {
        Some(origin) => origin_allowed(origin, host, allowed),
        None => true,
    }
}

fn changes_state(method: &Method) -> bool {
    matches!(*method, Method::POST | Method::PUT | Method::PATCH | Method::DELETE)
}

fn has_bearer(headers: &HeaderMap) -> bool {
    header_str(headers, header::AUTHORIZATION).is_some_and(|h| h.starts_with("Bearer "))
}

/// The middleware. Wrap the app with
/// `from_fn(move |req, next| security::guard(config.clone(), req, next))` (`config: Arc<SecurityConfig>`).
pub async fn guard(
    config: Arc<SecurityConfig>,
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let cookie_authed = req.cookie(SESSION_COOKIE).is_some() && !has_bearer(req.headers());
    if cookie_authed && changes_state(req.method()) && !same_site_request(req.headers(), &config.allowed_origins) {
        tracing::warn!(path = req.path(), "refused a cross-site request carrying the session cookie");
        let body = json!({
            "success": false,
            "error": ErrorCode::CrossSiteRequest,
            "message": "This request did not come from this site.",
        });
        let res = HttpResponse::build(StatusCode::FORBIDDEN).json(body);
        return Ok(with_headers(req.into_response(res), &config));
    }
    let res = next.call(req).await?.map_into_boxed_body();
    Ok(with_headers(res, &config))
}

fn with_headers(mut res: ServiceResponse<BoxBody>, config: &SecurityConfig) -> ServiceResponse<BoxBody> {
    let host = header_str(res.request().headers(), header::HOST).map(str::to_owned);
    let https = res.request().connection_info().scheme() == "https";
    let scoreboard = res.request().path().starts_with("/score/");
    let headers = res.headers_mut();
    if let Ok(csp) = HeaderValue::from_str(&content_security_policy(host.as_deref(), scoreboard)) {
        headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static(if scoreboard { "SAMEORIGIN" } else { "DENY" }));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    if config.secure_cookies || https {
        secure_cookies(headers);
    }
    res
}

/// Adds `; Secure` to every `Set-Cookie` that lacks it.
fn secure_cookies(headers: &mut HeaderMap) {
    let cookies: Vec<HeaderValue> = headers.get_all(header::SET_COOKIE).cloned().collect();
    if cookies.is_empty() {
        return;
    }
    headers.remove(header::SET_COOKIE);
    for cookie in cookies {
        let secured = match cookie.to_str() {
            Ok(c) if !c.to_ascii_lowercase().split(';').any(|part| part.trim() == "secure") => {
                HeaderValue::from_str(&format!("{c}; Secure")).unwrap_or(cookie)
            }
            _ => cookie,
        };
        headers.append(header::SET_COOKIE, secured);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_request_s_own_host_is_trusted_whatever_the_scheme() {
        assert!(origin_allowed("http://127.0.0.1:8080", Some("127.0.0.1:8080"), &[]));
        assert!(origin_allowed("https://Play.Example.com", Some("play.example.com"), &[]));
        assert!(origin_allowed("http://127.0.0.1:8080/login?x=1", Some("127.0.0.1:8080"), &[]), "a referer URL");
    }

    #[test]
    fn another_site_null_and_garbage_are_not_trusted_unless_configured() {
        assert!(!origin_allowed("https://evil.example", Some("127.0.0.1:8080"), &[]));
        assert!(!origin_allowed("http://127.0.0.1:9999", Some("127.0.0.1:8080"), &[]), "another port");
        assert!(!origin_allowed("null", Some("127.0.0.1:8080"), &[]));
        assert!(!origin_allowed("evil.example", Some("evil.example"), &[]));
        assert!(!origin_allowed("https://evil.example", None, &[]));
        let allowed = SecurityConfig::parse_origins(" https://admin.example.com/ ,,");
        assert_eq!(allowed, vec!["https://admin.example.com".to_string()]);
        assert!(origin_allowed("https://admin.example.com", Some("api.example.com"), &allowed));
        assert!(!origin_allowed("http://admin.example.com", Some("api.example.com"), &allowed), "scheme matters");
    }

    #[test]
    fn secure_is_added_once_to_every_cookie() {
        let mut headers = HeaderMap::new();
        headers.append(header::SET_COOKIE, HeaderValue::from_static("a=1; Path=/; HttpOnly"));
        headers.append(header::SET_COOKIE, HeaderValue::from_static("b=2; Secure"));
        secure_cookies(&mut headers);
        let all: Vec<_> = headers.get_all(header::SET_COOKIE).map(|v| v.to_str().unwrap_or("")).collect();
        assert_eq!(all, vec!["a=1; Path=/; HttpOnly; Secure", "b=2; Secure"]);
    }

    #[test]
    fn the_policy_forbids_framing_and_foreign_scripts_and_names_only_a_sane_host() {
        let csp = content_security_policy(Some("127.0.0.1:8080"), false);
        assert!(csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self';"));
        assert!(csp.contains("ws://127.0.0.1:8080 wss://127.0.0.1:8080"));
        assert!(!content_security_policy(Some("x; script-src *"), false).contains("script-src *"));
        // The scoreboard page: our own screens may frame it, nobody else.
        assert!(content_security_policy(None, true).contains("frame-ancestors 'self'"));
    }
}
