//! The Argon2 queue: a bounded number of hashes at once (each holds ~19 MiB for tens of milliseconds), shared fairly.
//! Every hash runs in a *lane* — one account, or one shared lane for names that match nobody and one for sign-ups —
//! and a lane holds at most one slot at a time, so one person (or a flood of unknown names) waits behind itself
//! instead of taking every slot; the slots themselves are handed out first come, first served.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Which lane a hash runs in.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Lane {
    Account(i64),
    /// Logins naming nobody (they verify against a dummy hash).
    Unknown,
    SignUp,
}

pub struct HashQueue {
    slots: Arc<Semaphore>,
    /// Lanes with a hash running or waiting; a lane is dropped when its last user leaves, so this holds at most as
    /// many entries as requests in flight.
    lanes: Mutex<HashMap<Lane, Arc<Semaphore>>>,
}

/// Both permits of a running hash; leaving the lane drops it from the map when nobody else is in it.
struct Held<'a> {
    queue: &'a HashQueue,
    lane: Lane,
    gate: Option<Arc<Semaphore>>,
    _permits: Option<(OwnedSemaphorePermit, OwnedSemaphorePermit)>,
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self._permits = None;
        if let (Some(gate), Ok(mut lanes)) = (self.gate.take(), self.queue.lanes.lock()) {
            // Ours and the map's: nobody else holds or waits on this lane.
            if Arc::strong_count(&gate) == 2 {
                lanes.remove(&self.lane);
            }
        }
    }
}

impl HashQueue {
    pub fn new(slots: usize) -> Self {
        HashQueue { slots: Arc::new(Semaphore::new(slots.max(1))), lanes: Mutex::new(HashMap::new()) }
    }

    /// Runs `f` on the blocking pool once `lane` and a slot are free; `None` when that takes longer than `wait`.
    pub async fn run<T: Send + 'static>(
        &self,
        lane: Lane,
        wait: Duration,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Option<Result<T, tokio::task::JoinError>> {
        let gate = {
            let mut lanes = self.lanes.lock().ok()?;
            lanes.entry(lane.clone()).or_insert_with(|| Arc::new(Semaphore::new(1))).clone()
        };
        let mut held = Held { queue: self, lane, gate: Some(gate.clone()), _permits: None };
        let permits = tokio::time::timeout(wait, async move {
            let in_lane = gate.acquire_owned().await.ok()?;
            let slot = self.slots.clone().acquire_owned().await.ok()?;
            Some((in_lane, slot))
        });
        held._permits = Some(permits.await.ok()??);
        let out = tokio::task::spawn_blocking(f).await;
        drop(held);
        Some(out)
    }

    /// Lanes in the map now (for tests).
    pub fn lanes(&self) -> usize {
        self.lanes.lock().map(|l| l.len()).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Instant;

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn one_account_cannot_hold_every_slot() {
        let queue = Arc::new(HashQueue::new(2));
        let busy = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        // Twenty slow hashes of one account at once…
        let flood: Vec<_> = (0..20)
            .map(|_| {
                let (queue, busy, most) = (queue.clone(), busy.clone(), most.clone());
                tokio::spawn(async move {
                    queue
                        .run(Lane::Account(1), Duration::from_secs(30), move || {
                            most.fetch_max(busy.fetch_add(1, Ordering::SeqCst) + 1, Ordering::SeqCst);
                            std::thread::sleep(Duration::from_millis(20));
                            busy.fetch_sub(1, Ordering::SeqCst);
                        })
                        .await
                })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(30)).await;
        // …and another account's hash still starts at once.
        let t = Instant::now();
        assert!(queue.run(Lane::Account(2), Duration::from_secs(1), || ()).await.is_some_and(|r| r.is_ok()));
        assert!(t.elapsed() < Duration::from_millis(200), "{:?}", t.elapsed());
        for f in flood {
            assert!(f.await.is_ok_and(|r| r.is_some()));
        }
        assert_eq!(most.load(Ordering::SeqCst), 1, "one account ran one hash at a time");
        assert_eq!(queue.lanes(), 0, "lanes are dropped when empty");
    }

    #[tokio::test]
    async fn a_lane_that_waits_too_long_gives_up_and_leaves_nothing_behind() {
        let queue = Arc::new(HashQueue::new(1));
        let q = queue.clone();
        let long = tokio::spawn(async move {
            q.run(Lane::Unknown, Duration::from_secs(5), || std::thread::sleep(Duration::from_millis(300))).await
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(queue.run(Lane::Unknown, Duration::from_millis(50), || ()).await.is_none());
        assert!(long.await.is_ok_and(|r| r.is_some()));
        assert_eq!(queue.lanes(), 0);
    }
}
