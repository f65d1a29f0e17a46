//! Rebuilds the crate when a migration is added or changed, so `sqlx_macros::migrate!` embeds the current set.
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
