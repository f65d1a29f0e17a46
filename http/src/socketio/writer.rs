//! The ordered outgoing half of a connection: a bounded queue whose consumer is the websocket response body
//! itself ([`Body`]), polled by the HTTP server on the connection's own thread. Producers only enqueue
//! (`try_send`) and never wait: the session actor for its own replies, and the hub, through [`WriterOutbox`], for
//! broadcasts. Whatever is queued when the body is polled is encoded into one buffer, so it leaves in one write.
//!
//! The queue is bounded twice: in deliveries (the channel) and in bytes (a shared budget, reserved when a
//! delivery is queued and returned once it is encoded), so a client that stops reading holds at most a few MiB.

use actix_http::ws::{CloseReason, OpCode, Parser};
use actix_web::web::{Bytes, BytesMut};
use casino_actors::hub::{Frames, Offer, Outbox};
use futures_util::Stream;
use futures_util::task::AtomicWaker;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::task::{Context, Poll};
use tokio::sync::mpsc;

/// Encoded bytes handed to the server at once, at most (more waits for the next poll).
const WRITE_CHUNK: usize = 64 * 1024;

pub(crate) enum Outgoing {
    Frames(Frames),
    Pong(Bytes),
    Close(Option<CloseReason>),
}

/// The actor's side: a bounded queue, plus a kill switch that drops whatever is still queued.
pub(crate) struct Writer {
    kill: Arc<Kill>,
    outbox: Arc<WriterOutbox>,
}

/// Ends the body at its next poll, skipping the backlog.
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
            Outgoing::Pong(_) | Outgoing::Close(_) => 0,
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

/// A connection's queue: the producers' side and the response body that drains it.
pub(crate) fn channel(capacity: usize, max_bytes: usize) -> (Writer, Body) {
    let (queue, rx) = mpsc::channel(capacity.max(1));
    let kill = Arc::new(Kill::default());
    let budget = Arc::new(ByteBudget { queued: AtomicUsize::new(0), max: max_bytes.max(1) });
    let body = Body { rx, kill: kill.clone(), budget: budget.clone(), closed: false };
    (Writer { kill, outbox: Arc::new(WriterOutbox { queue, budget }) }, body)
}

impl Writer {
    pub(crate) fn outbox(&self) -> Arc<WriterOutbox> {
        self.outbox.clone()
    }

    pub(crate) fn send(&self, out: Outgoing) -> Result<(), Backlog> {
        self.outbox.push(out)
    }

    /// Stop writing now, dropping the backlog (used for slow clients, whose socket is not draining).
    pub(crate) fn kill(&self) {
        self.kill.killed.store(true, Ordering::Release);
        self.kill.waker.wake();
    }
}

/// The websocket response body: every delivery queued since the last poll, as websocket frames in one buffer.
pub(crate) struct Body {
    rx: mpsc::Receiver<Outgoing>,
    kill: Arc<Kill>,
    budget: Arc<ByteBudget>,
    /// A close frame was written: the body ends.
    closed: bool,
}

impl Body {
    fn encode(&mut self, out: Outgoing, buf: &mut BytesMut) {
        match out {
            Outgoing::Frames(frames) => {
                for frame in frames.iter() {
                    Parser::write_message(buf, frame.as_bytes(), OpCode::Text, true, false);
                }
                self.budget.release(size_of(&frames));
            }
            Outgoing::Pong(bytes) => Parser::write_message(buf, &bytes, OpCode::Pong, true, false),
            Outgoing::Close(reason) => self.close(reason, buf),
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
        this.kill.waker.register(cx.waker());
        if this.closed || this.kill.killed.load(Ordering::Acquire) {
            return Poll::Ready(None);
        }
        let mut buf = BytesMut::new();
        while !this.closed && buf.len() < WRITE_CHUNK {
            match this.rx.poll_recv(cx) {
                Poll::Ready(Some(out)) => this.encode(out, &mut buf),
                // Everyone who could write is gone (the session ended): say goodbye.
                Poll::Ready(None) => this.close(None, &mut buf),
                Poll::Pending => break,
            }
        }
        if buf.is_empty() { Poll::Pending } else { Poll::Ready(Some(Ok(buf.freeze()))) }
    }
}
