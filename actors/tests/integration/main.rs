//! The actors' integration tests, one test binary (one link) for all: each module is a suite of its own. The fault
//! suites need the `failpoints` feature (`cargo nextest run -p casino-actors --features failpoints`); without it
//! they are left out. Run them under cargo-nextest, a process per test: a failpoint is process-wide.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod stream_replay;

mod aviator_faults;
mod cluster_fencing;
mod exchange_faults;
mod mines_faults;
mod parchi_faults;
mod rg_wallet;
mod round_table;
mod sports_live_list;
mod sports_stale_feed;
mod sports_stream;
mod table_patience;
mod wallet_ledger;
mod withdrawal_outcome;
