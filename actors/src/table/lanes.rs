//! Per-key serial queues ("lanes"): the jobs of one key run one at a time, in the order they arrived, while
//! different keys' jobs overlap. The owner runs the job [`Lanes::submit`] or [`Lanes::done`] hands back and calls
//! `done` when a key's job in flight has finished. The Mines and exchange desks key their lanes by player, so a reveal and a
//! cash-out sent together run one after the other and settle once.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;

/// What became of a submitted job.
#[derive(Debug, PartialEq, Eq)]
pub enum Submitted<J> {
    /// Nothing of its key was in flight: it is in flight now; run it.
    Run(J),
    /// It waits behind its key's job in flight.
    Queued,
    /// Its key already has the most jobs waiting: refused, and handed back.
    Full(J),
}

#[derive(Debug)]
pub struct Lanes<K, J> {
    /// Keys with a job in flight, and the jobs waiting behind it.
    lanes: HashMap<K, VecDeque<J>>,
    max_waiting: usize,
}

impl<K: Eq + Hash, J> Lanes<K, J> {
    /// Lanes where at most `max_waiting` jobs of a key wait behind the one in flight.
    pub fn new(max_waiting: usize) -> Self {
        Lanes { lanes: HashMap::new(), max_waiting }
    }

    /// A job for `key` arrived: it runs now, waits its turn, or is handed back when too many wait.
    pub fn submit(&mut self, key: K, job: J) -> Submitted<J> {
        match self.lanes.get_mut(&key) {
            Some(waiting) if waiting.len() >= self.max_waiting => Submitted::Full(job),
            Some(waiting) => {
                waiting.push_back(job);
                Submitted::Queued
            }
            None => {
                self.lanes.insert(key, VecDeque::new());
                Submitted::Run(job)
            }
        }
    }

    /// A job that must not be turned away (the house's own work, e.g. a settlement): it runs now or waits its turn,
    /// however many wait.
    pub fn push(&mut self, key: K, job: J) -> Option<J> {
        match self.lanes.get_mut(&key) {
            Some(waiting) => {
                waiting.push_back(job);
                None
            }
            None => {
                self.lanes.insert(key, VecDeque::new());
                Some(job)
            }
        }
    }

    /// The job in flight for `key` finished: the next one waiting, now in flight (run it), or `None` and the lane
    /// closes.
    pub fn done(&mut self, key: &K) -> Option<J> {
        let next = self.lanes.get_mut(key).and_then(VecDeque::pop_front);
        if next.is_none() {
            self.lanes.remove(key);
        }
        next
    }

    /// How many keys have a job in flight.
    pub fn len(&self) -> usize {
        self.lanes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lanes.is_empty()
    }

    /// How many jobs of `key` wait behind the one in flight.
    pub fn waiting(&self, key: &K) -> usize {
        self.lanes.get(key).map_or(0, VecDeque::len)
    }
}

#[cfg(test)]
mod tests {
    use super::{Lanes, Submitted};
    use rand::{Rng, SeedableRng};
    use std::collections::{HashMap, VecDeque};

    #[test]
    fn a_keys_jobs_run_one_at_a_time_in_arrival_order_while_other_keys_overlap() {
        let mut lanes = Lanes::new(8);
        assert_eq!(lanes.submit("ana", 1), Submitted::Run(1));
        assert_eq!(lanes.submit("ana", 2), Submitted::Queued);
        assert_eq!(lanes.submit("ana", 3), Submitted::Queued);
        assert_eq!(lanes.submit("bo", 10), Submitted::Run(10));
        assert_eq!((lanes.len(), lanes.waiting(&"ana"), lanes.waiting(&"bo")), (2, 2, 0));
        assert_eq!(lanes.done(&"ana"), Some(2));
        assert_eq!(lanes.done(&"bo"), None);
        assert_eq!(lanes.done(&"ana"), Some(3));
        assert_eq!(lanes.done(&"ana"), None);
        // The house's own jobs are never turned away.
        let mut full = Lanes::new(0);
        assert_eq!(full.push("cy", 1), Some(1));
        assert_eq!(full.submit("cy", 2), Submitted::Full(2));
        assert_eq!(full.push("cy", 3), None);
        assert_eq!(full.done(&"cy"), Some(3));
        assert!(lanes.is_empty());
    }

    #[test]
    fn a_closed_lane_runs_the_next_job_at_once() {
        let mut lanes = Lanes::new(1);
        assert_eq!(lanes.submit(7, 'a'), Submitted::Run('a'));
        assert_eq!(lanes.done(&7), None);
        assert_eq!(lanes.submit(7, 'b'), Submitted::Run('b'));
        assert_eq!(lanes.len(), 1);
    }

    #[test]
    fn a_full_lane_hands_the_job_back_until_one_of_its_jobs_runs() {
        let mut lanes = Lanes::new(2);
        assert_eq!(lanes.submit(1, "in flight"), Submitted::Run("in flight"));
        assert_eq!(lanes.submit(1, "first"), Submitted::Queued);
        assert_eq!(lanes.submit(1, "second"), Submitted::Queued);
        assert_eq!(lanes.submit(1, "third"), Submitted::Full("third"));
        assert_eq!(lanes.submit(2, "other key"), Submitted::Run("other key"));
        assert_eq!(lanes.done(&1), Some("first"));
        assert_eq!(lanes.submit(1, "third"), Submitted::Queued);
        assert_eq!(lanes.waiting(&1), 2);
        assert_eq!(lanes.done(&1), Some("second"));
        assert_eq!(lanes.done(&1), Some("third"));
        assert_eq!(lanes.done(&1), None);
    }

    /// Random arrivals and completions over a few keys: a key never has two jobs in flight, its jobs start in the
    /// order they were taken, a job is handed back only when its key's lane is full, and every job taken runs.
    #[test]
    fn random_arrivals_run_each_keys_taken_jobs_once_in_order() {
        const KEYS: u32 = 4;
        const MAX_WAITING: usize = 3;
        let seed: u64 = rand::random();
        println!("seed = {seed}");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut lanes = Lanes::new(MAX_WAITING);
        let mut in_flight: HashMap<u32, u64> = HashMap::new();
        let mut taken: HashMap<u32, VecDeque<u64>> = HashMap::new();
        let mut started: Vec<(u32, u64)> = Vec::new();
        let start = |key: u32, job: u64, in_flight: &mut HashMap<u32, u64>, started: &mut Vec<(u32, u64)>| {
            assert!(in_flight.insert(key, job).is_none(), "seed {seed}: key {key} has two jobs in flight");
            started.push((key, job));
        };
        for job in 0..20_000u64 {
            let key = rng.random_range(0..KEYS);
            if rng.random_bool(0.5) {
                let waiting = lanes.waiting(&key);
                match lanes.submit(key, job) {
                    Submitted::Run(j) => start(key, j, &mut in_flight, &mut started),
                    Submitted::Queued => assert!(waiting < MAX_WAITING, "seed {seed}: queued past the limit"),
                    Submitted::Full(j) => {
                        assert_eq!((j, waiting), (job, MAX_WAITING), "seed {seed}: refused below the limit");
                        continue;
                    }
                }
                taken.entry(key).or_default().push_back(job);
            } else if in_flight.remove(&key).is_some()
                && let Some(next) = lanes.done(&key)
            {
                start(key, next, &mut in_flight, &mut started);
            }
        }
        for key in 0..KEYS {
            while in_flight.remove(&key).is_some() {
                if let Some(next) = lanes.done(&key) {
                    start(key, next, &mut in_flight, &mut started);
                }
            }
        }
        assert!(lanes.is_empty(), "seed {seed}: a lane stayed open");
        for key in 0..KEYS {
            let ran: VecDeque<u64> = started.iter().filter(|(k, _)| *k == key).map(|(_, j)| *j).collect();
            assert_eq!(ran, taken.remove(&key).unwrap_or_default(), "seed {seed}: key {key}'s jobs");
        }
    }
}
