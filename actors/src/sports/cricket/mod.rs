//! Simulated T20 cricket, pure: the ball model (`model.rs`), the exact win probabilities it implies (`win.rs`),
//! teams and players (`squads.rs`), a whole match ball by ball (`game.rs`), the exact distribution of runs at each session's over (`runs.rs`) and the prices
//! it implies (`price.rs`).

pub mod game;
pub mod model;
pub mod price;
pub mod runs;
pub mod squads;
pub mod win;

#[cfg(test)]
mod tests;
