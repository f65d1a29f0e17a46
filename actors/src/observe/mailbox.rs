//! Measured mailboxes: `Probed<A>` is an `Addr<A>` that wraps each message in `Timed` (the time it was sent) and
//! counts it in; the actor's `Handler<Timed<M>>` (written by [`timed_handlers!`]) times the wait and the handling.

use super::probe::Probe;
use actix::dev::{Request, ToEnvelope};
use actix::prelude::*;
use std::sync::Arc;
use std::time::Instant;

/// A message with the time it was put in the mailbox (`None` when measuring is off).
pub struct Timed<M> {
    pub msg: M,
    pub sent: Option<Instant>,
}

impl<M: Message> Message for Timed<M> {
    type Result = M::Result;
}

/// A message that crosses to another actor's mailbox and back: it and its answer are sent between threads.
pub trait Mail: Message<Result: Send> + Send + 'static {}

impl<M: Message<Result: Send> + Send + 'static> Mail for M {}

/// An actor that takes `M` through a measured mailbox: its `Handler<Timed<M>>` (written by [`timed_handlers!`]).
pub trait TakesTimed<M: Mail>: Handler<Timed<M>> + Actor<Context: ToEnvelope<Self, Timed<M>>> {}

impl<A, M: Mail> TakesTimed<M> for A where A: Handler<Timed<M>> + Actor<Context: ToEnvelope<A, Timed<M>>> {}

/// An actor that keeps a [`Probe`].
pub trait Observed {
    fn probe(&self) -> &Probe;
}

/// The address of a measured actor: use it like an `Addr<A>`.
pub struct Probed<A: Actor> {
    addr: Addr<A>,
    probe: Arc<Probe>,
}

impl<A: Actor> Clone for Probed<A> {
    fn clone(&self) -> Self {
        Probed { addr: self.addr.clone(), probe: self.probe.clone() }
    }
}

impl<A: Actor> Probed<A> {
    pub fn new(addr: Addr<A>, probe: Arc<Probe>) -> Self {
        Probed { addr, probe }
    }

    fn timed<M>(&self, msg: M) -> Timed<M> {
        self.probe.enqueued();
        Timed { msg, sent: self.probe.enabled().then(Instant::now) }
    }

    pub fn send<M: Mail>(&self, msg: M) -> Request<A, Timed<M>>
    where
        A: TakesTimed<M>,
    {
        self.addr.send(self.timed(msg))
    }

    pub fn do_send<M: Mail>(&self, msg: M)
    where
        A: TakesTimed<M>,
    {
        self.addr.do_send(self.timed(msg))
    }

    /// Sends unless the mailbox is full; the message comes back with the error.
    pub fn try_send<M: Mail>(&self, msg: M) -> Result<(), SendError<M>>
    where
        A: TakesTimed<M>,
    {
        self.addr.try_send(self.timed(msg)).map_err(|e| {
            self.probe.unqueued();
            match e {
                SendError::Full(t) => SendError::Full(t.msg),
                SendError::Closed(t) => SendError::Closed(t.msg),
            }
        })
    }

    pub fn probe(&self) -> &Arc<Probe> {
        &self.probe
    }

    pub fn connected(&self) -> bool {
        self.addr.connected()
    }
}

/// Writes `Handler<Timed<M>>` for each listed message: times the wait in the mailbox and the handling, then
/// hands the message to the actor's own `Handler<M>`. The actor implements [`Observed`].
#[macro_export]
macro_rules! timed_handlers {
    // A generic actor: `timed_handlers!(Table<G: Rules>: PlaceBet<G>, Snapshot)`.
    ($actor:ident < $g:ident : $bound:path > : $($msg:ty),+ $(,)?) => {$(
        impl<$g: $bound> ::actix::Handler<$crate::observe::Timed<$msg>> for $actor<$g> {
            type Result = <$actor<$g> as ::actix::Handler<$msg>>::Result;

            fn handle(
                &mut self,
                m: $crate::observe::Timed<$msg>,
                ctx: &mut <$actor<$g> as ::actix::Actor>::Context,
            ) -> Self::Result {
                let started = $crate::observe::Observed::probe(self).begin(m.sent);
                let result = <$actor<$g> as ::actix::Handler<$msg>>::handle(self, m.msg, ctx);
                $crate::observe::Observed::probe(self).end(started);
                result
            }
        }
    )+};
    ($actor:ty: $($msg:ty),+ $(,)?) => {$(
        impl ::actix::Handler<$crate::observe::Timed<$msg>> for $actor {
            type Result = <$actor as ::actix::Handler<$msg>>::Result;

            fn handle(
                &mut self,
                m: $crate::observe::Timed<$msg>,
                ctx: &mut <$actor as ::actix::Actor>::Context,
            ) -> Self::Result {
                let started = $crate::observe::Observed::probe(self).begin(m.sent);
                let result = <$actor as ::actix::Handler<$msg>>::handle(self, m.msg, ctx);
                $crate::observe::Observed::probe(self).end(started);
                result
            }
        }
    )+};
}
