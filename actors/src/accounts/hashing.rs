//! The Argon2 queue: a bounded number of hashes at once, each in its slot's own [`Memory`] (19 MiB, made once), shared
//! fairly. Every hash runs in a *lane* — one account, one account's known devices, or one shared lane for names that
//! match nobody and one for sign-ups — and a lane holds at most one slot at a time, so one person (or a flood of
//! unknown names) waits behind itself instead of taking every slot. Every lane but a known device's shares all the
//! slots but one: a flood of guesses at an account never keeps its owner's own device waiting for more than the hash
//! in front of it. Slots are handed out first come, first served.

use super::passwords::Memory;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Which lane a hash runs in.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Lane {
    Account(i64),
    /// A login from a device (an address) this account has logged in from: ahead of every other lane.
    Known(i64),
    /// Logins naming nobody (they verify against a dummy hash).
    Unknown,
    SignUp,
}

pub struct HashQueue {
    slots: Arc<Semaphore>,
    /// Taken before a slot by every lane but [`Lane::Known`]: one slot fewer than there are (at least one).
    others: Arc<Semaphore>,
    /// The slots' memories not in use; a hash takes one (or makes one) and gives it back from the blocking thread,
    /// so a request dropped mid-hash loses nothing. Never more than there are slots.
    memory: Arc<Mutex<Vec<Memory>>>,
    slot_count: usize,
    /// Lanes with a hash running or waiting; a lane is dropped when its last user leaves, so this holds at most as
    /// many entries as requests in flight.
    lanes: Mutex<HashMap<Lane, Arc<Semaphore>>>,
}

/// Both permits of a running hash; leaving the lane drops it from the map when nobody else is in it.
struct Held<'a> {
    queue: &'a HashQueue,
    lane: Lane,
    gate: Option<Arc<Semaphore>>,
    _permits: Option<(OwnedSemaphorePermit, Option<OwnedSemaphorePermit>, OwnedSemaphorePermit)>,
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
        let slots = slots.max(1);
        HashQueue {
            slots: Arc::new(Semaphore::new(slots)),
            others: Arc::new(Semaphore::new((slots - 1).max(1))),
            memory: Arc::new(Mutex::new(Vec::new())),
            slot_count: slots,
            lanes: Mutex::new(HashMap::new()),
        }
    }

    /// Runs `f` with a slot's memory on the blocking pool once `lane` and a slot are free; `None` when that takes
    /// longer than `wait`.
    pub async fn run<T: Send + 'static>(
        &self,
        lane: Lane,
        wait: Duration,
        f: impl FnOnce(&mut Memory) -> T + Send + 'static,
    ) -> Option<Result<T, tokio::task::JoinError>> {
        let known = matches!(lane, Lane::Known(_));
        let gate = {
            let mut lanes = self.lanes.lock().ok()?;
            lanes.entry(lane.clone()).or_insert_with(|| Arc::new(Semaphore::new(1))).clone()
        };
        let mut held = Held { queue: self, lane, gate: Some(gate.clone()), _permits: None };
        let permits = tokio::time::timeout(wait, async move {
            let in_lane = gate.acquire_owned().await.ok()?;
            let other = if known { None } else { Some(self.others.clone().acquire_owned().await.ok()?) };
            let slot = self.slots.clone().acquire_owned().await.ok()?;
            Some((in_lane, other, slot))
        });
        held._permits = Some(permits.await.ok()??);
        let (pool, keep) = (self.memory.clone(), self.slot_count);
        let out = tokio::task::spawn_blocking(move || {
            let mut memory = pool.lock().ok().and_then(|mut m| m.pop()).unwrap_or_default();
            let out = f(&mut memory);
            // A hash that panics loses its memory; the next one makes another.
            if let Ok(mut m) = pool.lock()
                && m.len() < keep
            {
                m.push(memory);
            }
            out
        })
        .await;
        drop(held);
        Some(out)
    }

    /// Memories made so far and not in use (for tests).
    pub fn idle_memories(&self) -> usize {
        self.memory.lock().map(|m| m.len()).unwrap_or(0)
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
                        .run(Lane::Account(1), Duration::from_secs(30), move |_| {
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
        assert!(queue.run(Lane::Account(2), Duration::from_secs(1), |_| ()).await.is_some_and(|r| r.is_ok()));
        assert!(t.elapsed() < Duration::from_millis(200), "{:?}", t.elapsed());
        for f in flood {
            assert!(f.await.is_ok_and(|r| r.is_some()));
        }
        assert_eq!(most.load(Ordering::SeqCst), 1, "one account ran one hash at a time");
        assert_eq!(queue.lanes(), 0, "lanes are dropped when empty");
    }

    /// Forty slow hashes in forty lanes (two seconds of work for the one slot they share) and a known device's login
    /// still starts after at most the hash in front of it; the slots never make more memories than there are slots.
    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn a_known_device_passes_a_flood_and_each_slot_keeps_one_memory() {
        let queue = Arc::new(HashQueue::new(2));
        let flood: Vec<_> = (0..40)
            .map(|i| {
                let queue = queue.clone();
                tokio::spawn(async move {
                    queue
                        .run(Lane::Account(100 + i), Duration::from_secs(30), |_| {
                            std::thread::sleep(Duration::from_millis(50))
                        })
                        .await
                })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(100)).await;
        let t = Instant::now();
        assert!(queue.run(Lane::Known(1), Duration::from_secs(1), |_| ()).await.is_some_and(|r| r.is_ok()));
        assert!(t.elapsed() < Duration::from_secs(1), "waited {:?} behind the flood", t.elapsed());
        for f in flood {
            assert!(f.await.is_ok_and(|r| r.is_some()));
        }
        assert!((1..=2).contains(&queue.idle_memories()), "{} memories", queue.idle_memories());
    }

    /// A request dropped while its hash runs (the client went away) still gives the memory back to the pool.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_request_dropped_mid_hash_keeps_the_memory() {
        let queue = Arc::new(HashQueue::new(2));
        let q = queue.clone();
        let task = tokio::spawn(async move {
            q.run(Lane::Unknown, Duration::from_secs(5), |_| std::thread::sleep(Duration::from_millis(300))).await
        });
        tokio::time::sleep(Duration::from_millis(100)).await;
        task.abort();
        for _ in 0..50 {
            if queue.idle_memories() == 1 {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the memory of a dropped request was not given back");
    }

    #[tokio::test]
    async fn a_lane_that_waits_too_long_gives_up_and_leaves_nothing_behind() {
        let queue = Arc::new(HashQueue::new(1));
        let q = queue.clone();
        let long = tokio::spawn(async move {
            q.run(Lane::Unknown, Duration::from_secs(5), |_| std::thread::sleep(Duration::from_millis(300))).await
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(queue.run(Lane::Unknown, Duration::from_millis(50), |_| ()).await.is_none());
        assert!(long.await.is_ok_and(|r| r.is_some()));
        assert_eq!(queue.lanes(), 0);
    }
}
