//! The ordered outgoing half of a connection: a task that owns the `actix_ws::Session` and writes queued frames
//! in order. `Session::text` is async, so producers only enqueue (bounded, `try_send`) and never wait: the session
//! actor for its own replies, and the hub, through [`WriterOutbox`], for broadcasts. Frames queued together are
//! encoded into one buffer by actix-ws and so leave in one socket write.

use actix_web::web::Bytes;
use actix_ws::{CloseReason, Session};
use casino_actors::hub::{Frames, Offer, Outbox};
use std::sync::Arc;
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
    queue: mpsc::Sender<Outgoing>,
    kill: watch::Sender<bool>,
    outbox: Arc<WriterOutbox>,
}

/// The hub's way into the same queue.
pub(crate) struct WriterOutbox(mpsc::Sender<Outgoing>);

impl Outbox for WriterOutbox {
    fn offer(&self, frames: &Frames) -> Offer {
        match self.0.try_send(Outgoing::Frames(frames.clone())) {
            Ok(()) => Offer::Queued,
            Err(mpsc::error::TrySendError::Full(_)) => Offer::Full,
            Err(mpsc::error::TrySendError::Closed(_)) => Offer::Closed,
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
    /// Start the writer task on the current arbiter.
    pub(crate) fn spawn(session: Session, capacity: usize) -> Self {
        let (queue, rx) = mpsc::channel(capacity.max(1));
        let (kill, kill_rx) = watch::channel(false);
        actix_web::rt::spawn(run(session, rx, kill_rx));
        let outbox = Arc::new(WriterOutbox(queue.clone()));
        Self { queue, kill, outbox }
    }

    pub(crate) fn outbox(&self) -> Arc<WriterOutbox> {
        self.outbox.clone()
    }

    pub(crate) fn send(&self, out: Outgoing) -> Result<(), Backlog> {
        self.queue.try_send(out).map_err(|e| match e {
            mpsc::error::TrySendError::Full(_) => Backlog::Full,
            mpsc::error::TrySendError::Closed(_) => Backlog::Closed,
        })
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

async fn run(mut session: Session, mut rx: mpsc::Receiver<Outgoing>, mut kill: watch::Receiver<bool>) {
    let reason = loop {
        let next = tokio::select! {
            biased;
            () = killed(&mut kill) => return,
            next = rx.recv() => next,
        };
        let sent = match next {
            None => break None,
            Some(Outgoing::Close(reason)) => break reason,
            Some(Outgoing::Frames(frames)) => tokio::select! {
                biased;
                () = killed(&mut kill) => return,
                sent = write_all(&mut session, &frames) => sent,
            },
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
