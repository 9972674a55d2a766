//! One module per game: rules, a naive solver and an optimized solver, each in
//! its own file. See the crate docs for the table game → document → solvers.

pub mod geister;
pub mod memory;
pub mod nim;
pub mod stones;
pub mod yen;
