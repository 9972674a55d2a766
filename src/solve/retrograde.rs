//! Retrograde analysis over an indexed state graph (placeholder until it lands).
