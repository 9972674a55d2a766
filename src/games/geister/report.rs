//! What the paper reports for an analysis: the number of positions, the
//! counts of values +1 / 0 / −1, the distance distribution of the +1
//! positions (Table 1) and the values of the start positions.

use super::naive;
use super::optimized::Table;
use serde::Serialize;
use std::collections::BTreeMap;

/// Value and distance of one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// +1, 0 or −1.
    pub value: i8,
    /// Distance (手数); 0 when the value is 0.
    pub distance: u16,
}

/// The summary of one solved analysis.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Analysis name.
    pub analysis: &'static str,
    /// Number of positions.
    pub states: usize,
    /// Positions with value +1, 0, −1.
    pub values: [usize; 3],
    /// Distance → number of +1 positions at that distance.
    pub distances: BTreeMap<u16, usize>,
    /// The start positions: player 1 to move, player 2 to move.
    pub initial: [Entry; 2],
}

impl Report {
    /// Counts the values (+1, 0, −1) and distances of `entries`.
    fn build(
        analysis: &'static str,
        entries: impl Iterator<Item = (i8, u16)>,
        initial: [Entry; 2],
    ) -> Report {
        let mut values = [0usize; 3];
        let mut distances = BTreeMap::new();
        let mut states = 0;
        for (v, d) in entries {
            states += 1;
            match v {
                1 => {
                    values[0] += 1;
                    *distances.entry(d).or_insert(0) += 1;
                }
                0 => values[1] += 1,
                _ => values[2] += 1,
            }
        }
        Report {
            analysis,
            states,
            values,
            distances,
            initial,
        }
    }

    /// The report of the optimized solver's table.
    #[must_use]
    pub fn of(table: &Table) -> Report {
        let s = &table.solution;
        // The worst start for player 1 (several only where a random choice
        // is made at the start); among equals the longest.
        let initial = table.kind.initial().map(|starts| {
            starts
                .iter()
                .map(|p| {
                    let (v, d) = table.get(p).expect("start position covered");
                    Entry {
                        value: v.sign(),
                        distance: d,
                    }
                })
                .min_by_key(|e| (e.value, std::cmp::Reverse(e.distance)))
                .expect("at least one start position")
        });
        Report::build(
            table.kind.name(),
            s.values
                .iter()
                .map(|v| v.sign())
                .zip(s.distances.iter().copied()),
            initial,
        )
    }

    /// The report of the naive solver's table: its own positions, values
    /// and start positions.
    #[must_use]
    pub fn of_naive(table: &naive::Table) -> Report {
        let initial = table.starts().map(|(v, d)| Entry {
            value: v.sign(),
            distance: d,
        });
        Report::build(
            table.analysis.name(),
            table.iter().map(|(_, v, d)| (v.sign(), d)),
            initial,
        )
    }

    /// Table 1's row: the counts at distances 1, 2, …, space-separated.
    #[must_use]
    pub fn distance_row(&self) -> String {
        let max = self.distances.keys().max().copied().unwrap_or(0);
        (1..=max)
            .map(|d| self.distances.get(&d).copied().unwrap_or(0).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The JSON object of the CLI (`--json`).
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        let init = |e: &Entry| serde_json::json!({"value": e.value, "distance": e.distance});
        let distances: serde_json::Map<String, serde_json::Value> = self
            .distances
            .iter()
            .map(|(d, n)| (d.to_string(), serde_json::json!(n)))
            .collect();
        serde_json::json!({
            "analysis": self.analysis,
            "states": self.states,
            "values": {"1": self.values[0], "0": self.values[1], "-1": self.values[2]},
            "distances": distances,
            "initial": {
                "first_to_move": init(&self.initial[0]),
                "second_to_move": init(&self.initial[1]),
            },
        })
    }
}
