//! The `yen` game (placeholder until its module lands).
