//! What every swarm shares, whatever the game: fixture players and wallet reads (`fixture`), Socket.IO frames
//! (`protocol`) and the authenticated connection (`session`), exact money (`money`), counters, latency
//! percentiles and the server's CPU and memory (`report`) with their per-second series (`series`), the progress
//! line (`progress`), the kinds of players a scenario mixes (`mix`), the HTML report (`html`, drawing with
//! `charts`), and the run itself (`swarm`).

pub mod charts;
pub mod fixture;
pub mod html;
pub mod mix;
pub mod money;
pub mod progress;
pub mod protocol;
pub mod report;
pub mod series;
pub mod session;
pub mod swarm;
