//! Titli Par: twelve pictures, one wins each round (see `rules.rs`), played on the shared round table.

pub mod rules;
pub mod wire;

#[cfg(test)]
mod tests;
