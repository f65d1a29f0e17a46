//! The ordered outgoing half of a connection: a task that owns the `actix_ws::Session` and writes queued frames
//! in order. `Session::text` is async, so producers only enqueue (bounded, `try_send`) and never wait: the session
//! actor for its own replies, and the hub, through [`WriterOutbox`], for broadcasts. Frames queued together are
//! encoded into one buffer by actix-ws and so leave in one socket write.
//!
//! The queue is bounded twice: in deliveries (the channel) and in bytes (a shared budget, reserved when a
//! delivery is queued and returned once it is written), so a client that stops reading holds at most a few MiB.

use actix_web::web::Bytes;
use actix_ws::{CloseReason, Session};
use casino_actors::hub::{Frames, Offer, Outbox};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::{mpsc, watch};

/// How long a closing handshake may wait for a congested socket before the session is simply dropped.
const CLOSE_GRACE: Duration = Duration::from_secs(1);

pub(crate) enum Outgoing {
    Frames(Frames),
    Pong(Bytes),
    Close(Option<CloseReason>),
}

/// The actor's side: a bounded queue, plus a kill switch that skips whatever is still queued.
pub(crate) struct Writer {
    kill: watch::Sender<bool>,
    outbox: Arc<WriterOutbox>,
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

impl Writer {
    /// Start the writer task on the current arbiter: at most `capacity` deliveries and `max_bytes` bytes queued.
    pub(crate) fn spawn(session: Session, capacity: usize, max_bytes: usize) -> Self {
        let (queue, rx) = mpsc::channel(capacity.max(1));
        let (kill, kill_rx) = watch::channel(false);
        let budget = Arc::new(ByteBudget { queued: AtomicUsize::new(0), max: max_bytes.max(1) });
        actix_web::rt::spawn(run(session, rx, kill_rx, budget.clone()));
        let outbox = Arc::new(WriterOutbox { queue, budget });
        Self { kill, outbox }
    }

    pub(crate) fn outbox(&self) -> Arc<WriterOutbox> {
        self.outbox.clone()
    }

    pub(crate) fn send(&self, out: Outgoing) -> Result<(), Backlog> {
        self.outbox.push(out)
    }

    /// Stop writing now, dropping the backlog (used for slow clients, whose socket is not draining).
    pub(crate) fn kill(&self) {
        let _ = self.kill.send(true);
    }
}

async fn killed(kill: &mut watch::Receiver<bool>) {
    // If the actor went away without killing, keep draining the queue: it ends when the queue's sender drops.
    if kill.wait_for(|k| *k).await.is_err() {
        std::future::pending::<()>().await;
    }
}

async fn run(
    mut session: Session,
    mut rx: mpsc::Receiver<Outgoing>,
    mut kill: watch::Receiver<bool>,
    budget: Arc<ByteBudget>,
) {
    let reason = loop {
        let next = tokio::select! {
            biased;
            () = killed(&mut kill) => return,
            next = rx.recv() => next,
        };
        let sent = match next {
            None => break None,
            Some(Outgoing::Close(reason)) => break reason,
            Some(Outgoing::Frames(frames)) => {
                let sent = tokio::select! {
                    biased;
                    () = killed(&mut kill) => return,
                    sent = write_all(&mut session, &frames) => sent,
                };
                budget.release(size_of(&frames));
                sent
            }
            Some(Outgoing::Pong(bytes)) => tokio::select! {
                biased;
                () = killed(&mut kill) => return,
                sent = session.pong(&bytes) => sent,
            },
        };
        if sent.is_err() {
            return;
        }
    };
    let _ = tokio::time::timeout(CLOSE_GRACE, session.close(reason)).await;
}

async fn write_all(session: &mut Session, frames: &Frames) -> Result<(), actix_ws::Closed> {
    for frame in frames.iter() {
        session.text(&**frame).await?;
    }
    Ok(())
}
