//! Color Prediction: red, green or blue (see `rules.rs`), played on the shared round table.

pub mod rules;
pub mod wire;

#[cfg(test)]
mod tests;
