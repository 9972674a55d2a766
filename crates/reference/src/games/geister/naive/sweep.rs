//! Depth-bounded value iteration: repeated full sweeps over the positions of
//! an analysis until a sweep decides nothing.
//!
//! Sweep d reads only what sweeps 1 … d−1 decided. A position of player 1
//! is decided [`Value::Reached`] in sweep d when one of its moves is known
//! to reach the goal (a move ending with `Reached`, or leading to a position
//! decided `Reached`), and [`Value::Prevented`] when every move is known to
//! be prevented; player 2's positions the other way round. A move ending
//! with [`Value::Neither`] is never known. The sweep that decides a position
//! is its distance (手数): 1 + the smallest distance among the deciding
//! moves of the side that wins, 1 + the largest among all moves of the side
//! that loses, a move that ends the analysis counting 0. A player with no
//! move at all loses in sweep 1 (pass is not legal, §1).

use super::analyses::{Analysis, Move, Value};
use super::board::Position;
use super::Solved;
use rayon::prelude::*;

/// The value and distance of every position of one analysis.
#[derive(Debug, Clone)]
pub struct Table {
    /// Which analysis.
    pub analysis: Analysis,
    /// Every position of the analysis, in the order of their
    /// [`Position::key`]s.
    positions: Vec<Position>,
    /// The keys of `positions`, in the same (increasing) order: a
    /// position's number is the place of its key here.
    number: Numbering,
    /// Value and distance of `positions[i]` (distance 0 when the value is
    /// [`Value::Neither`]).
    results: Vec<(Value, u16)>,
}

impl Table {
    /// Number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the analysis has no position (never).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Value and distance of `p`, if it is a position of the analysis.
    #[must_use]
    pub fn get(&self, p: &Position) -> Option<(Value, u16)> {
        self.number.of(p.key()).map(|i| self.results[i as usize])
    }

    /// [`Table::get`] of each of `positions`, in their order. The look-ups
    /// are made in increasing key order (the keys sorted with their places,
    /// in parallel) and the answers put back in place: a whole table asked
    /// in another order (the face's index order) made every binary search
    /// a cache miss, where in key order consecutive searches read
    /// neighbouring keys. The answers are those of [`Table::get`].
    #[must_use]
    /// The positions come as a parallel iterator, so that only their keys
    /// are kept (8 bytes each, not the board).
    pub fn get_each(
        &self,
        positions: impl IndexedParallelIterator<Item = Position>,
    ) -> Vec<Option<(Value, u16)>> {
        let mut order: Vec<(u64, u32)> = positions
            .enumerate()
            .map(|(i, p)| {
                (
                    p.key(),
                    u32::try_from(i).expect("fewer than 2^32 positions"),
                )
            })
            .collect();
        order.par_sort_unstable();
        let found: Vec<Option<(Value, u16)>> = order
            .par_iter()
            .map(|&(key, _)| self.number.of(key).map(|i| self.results[i as usize]))
            .collect();
        let mut answers = vec![None; order.len()];
        for (&(_, place), answer) in order.iter().zip(found) {
            answers[place as usize] = answer;
        }
        answers
    }

    /// Every position with its value and distance, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&Position, Value, u16)> {
        self.positions
            .iter()
            .zip(&self.results)
            .map(|(p, &(v, d))| (p, v, d))
    }

    /// The values the paper reports for the start positions, player 1 to
    /// move first: the worst for player 1 among
    /// [`Analysis::starts`], among equals the longest.
    ///
    /// # Panics
    /// If a start position is not a position of the analysis.
    #[must_use]
    pub fn starts(&self) -> [(Value, u16); 2] {
        ["1", "2"].map(|side| {
            self.analysis
                .starts()
                .iter()
                .map(|pieces| {
                    let p: Position = format!("{pieces} {side}").parse().expect("start notation");
                    self.get(&p).expect("start position in the table")
                })
                .min_by_key(|&(v, d)| (v.sign(), std::cmp::Reverse(d)))
                .expect("at least one start position")
        })
    }
}

/// Positions numbered by their place in the increasing list of their keys
/// ([`Position::key`]): a position's number is found by binary search of its
/// key. To shorten the search, `first[h]` is the place of the first key
/// whose top bits (`key >> SHIFT`) are at least `h`, so the keys with top
/// bits `h` are `keys[first[h]..first[h + 1]]`.
///
/// A dense number instead of a hash map: the sweeps read `Vec`s indexed by
/// it, the keys take 8 bytes a position (the map about 30), and the look-ups
/// of neighbouring positions' moves touch neighbouring keys (positions in
/// key order differ mostly in their last cells), where a hash scatters them
/// over the whole table — the look-ups were most of the sweeps' time.
#[derive(Debug, Clone)]
struct Numbering {
    keys: Vec<u64>,
    first: Vec<u32>,
}

impl Numbering {
    /// Keys are below 2^49 (the side to move, then 16 cells of 3 bits);
    /// the top 17 bits index `first` (2^17 + 1 entries, 512 KB).
    const SHIFT: u32 = 32;

    /// Numbers `keys`, which must be strictly increasing.
    fn new(keys: Vec<u64>) -> Numbering {
        assert!(
            keys.windows(2).all(|w| w[0] < w[1]),
            "keys listed in increasing order, each once"
        );
        assert!(keys.iter().all(|&k| k < 1 << 49), "49-bit keys");
        let buckets = 1usize << (49 - Self::SHIFT);
        let mut first = Vec::with_capacity(buckets + 1);
        let mut at = 0usize;
        for h in 0..=buckets as u64 {
            while at < keys.len() && keys[at] >> Self::SHIFT < h {
                at += 1;
            }
            first.push(u32::try_from(at).expect("fewer than 2^32 positions"));
        }
        Numbering { keys, first }
    }

    /// The number of the position with key `key`, if there is one.
    fn of(&self, key: u64) -> Option<u32> {
        let h = usize::try_from(key >> Self::SHIFT).ok()?;
        if h + 1 >= self.first.len() {
            return None;
        }
        let (lo, hi) = (self.first[h] as usize, self.first[h + 1] as usize);
        let place = self.keys[lo..hi].binary_search(&key).ok()?;
        u32::try_from(lo + place).ok()
    }
}

/// An edge of the analysis's graph: a move to the position with that
/// number, or a move that ends the analysis.
#[derive(Debug, Clone, Copy)]
enum Edge {
    To(u32),
    Ends(Value),
}

/// The moves of every position, computed once (the sweeps then only look
/// values up), stored by blocks of [`BLOCK`] positions, each block's moves
/// end to end: the moves of the block's `k`-th position are
/// `edges[ends[k - 1]..ends[k]]` (from 0 for the first). One array a block
/// instead of a vector per position spares millions of small allocations;
/// the blocks are kept as listed (in parallel), not copied into one array.
struct Graph {
    blocks: Vec<(Vec<Edge>, Vec<u32>)>,
}

/// Positions per block of [`Graph`].
const BLOCK: usize = 4096;

impl Graph {
    fn moves(&self, i: usize) -> &[Edge] {
        let (edges, ends) = &self.blocks[i / BLOCK];
        let k = i % BLOCK;
        let start = if k == 0 { 0 } else { ends[k - 1] as usize };
        &edges[start..ends[k] as usize]
    }
}

/// Sweeps `analysis`, reading the analyses it depends on from `solved`.
///
/// # Panics
/// If a move leads out of the analysis's positions, or `solved` lacks an
/// analysis this one reads.
#[must_use]
pub fn sweep(analysis: Analysis, solved: &Solved) -> Table {
    let positions = analysis.positions();
    let number = Numbering::new(positions.par_iter().map(Position::key).collect());
    // Listed in parallel by blocks of positions, each block's moves end to
    // end.
    let blocks: Vec<(Vec<Edge>, Vec<u32>)> = positions
        .par_chunks(BLOCK)
        .map(|block| {
            // About 7 moves a position in `det`: sized so that the block's
            // edges rarely grow (each growth copies them).
            let mut edges = Vec::with_capacity(8 * block.len());
            let mut ends = Vec::with_capacity(block.len());
            let mut moves = Vec::new();
            for p in block {
                moves.clear();
                analysis.moves_into(p, solved, &mut moves);
                for &m in &moves {
                    edges.push(match m {
                        Move::To(q) => Edge::To(number.of(q.key()).unwrap_or_else(|| {
                            panic!(
                                "{}: the move {p} → {q} leaves the analysis",
                                analysis.name()
                            )
                        })),
                        Move::Ends(v) => Edge::Ends(v),
                    });
                }
                ends.push(u32::try_from(edges.len()).expect("fewer than 2^32 moves a block"));
            }
            (edges, ends)
        })
        .collect();
    let graph = Graph { blocks };

    let mut decided: Vec<Option<(Value, u16)>> = vec![None; positions.len()];
    let mut open: Vec<usize> = (0..positions.len()).collect();
    for sweep in 1u16.. {
        let known = |e: &Edge| match *e {
            Edge::Ends(Value::Neither) => None,
            Edge::Ends(v) => Some(v),
            Edge::To(j) => decided[j as usize].map(|(v, _)| v),
        };
        let verdicts: Vec<Option<Value>> = open
            .par_iter()
            .map(|&i| {
                let want = Value::wanted_by(positions[i].to_move);
                let lose = Value::wanted_by(positions[i].to_move.opponent());
                let moves = graph.moves(i);
                if moves.iter().any(|e| known(e) == Some(want)) {
                    Some(want)
                } else if moves.iter().all(|e| known(e) == Some(lose)) {
                    Some(lose)
                } else {
                    None
                }
            })
            .collect();
        let before = open.len();
        let mut still_open = Vec::new();
        for (i, verdict) in open.into_iter().zip(verdicts) {
            match verdict {
                Some(v) => decided[i] = Some((v, sweep)),
                None => still_open.push(i),
            }
        }
        open = still_open;
        if open.len() == before {
            break;
        }
    }
    let results = decided
        .into_iter()
        .map(|d| d.unwrap_or((Value::Neither, 0)))
        .collect();
    Table {
        analysis,
        positions,
        number,
        results,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every listed key is found at its place, every other key is not, also
    /// at the edges of the buckets of `first` and past the last key.
    #[test]
    fn numbering_finds_exactly_the_listed_keys() {
        let step = 1u64 << Numbering::SHIFT;
        let keys: Vec<u64> = vec![
            0,
            1,
            step - 1,
            step,
            3 * step + 5,
            3 * step + 6,
            (1 << 48) + 7,
            (1 << 49) - 1,
        ];
        let numbering = Numbering::new(keys.clone());
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(numbering.of(k), Some(u32::try_from(i).unwrap()), "{k}");
        }
        for k in [
            2,
            step + 1,
            2 * step,
            3 * step + 4,
            3 * step + 7,
            1 << 48,
            1 << 49,
            u64::MAX,
        ] {
            assert_eq!(numbering.of(k), None, "{k}");
        }
    }

    /// `get_each` answers as `get` does, in the order asked: the whole
    /// table backwards, then every seventh position again (asked twice).
    #[test]
    fn get_each_answers_as_get_in_the_order_asked() {
        let table = super::super::solve(Analysis::Basic);
        let mut asked: Vec<Position> = table.positions.iter().rev().copied().collect();
        asked.extend(table.positions.iter().step_by(7).copied());
        let found = table.get_each(asked.par_iter().copied());
        assert_eq!(found.len(), asked.len());
        for (p, f) in asked.iter().zip(&found) {
            assert!(f.is_some(), "{p}");
            assert_eq!(*f, table.get(p), "{p}");
        }
    }

    /// The positions of an analysis are numbered by their place in the list.
    #[test]
    fn every_position_is_found_at_its_place() {
        let table = super::super::solve(Analysis::Basic);
        for (i, p) in table.positions.iter().enumerate() {
            assert_eq!(table.number.of(p.key()), Some(u32::try_from(i).unwrap()));
        }
    }
}
