//! Engine.IO v4 over HTTP long-polling, and the upgrade from it to a websocket.
//!
//! - A GET without `sid` opens a session (the answer is its open packet); a GET with `sid` takes what the session
//!   has queued (waiting for it, up to a ping interval and timeout, then a noop), packets separated by the record
//!   separator `\x1e`; one GET at a time.
//! - A POST carries the client's packets the same way (one at a time, at most `maxPayload` bytes); the answer is `ok`
//!   once the session has taken them, in order.
//! - The upgrade: a websocket with the session's `sid` answers `2probe` with `3probe` on its own, has the waiting GET
//!   answered with a noop (the client pauses polling), and on `5` takes the session's queue — after the last GET has
//!   given it back, so nothing is lost or sent twice — and forwards every later message to the session.
//! - Breaking the rules (a second GET or POST at once, a payload too big) closes the session.

use super::session::{CloseCause, Ended, Packets, Probed, SocketSession, WsFrame};
use super::writer::{Body, Drain, Outgoing, PollError};
use super::ws;
use actix::Addr;
use actix_web::web::Payload;
use actix_web::{HttpRequest, HttpResponse};
use actix_ws::AggregatedMessage;
use futures_util::StreamExt;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;

/// Packets of one long-polling payload are separated by the record separator.
pub const SEPARATOR: char = '\u{1e}';

/// One long-polling session, as its GETs, POSTs and upgrade find it.
#[derive(Clone)]
pub(crate) struct PollEntry {
    pub addr: Addr<SocketSession>,
    pub drain: Arc<Drain>,
    /// A POST is being taken.
    posting: Arc<AtomicBool>,
    /// A websocket is upgrading or has upgraded it: GETs and POSTs are over.
    upgrading: Arc<AtomicBool>,
    upgraded: Arc<AtomicBool>,
}

impl PollEntry {
    pub(crate) fn new(addr: Addr<SocketSession>, drain: Arc<Drain>) -> PollEntry {
        PollEntry { addr, drain, posting: Arc::default(), upgrading: Arc::default(), upgraded: Arc::default() }
    }
}

/// The live long-polling sessions by `sid`.
#[derive(Default)]
pub struct Polls {
    map: Mutex<HashMap<String, PollEntry>>,
}

impl Polls {
    pub(crate) fn insert(&self, sid: String, entry: PollEntry) {
        if let Ok(mut m) = self.map.lock() {
            m.insert(sid, entry);
        }
    }

    pub(crate) fn remove(&self, sid: &str) {
        if let Ok(mut m) = self.map.lock() {
            m.remove(sid);
        }
    }

    fn get(&self, sid: &str) -> Option<PollEntry> {
        self.map.lock().ok().and_then(|m| m.get(sid).cloned())
    }
}

/// An Engine.IO error answer: `{"code", "message"}` with status 400 (the reference server's codes).
pub(crate) fn engine_error(code: u8) -> HttpResponse {
    let message = match code {
        0 => "Transport unknown",
        1 => "Session ID unknown",
        2 => "Bad handshake method",
        3 => "Bad request",
        4 => "Forbidden",
        _ => "Unsupported protocol version",
    };
    HttpResponse::BadRequest().json(serde_json::json!({ "code": code, "message": message }))
}

fn text(body: String) -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain; charset=UTF-8").body(body)
}

/// Closes a session that broke the transport's rules, or stopped answering pings.
fn close(entry: &PollEntry, cause: CloseCause) {
    entry.addr.do_send(Ended(cause));
}

/// A GET's answer: what the session queued (the open packet, first), a noop when nothing came in `wait`.
pub(crate) async fn answer_get(entry: &PollEntry, wait: Duration, max_bytes: usize) -> HttpResponse {
    if entry.upgraded.load(Ordering::Acquire) {
        return engine_error(3);
    }
    match entry.drain.poll(wait, max_bytes).await {
        Ok(Some(packets)) => text(packets.join(&SEPARATOR.to_string())),
        Ok(None) => text("6".into()),
        Err(PollError::Busy) => {
            close(entry, CloseCause::ProtocolViolation);
            engine_error(3)
        }
    }
}

pub(crate) async fn get(polls: &Polls, sid: &str, wait: Duration, max_bytes: usize) -> HttpResponse {
    match polls.get(sid) {
        // Past the pong's deadline the session is over, whether or not its timer has fired yet.
        Some(entry) if entry.drain.pong_overdue() => {
            polls.remove(sid);
            close(&entry, CloseCause::PingTimeout);
            engine_error(1)
        }
        Some(entry) => answer_get(&entry, wait, max_bytes).await,
        None => engine_error(1),
    }
}

/// A POST: the client's packets, handed to the session in order.
pub(crate) async fn post(polls: &Polls, sid: &str, mut body: Payload, max_payload: usize) -> HttpResponse {
    let Some(entry) = polls.get(sid) else { return engine_error(1) };
    if entry.upgraded.load(Ordering::Acquire) {
        return engine_error(3);
    }
    if entry.posting.swap(true, Ordering::AcqRel) {
        close(&entry, CloseCause::ProtocolViolation);
        return engine_error(3);
    }
    let mut bytes = Vec::new();
    let mut too_big = false;
    while let Some(chunk) = body.next().await {
        match chunk {
            Ok(c) if bytes.len() + c.len() <= max_payload => bytes.extend_from_slice(&c),
            Ok(_) => {
                too_big = true;
                break;
            }
            Err(_) => {
                entry.posting.store(false, Ordering::Release);
                return engine_error(3);
            }
        }
    }
    let answer = if too_big {
        close(&entry, CloseCause::TooLarge);
        HttpResponse::PayloadTooLarge().finish()
    } else {
        match String::from_utf8(bytes) {
            Ok(payload) => {
                let packets: Vec<String> = payload.split(SEPARATOR).map(str::to_owned).collect();
                let closes = packets.iter().any(|p| p == "1");
                match entry.addr.send(Packets(packets)).await {
                    Ok(()) => {
                        // The client closed: its next GET finds no session.
                        if closes {
                            polls.remove(sid);
                        }
                        HttpResponse::Ok().content_type("text/html").body("ok")
                    }
                    Err(_) => engine_error(1),
                }
            }
            Err(_) => {
                close(&entry, CloseCause::ProtocolViolation);
                engine_error(3)
            }
        }
    };
    entry.posting.store(false, Ordering::Release);
    answer
}

/// A websocket for a long-polling session: the probe, the switch, then the session's frames over it.
pub(crate) fn upgrade(
    req: &HttpRequest,
    payload: Payload,
    polls: &Polls,
    sid: &str,
    max_payload: usize,
) -> Result<HttpResponse, actix_web::Error> {
    let Some(entry) = polls.get(sid) else { return Ok(engine_error(1)) };
    if entry.upgrading.swap(true, Ordering::AcqRel) {
        return super::ws::close_at_once(req);
    }
    let (direct, direct_rx) = mpsc::unbounded_channel();
    let attach = Arc::new(AtomicBool::new(false));
    let body = Body::upgrading(entry.drain.clone(), direct_rx, attach.clone());
    let (response, mut incoming) = match ws::upgrade(req, payload, max_payload, body) {
        Ok(r) => r,
        Err(e) => {
            entry.upgrading.store(false, Ordering::Release);
            return Err(e);
        }
    };
    actix_web::rt::spawn(async move {
        // The probe and the switch.
        let switched = loop {
            match incoming.next().await {
                Some(Ok(AggregatedMessage::Text(t))) if &*t == "2probe" => {
                    if direct.send(Outgoing::Direct("3probe")).is_err() {
                        break false;
                    }
                    entry.addr.do_send(Probed);
                }
                Some(Ok(AggregatedMessage::Text(t))) if &*t == "5" => break true,
                Some(Ok(AggregatedMessage::Ping(_) | AggregatedMessage::Pong(_))) => {}
                _ => break false,
            }
        };
        if !switched {
            // Given up: the websocket closes, polling goes on.
            drop(direct);
            entry.upgrading.store(false, Ordering::Release);
            return;
        }
        entry.upgraded.store(true, Ordering::Release);
        attach.store(true, Ordering::Release);
        entry.drain.wake_body();
        entry.addr.do_send(WsFrame(Some(Ok(AggregatedMessage::Text("5".into())))));
        while let Some(msg) = incoming.next().await {
            entry.addr.do_send(WsFrame(Some(msg)));
        }
        entry.addr.do_send(WsFrame(None));
    });
    Ok(response)
}
