//! Exact zero-sum matrix games (placeholder until it lands).
