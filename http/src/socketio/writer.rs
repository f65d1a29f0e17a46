//! The ordered outgoing half of a connection: a bounded queue drained by the transport of the moment. Over a
//! websocket its consumer is the websocket response body itself ([`Body`]), polled by the HTTP server on the
//! connection's own thread; over HTTP long-polling it is each GET in turn ([`Drain::poll`]). Producers only enqueue
//! (`try_send`) and never wait: the session actor for its own replies, and the hub, through [`WriterOutbox`], for
//! broadcasts. Whatever is queued when the body is polled (or a GET answered) leaves in one write.
//!
//! The receiving end lives in the [`Drain`], taken by one consumer at a time: a GET takes it for its answer and gives
//! it back; at an upgrade the websocket body takes it once the last GET has given it back, so no delivery is lost or
//! sent twice across the switch.
//!
//! The queue is bounded twice: in deliveries (the channel) and in bytes (a shared budget, reserved when a
//! delivery is queued and returned once it is encoded), so a client that stops reading holds at most a few MiB.

use actix_http::ws::{CloseReason, OpCode, Parser};
use actix_web::web::{Bytes, BytesMut};
use base64::Engine as _;
use casino_actors::hub::{Frames, Offer, Outbox};
use futures_util::Stream;
use futures_util::task::AtomicWaker;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::mpsc;

/// Encoded bytes handed to the server at once, at most (more waits for the next poll).
const WRITE_CHUNK: usize = 64 * 1024;

pub(crate) enum Outgoing {
    Frames(Frames),
    /// Packets with binary attachments: each piece one websocket message, together.
    Pieces(Vec<Piece>),
    Pong(Bytes),
    /// The end: with the server's reason, or `None` when the client closed (a waiting long-poll then gets a noop).
    Close(Option<CloseReason>),
    /// A text frame of the websocket's own, outside the queue and its budget (an upgrade's `3probe`).
    Direct(&'static str),
    /// The websocket writes what came before, and what follows a moment later ([`BOUNDARY_PAUSE`]), in a write of
    /// its own. Long-polling ignores it.
    Boundary,
}

/// How long a websocket waits at a [`Outgoing::Boundary`] before its next write.
const BOUNDARY_PAUSE: Duration = Duration::from_millis(2);

/// One message of a delivery with binary attachments: over long-polling a binary one travels as `b<base64>`.
pub(crate) enum Piece {
    Text(Arc<str>),
    Binary(Bytes),
}

impl Piece {
    fn len(&self) -> usize {
        match self {
            Piece::Text(t) => t.len(),
            Piece::Binary(b) => b.len(),
        }
    }
}

/// The actor's side: a bounded queue, plus a kill switch that drops whatever is still queued.
pub(crate) struct Writer {
    kill: Arc<Kill>,
    outbox: Arc<WriterOutbox>,
    drain: Arc<Drain>,
}

/// The queue's receiving end, held by whichever transport drains it now.
pub(crate) struct Drain {
    rx: Mutex<Option<mpsc::Receiver<Outgoing>>>,
    /// When the pong to the last ping is due, while it has not come: a long-poll arriving later finds the session
    /// over, however late the session's own timer fires.
    pong_due: Mutex<Option<tokio::time::Instant>>,
    /// Woken when a GET gives the receiver back (the websocket body waits for it at an upgrade).
    returned: AtomicWaker,
    kill: Arc<Kill>,
    budget: Arc<ByteBudget>,
}

impl Drain {
    /// The pong to the last ping is overdue: the client is gone.
    pub(crate) fn pong_overdue(&self) -> bool {
        self.pong_due.lock().ok().and_then(|d| *d).is_some_and(|at| tokio::time::Instant::now() >= at)
    }
}

/// Ends the body at its next poll, skipping the backlog. Its waker is the websocket body's.
#[derive(Default)]
struct Kill {
    killed: AtomicBool,
    waker: AtomicWaker,
}

/// Bytes queued and not yet written, against a limit.
struct ByteBudget {
    queued: AtomicUsize,
    max: usize,
}

impl ByteBudget {
    /// Reserve `n` bytes. A delivery into an empty queue always fits, so one frame bigger than the limit still
    /// leaves (frames are capped by the codec's limits anyway).
    fn reserve(&self, n: usize) -> bool {
        let before = self.queued.fetch_add(n, Ordering::AcqRel);
        if before > 0 && before + n > self.max {
            self.release(n);
            return false;
        }
        true
    }

    fn release(&self, n: usize) {
        self.queued.fetch_sub(n, Ordering::AcqRel);
    }
}

fn size_of(frames: &Frames) -> usize {
    frames.iter().map(|f| f.len()).sum()
}

/// The hub's way into the same queue.
pub(crate) struct WriterOutbox {
    queue: mpsc::Sender<Outgoing>,
    budget: Arc<ByteBudget>,
}

impl WriterOutbox {
    fn push(&self, out: Outgoing) -> Result<(), Backlog> {
        let bytes = match &out {
            Outgoing::Frames(frames) => size_of(frames),
            Outgoing::Pieces(pieces) => pieces.iter().map(Piece::len).sum(),
            Outgoing::Pong(_) | Outgoing::Close(_) | Outgoing::Direct(_) | Outgoing::Boundary => 0,
        };
        if !self.budget.reserve(bytes) {
            return Err(if self.queue.is_closed() { Backlog::Closed } else { Backlog::Full });
        }
        self.queue.try_send(out).map_err(|e| {
            self.budget.release(bytes);
            match e {
                mpsc::error::TrySendError::Full(_) => Backlog::Full,
                mpsc::error::TrySendError::Closed(_) => Backlog::Closed,
            }
        })
    }
}

impl Outbox for WriterOutbox {
    fn offer(&self, frames: &Frames) -> Offer {
        match self.push(Outgoing::Frames(frames.clone())) {
            Ok(()) => Offer::Queued,
            Err(Backlog::Full) => Offer::Full,
            Err(Backlog::Closed) => Offer::Closed,
        }
    }
}

/// Why a frame could not be queued.
pub(crate) enum Backlog {
    /// The queue is full: the client is not reading fast enough.
    Full,
    /// The writer has stopped (socket closed).
    Closed,
}

/// A connection's queue: the producers' side, whose [`Writer::drain`] a transport drains.
pub(crate) fn channel(capacity: usize, max_bytes: usize) -> Writer {
    let (queue, rx) = mpsc::channel(capacity.max(1));
    let kill = Arc::new(Kill::default());
    let budget = Arc::new(ByteBudget { queued: AtomicUsize::new(0), max: max_bytes.max(1) });
    let drain = Arc::new(Drain {
        rx: Mutex::new(Some(rx)),
        pong_due: Mutex::new(None),
        returned: AtomicWaker::new(),
        kill: kill.clone(),
        budget: budget.clone(),
    });
    Writer { kill, outbox: Arc::new(WriterOutbox { queue, budget }), drain }
}

impl Writer {
    pub(crate) fn outbox(&self) -> Arc<WriterOutbox> {
        self.outbox.clone()
    }

    pub(crate) fn drain(&self) -> Arc<Drain> {
        self.drain.clone()
    }

    pub(crate) fn send(&self, out: Outgoing) -> Result<(), Backlog> {
        self.outbox.push(out)
    }

    /// A ping went out: its pong is due by `at` (`None`: it came).
    pub(crate) fn pong_due(&self, at: Option<tokio::time::Instant>) {
        if let Ok(mut due) = self.drain.pong_due.lock() {
            *due = at;
        }
    }

    /// Stop writing now, dropping the backlog (used for slow clients, whose socket is not draining).
    pub(crate) fn kill(&self) {
        self.kill.killed.store(true, Ordering::Release);
        self.kill.waker.wake();
    }
}

/// Why a GET got nothing to answer with.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum PollError {
    /// Another GET holds the queue (a client may have one at a time), or the websocket took it.
    Busy,
}

/// Gives the receiver back to its drain when a GET is done (or dropped half-way).
struct Lease<'a> {
    drain: &'a Drain,
    rx: Option<mpsc::Receiver<Outgoing>>,
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        if let Some(rx) = self.rx.take() {
            if let Ok(mut slot) = self.drain.rx.lock() {
                *slot = Some(rx);
            }
            self.drain.returned.wake();
        }
    }
}

impl Drain {
    /// Wakes the websocket body (an upgrade's switch was made: it may take the queue now).
    pub(crate) fn wake_body(&self) {
        self.kill.waker.wake();
    }

    fn take(&self) -> Option<mpsc::Receiver<Outgoing>> {
        self.rx.lock().ok().and_then(|mut slot| slot.take())
    }

    /// One long-polling answer: the Engine.IO packets queued, waiting up to `wait` for the first (nothing came:
    /// `None`, answered as a noop). Takes whole deliveries until about `max_bytes`; a close ends the answer with `1`.
    pub(crate) async fn poll(&self, wait: Duration, max_bytes: usize) -> Result<Option<Vec<String>>, PollError> {
        let mut lease = Lease { drain: self, rx: Some(self.take().ok_or(PollError::Busy)?) };
        let Some(rx) = lease.rx.as_mut() else { return Err(PollError::Busy) };
        let mut packets = Vec::new();
        let mut bytes = 0;
        let until = tokio::time::Instant::now() + wait;
        // The first delivery may be a while; the kill switch is looked at every so often meanwhile.
        let first = loop {
            if self.kill.killed.load(Ordering::Acquire) {
                return Ok(Some(vec!["1".into()]));
            }
            let step = (until - tokio::time::Instant::now()).min(Duration::from_millis(200));
            match tokio::time::timeout(step, rx.recv()).await {
                Ok(out) => break out,
                Err(_) if tokio::time::Instant::now() >= until => return Ok(None),
                Err(_) => {}
            }
        };
        let mut next = first;
        loop {
            match next {
                Some(Outgoing::Frames(frames)) => {
                    let size = size_of(&frames);
                    bytes += size;
                    packets.extend(frames.iter().map(|f| f.to_string()));
                    self.budget.release(size);
                }
                Some(Outgoing::Pieces(pieces)) => {
                    let size: usize = pieces.iter().map(Piece::len).sum();
                    bytes += size;
                    packets.extend(pieces.into_iter().map(|p| match p {
                        Piece::Text(t) => t.to_string(),
                        Piece::Binary(b) => format!("b{}", base64::engine::general_purpose::STANDARD.encode(&b)),
                    }));
                    self.budget.release(size);
                }
                Some(Outgoing::Pong(_) | Outgoing::Direct(_) | Outgoing::Boundary) => {}
                // The client closed: a GET still waiting is answered, with a noop if nothing else was queued.
                Some(Outgoing::Close(None)) => {
                    if packets.is_empty() {
                        packets.push("6".into());
                    }
                    break;
                }
                Some(Outgoing::Close(Some(_))) | None => {
                    packets.push("1".into());
                    break;
                }
            }
            if bytes >= max_bytes {
                break;
            }
            next = match rx.try_recv() {
                Ok(out) => Some(out),
                Err(mpsc::error::TryRecvError::Empty) => break,
                Err(mpsc::error::TryRecvError::Disconnected) => None,
            };
        }
        Ok(Some(packets))
    }
}

/// The websocket response body: every delivery queued since the last poll, as websocket frames in one buffer.
/// At an upgrade it first writes only its own replies (`direct`: the probe's pong) and takes the connection's queue
/// once the switch is made (`attach`) and the last GET has given it back.
pub(crate) struct Body {
    drain: Arc<Drain>,
    rx: Option<mpsc::Receiver<Outgoing>>,
    direct: Option<mpsc::UnboundedReceiver<Outgoing>>,
    attach: Arc<AtomicBool>,
    /// A close frame was written: the body ends.
    closed: bool,
    /// At a boundary: nothing more is written until it ends.
    pause: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl Body {
    /// A body for a connection that starts on the websocket: the queue is its own from the first poll.
    pub(crate) fn attached(drain: Arc<Drain>) -> Body {
        Body { drain, rx: None, direct: None, attach: Arc::new(AtomicBool::new(true)), closed: false, pause: None }
    }

    /// A body for an upgrade: `direct` until `attach` is set, then the queue too.
    pub(crate) fn upgrading(
        drain: Arc<Drain>,
        direct: mpsc::UnboundedReceiver<Outgoing>,
        attach: Arc<AtomicBool>,
    ) -> Body {
        Body { drain, rx: None, direct: Some(direct), attach, closed: false, pause: None }
    }

    fn encode(&mut self, out: Outgoing, buf: &mut BytesMut) {
        match out {
            Outgoing::Frames(frames) => {
                for frame in frames.iter() {
                    Parser::write_message(buf, frame.as_bytes(), OpCode::Text, true, false);
                }
                self.drain.budget.release(size_of(&frames));
            }
            Outgoing::Pieces(pieces) => {
                let size = pieces.iter().map(Piece::len).sum();
                for piece in pieces {
                    match piece {
                        Piece::Text(t) => Parser::write_message(buf, t.as_bytes(), OpCode::Text, true, false),
                        Piece::Binary(b) => Parser::write_message(buf, &b, OpCode::Binary, true, false),
                    }
                }
                self.drain.budget.release(size);
            }
            Outgoing::Pong(bytes) => Parser::write_message(buf, &bytes, OpCode::Pong, true, false),
            Outgoing::Direct(text) => Parser::write_message(buf, text.as_bytes(), OpCode::Text, true, false),
            Outgoing::Close(reason) => self.close(reason, buf),
            Outgoing::Boundary => self.pause = Some(Box::pin(tokio::time::sleep(BOUNDARY_PAUSE))),
        }
    }

    fn close(&mut self, reason: Option<CloseReason>, buf: &mut BytesMut) {
        Parser::write_close(buf, reason, false);
        self.closed = true;
    }
}

impl Stream for Body {
    type Item = Result<Bytes, actix_web::Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        let kill = this.drain.kill.clone();
        kill.waker.register(cx.waker());
        if this.closed || kill.killed.load(Ordering::Acquire) {
            return Poll::Ready(None);
        }
        let mut buf = BytesMut::new();
        while let Some(direct) = this.direct.as_mut() {
            let next = direct.poll_recv(cx);
            match next {
                Poll::Ready(Some(out)) => this.encode(out, &mut buf),
                // The upgrade was given up before the switch: the websocket closes; polling goes on.
                Poll::Ready(None) if !this.attach.load(Ordering::Acquire) => {
                    this.direct = None;
                    this.close(None, &mut buf);
                }
                Poll::Ready(None) => this.direct = None,
                Poll::Pending => break,
            }
        }
        if this.rx.is_none() && this.attach.load(Ordering::Acquire) {
            this.drain.returned.register(cx.waker());
            this.rx = this.drain.take();
        }
        if let Some(pause) = this.pause.as_mut() {
            if pause.as_mut().poll(cx).is_pending() {
                return if buf.is_empty() { Poll::Pending } else { Poll::Ready(Some(Ok(buf.freeze()))) };
            }
            this.pause = None;
        }
        while !this.closed && this.pause.is_none() && buf.len() < WRITE_CHUNK {
            let Some(rx) = this.rx.as_mut() else { break };
            let next = rx.poll_recv(cx);
            match next {
                Poll::Ready(Some(out)) => this.encode(out, &mut buf),
                // Everyone who could write is gone (the session ended): say goodbye.
                Poll::Ready(None) => this.close(None, &mut buf),
                Poll::Pending => break,
            }
        }
        if buf.is_empty() { Poll::Pending } else { Poll::Ready(Some(Ok(buf.freeze()))) }
    }
}
