//! The `stones` game (placeholder until its module lands).
