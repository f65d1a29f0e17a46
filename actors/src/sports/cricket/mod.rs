//! Simulated T20 cricket: the ball model (`model.rs`) and the exact win probabilities it implies (`win.rs`), both pure.

pub mod model;
pub mod win;

#[cfg(test)]
mod tests;
