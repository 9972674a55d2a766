//! The wing's tests: the certified intervals against the exact DP, the
//! certificates against their verifier, checkpoints against runs never
//! stopped (one test binary, a module each).

mod certificate;
mod certified;
mod checkpoint;
mod common;
