//! The `geister` game (placeholder until its module lands).
