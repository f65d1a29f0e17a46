//! What every swarm shares, whatever the game: fixture players and wallet reads (`fixture`), Socket.IO frames
//! (`protocol`) and the authenticated connection (`session`), exact money (`money`), counters, latency
//! percentiles and the server's CPU and memory (`report`), and the run itself (`swarm`).

pub mod fixture;
pub mod money;
pub mod protocol;
pub mod report;
pub mod session;
pub mod swarm;
