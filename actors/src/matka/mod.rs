//! Matka: markets on a schedule, bids on digits, jodis, pannas and sangams, results declared by an operator or
//! drawn from committed seeds. Pure rules in `rules.rs`.

pub mod rules;

#[cfg(test)]
mod tests;
