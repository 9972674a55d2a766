//! The wing's tests: each variant solved twice, the two solvers compared
//! state by state (one test binary, a module per variant).

mod bounded;
mod ranks;
mod three;
mod variants;
