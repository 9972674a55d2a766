//! The `memory` game (placeholder until its module lands).
