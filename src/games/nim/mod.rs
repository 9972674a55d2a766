//! The `nim` game (placeholder until its module lands).
