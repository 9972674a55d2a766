//! What the paper reports for an analysis: the number of positions, the
//! counts of values +1 / 0 / −1, the distance distribution of the +1
//! positions (Table 1) and the values of the start positions.

use super::naive;
use super::optimized::Table;
use crate::solve::retrograde::Reach;
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
pub struct Census {
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

impl Census {
    /// The report from `for_each_run`, which calls its argument with runs
    /// of values (−1, 0, +1 as [`Reach`]) and distances, each entry of a run
    /// standing for the same number of positions, and from the values of
    /// the start positions, which each solver finds its own way.
    fn build(
        analysis: &'static str,
        for_each_run: impl FnOnce(&mut dyn FnMut(&[Reach], &[u16], usize)),
        initial: [Entry; 2],
    ) -> Census {
        let mut values = [0usize; 3];
        // By distance, then into the map: a map entry per position cost
        // more than the rest of the report.
        let mut by_distance: Vec<usize> = Vec::new();
        let mut states = 0;
        for_each_run(&mut |vs, ds, n| {
            let mut counts = [0usize; 3];
            for (&v, &d) in vs.iter().zip(ds) {
                counts[v as usize] += 1;
                if v == Reach::Goal {
                    let d = usize::from(d);
                    if d >= by_distance.len() {
                        by_distance.resize(d + 1, 0);
                    }
                    by_distance[d] += n;
                }
            }
            // `Reach` is ordered −1, 0, +1; the report lists +1, 0, −1.
            values[0] += n * counts[Reach::Goal as usize];
            values[1] += n * counts[Reach::Undecided as usize];
            values[2] += n * counts[Reach::Prevented as usize];
            states += n * vs.len();
        });
        let distances = by_distance
            .into_iter()
            .enumerate()
            .filter(|&(_, n)| n > 0)
            .map(|(d, n)| (d as u16, n))
            .collect();
        Census {
            analysis,
            states,
            values,
            distances,
            initial,
        }
    }

    /// The report of the optimized solver's table.
    #[must_use]
    pub fn of(table: &Table) -> Census {
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
        Census::build(table.kind.name(), |f| table.for_each_run(f), initial)
    }

    /// The report of the naive solver's table: its own positions, values
    /// and start positions.
    #[must_use]
    pub fn of_naive(table: &naive::Table) -> Census {
        let initial = table.starts().map(|(v, d)| Entry {
            value: v.sign(),
            distance: d,
        });
        // The naive model's values are its own; the report counts them as
        // signs, one position per entry.
        let reach = |sign: i8| match sign {
            1 => Reach::Goal,
            0 => Reach::Undecided,
            _ => Reach::Prevented,
        };
        Census::build(
            table.analysis.name(),
            |f| {
                for (_, v, d) in table.iter() {
                    f(&[reach(v.sign())], &[d], 1);
                }
            },
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
