//! Our Gambit files read back and solved (SPEC.md, "Peers: Gambit and
//! OpenSpiel"; claim YEN-904): a reader of the two formats
//! [`super::gambit`] writes, written apart from the writer from Gambit's
//! description of the formats, and a solver of what was read with the
//! exact LP ([`crate::solve::matrix_game`]). A payoff written wrong shows as
//! a leaf that is not zero-sum or as a value that is not the DP's; only the
//! peers' own tests read B's payoffs otherwise.
//!
//! - `.efg` ("EFG 2 R"): a tree in prefix order, `p` player nodes (name,
//!   player, information set, its name, `{ actions }`, outcome) followed by
//!   one subtree per action, `t` terminal nodes (name, outcome, its name,
//!   `{ payoffs }`). [`solve_efg`] solves a tree of simultaneous rounds:
//!   every node of player 1 has children of player 2 that form one
//!   information set of their own (player 2 bets without seeing player 1's
//!   bet, and sees every earlier round), so each such node is a matrix game
//!   over the values of its grandchildren, solved from the leaves up — the
//!   value of the zero-sum game the tree is when its leaves are zero-sum.
//! - `.nfg` ("NFG 1 R", outcome form): the strategies of each player, the
//!   outcomes `{ "name" payoffs }`, then one outcome number per profile,
//!   player 1's strategy changing fastest.

use crate::solve::exact::parse_ratio;
use crate::solve::matrix_game::solve_value;
use num_rational::BigRational;
use num_traits::Zero;
use std::collections::HashMap;
use std::fmt;

/// Why a file is not read or not solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// The text is not the format: what was expected, and what came (or
    /// the end of the file).
    Syntax {
        /// What the reader expected.
        expected: &'static str,
        /// What it found.
        found: String,
    },
    /// The file is well formed but not a game this module solves, or its
    /// parts contradict each other (an information set with two action
    /// lists, an outcome with two payoff lists).
    Structure(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Syntax { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            ReadError::Structure(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for ReadError {}

/// A token of either format.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Open,
    Close,
    Text(String),
    Word(String),
}

/// The tokens of `text`: braces, quoted strings (with `\"` and `\\`
/// escapes), and words; blanks and commas separate them.
fn tokens(text: &str) -> Result<Vec<Token>, ReadError> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        match c {
            c if c.is_whitespace() || c == ',' => {
                chars.next();
            }
            '{' | '}' => {
                chars.next();
                out.push(if c == '{' { Token::Open } else { Token::Close });
            }
            '"' => {
                chars.next();
                let mut s = String::new();
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => s.extend(chars.next()),
                        Some(c) => s.push(c),
                        None => {
                            return Err(ReadError::Syntax {
                                expected: "a closing quote",
                                found: "the end".into(),
                            })
                        }
                    }
                }
                out.push(Token::Text(s));
            }
            _ => {
                let mut w = String::new();
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() || matches!(c, ',' | '{' | '}' | '"') {
                        break;
                    }
                    w.push(c);
                    chars.next();
                }
                out.push(Token::Word(w));
            }
        }
    }
    Ok(out)
}

/// A cursor over the tokens.
struct Reader {
    tokens: Vec<Token>,
    at: usize,
}

impl Reader {
    fn new(text: &str) -> Result<Reader, ReadError> {
        Ok(Reader {
            tokens: tokens(text)?,
            at: 0,
        })
    }

    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn found(&self) -> String {
        self.peek().map_or("the end".into(), |t| format!("{t:?}"))
    }

    fn next(&mut self, expected: &'static str) -> Result<Token, ReadError> {
        let t = self.peek().cloned().ok_or(ReadError::Syntax {
            expected,
            found: "the end".into(),
        })?;
        self.at += 1;
        Ok(t)
    }

    fn word(&mut self, expected: &'static str) -> Result<String, ReadError> {
        match self.next(expected)? {
            Token::Word(w) => Ok(w),
            t => Err(ReadError::Syntax {
                expected,
                found: format!("{t:?}"),
            }),
        }
    }

    fn literal(&mut self, word: &'static str) -> Result<(), ReadError> {
        match self.next(word)? {
            Token::Word(w) if w == word => Ok(()),
            t => Err(ReadError::Syntax {
                expected: word,
                found: format!("{t:?}"),
            }),
        }
    }

    fn text(&mut self, expected: &'static str) -> Result<String, ReadError> {
        match self.next(expected)? {
            Token::Text(s) => Ok(s),
            t => Err(ReadError::Syntax {
                expected,
                found: format!("{t:?}"),
            }),
        }
    }

    fn number(&mut self, expected: &'static str) -> Result<u64, ReadError> {
        let w = self.word(expected)?;
        w.parse()
            .map_err(|_| ReadError::Syntax { expected, found: w })
    }

    fn open(&mut self) -> Result<(), ReadError> {
        match self.next("`{`")? {
            Token::Open => Ok(()),
            t => Err(ReadError::Syntax {
                expected: "`{`",
                found: format!("{t:?}"),
            }),
        }
    }

    /// `{ "a" "b" … }`.
    fn texts(&mut self) -> Result<Vec<String>, ReadError> {
        self.open()?;
        let mut out = Vec::new();
        loop {
            match self.next("a quoted label or `}`")? {
                Token::Close => return Ok(out),
                Token::Text(s) => out.push(s),
                t => {
                    return Err(ReadError::Syntax {
                        expected: "a quoted label or `}`",
                        found: format!("{t:?}"),
                    })
                }
            }
        }
    }

    /// `{ p q … }`: exact numbers (`p` or `p/q`).
    fn numbers(&mut self) -> Result<Vec<BigRational>, ReadError> {
        self.open()?;
        let mut out = Vec::new();
        loop {
            match self.next("a payoff or `}`")? {
                Token::Close => return Ok(out),
                Token::Word(w) => out.push(parse_ratio(&w).map_err(|_| ReadError::Syntax {
                    expected: "an exact payoff",
                    found: w,
                })?),
                t => {
                    return Err(ReadError::Syntax {
                        expected: "a payoff or `}`",
                        found: format!("{t:?}"),
                    })
                }
            }
        }
    }

    /// The file's header: `KIND VERSION R "title" { players }` and the
    /// optional comment.
    fn header(&mut self, kind: &'static str, version: &'static str) -> Result<usize, ReadError> {
        self.literal(kind)?;
        self.literal(version)?;
        self.literal("R")?;
        self.text("the title")?;
        let players = self.texts()?.len();
        if players != 2 {
            return Err(ReadError::Structure(format!("{players} players, not 2")));
        }
        Ok(players)
    }

    fn end(&self) -> Result<(), ReadError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(ReadError::Syntax {
                expected: "the end of the file",
                found: self.found(),
            }),
        }
    }
}

/// A node of a game tree as the `.efg` file gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EfgNode {
    /// A move of `player` (1 or 2) at information set `infoset`: one child
    /// per action, in order.
    Move {
        /// 1 or 2.
        player: u8,
        /// The player's information set number.
        infoset: u64,
        /// The children, one per action of the set.
        children: Vec<EfgNode>,
    },
    /// The end of a play: each player's payoff.
    Leaf {
        /// Player 1's and player 2's payoffs.
        payoffs: [BigRational; 2],
    },
}

/// Reads a two-player `.efg` file without chance nodes.
///
/// # Errors
/// [`ReadError`] on text that is not such a file, on an information set
/// whose nodes list different actions, on an outcome given two payoff
/// lists, or on a leaf whose outcome has no payoffs.
pub fn read_efg(text: &str) -> Result<EfgNode, ReadError> {
    let mut r = Reader::new(text)?;
    r.header("EFG", "2")?;
    if let Some(Token::Text(_)) = r.peek() {
        r.text("the comment")?;
    }
    let mut sets: HashMap<(u8, u64), Vec<String>> = HashMap::new();
    let mut outcomes: HashMap<u64, [BigRational; 2]> = HashMap::new();
    let root = efg_node(&mut r, &mut sets, &mut outcomes, 0)?;
    r.end()?;
    Ok(root)
}

/// The outcome `number`: its payoffs if the file gives them here (then
/// the same as wherever else it gives them), else as given before.
fn outcome(
    r: &mut Reader,
    number: u64,
    outcomes: &mut HashMap<u64, [BigRational; 2]>,
) -> Result<Option<[BigRational; 2]>, ReadError> {
    if number == 0 {
        return Ok(None);
    }
    if let Some(Token::Text(_)) = r.peek() {
        r.text("the outcome's name")?;
        let payoffs: [BigRational; 2] = r.numbers()?.try_into().map_err(|p: Vec<_>| {
            ReadError::Structure(format!("outcome {number} has {} payoffs, not 2", p.len()))
        })?;
        if let Some(before) = outcomes.insert(number, payoffs.clone()) {
            if before != payoffs {
                return Err(ReadError::Structure(format!(
                    "outcome {number} is given two payoff lists"
                )));
            }
        }
        return Ok(Some(payoffs));
    }
    outcomes
        .get(&number)
        .cloned()
        .map(Some)
        .ok_or_else(|| ReadError::Structure(format!("outcome {number} has no payoffs")))
}

fn efg_node(
    r: &mut Reader,
    sets: &mut HashMap<(u8, u64), Vec<String>>,
    outcomes: &mut HashMap<u64, [BigRational; 2]>,
    depth: usize,
) -> Result<EfgNode, ReadError> {
    if depth > 10_000 {
        return Err(ReadError::Structure("a tree deeper than 10,000".into()));
    }
    match r.word("a node (`p`, `t`)")?.as_str() {
        "t" => {
            r.text("the node's name")?;
            let number = r.number("an outcome number")?;
            let payoffs = outcome(r, number, outcomes)?
                .ok_or_else(|| ReadError::Structure("a leaf without an outcome".into()))?;
            Ok(EfgNode::Leaf { payoffs })
        }
        "p" => {
            r.text("the node's name")?;
            let player = match r.number("a player")? {
                1 => 1,
                2 => 2,
                p => return Err(ReadError::Structure(format!("player {p} of 2"))),
            };
            let infoset = r.number("an information set")?;
            if let Some(Token::Text(_)) = r.peek() {
                r.text("the set's name")?;
            }
            let actions = r.texts()?;
            let before = sets
                .entry((player, infoset))
                .or_insert_with(|| actions.clone());
            if *before != actions {
                return Err(ReadError::Structure(format!(
                    "information set {infoset} of player {player} has two action lists"
                )));
            }
            let number = r.number("an outcome number")?;
            if outcome(r, number, outcomes)?.is_some() {
                return Err(ReadError::Structure(
                    "a payoff at a move, not at a leaf".into(),
                ));
            }
            let children = (0..actions.len())
                .map(|_| efg_node(r, sets, outcomes, depth + 1))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(EfgNode::Move {
                player,
                infoset,
                children,
            })
        }
        other => Err(ReadError::Structure(format!(
            "a node of kind `{other}` (chance nodes are not read)"
        ))),
    }
}

/// What [`solve_efg`] and [`solve_nfg`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// The value to player 1 of the game of player 1's payoffs.
    pub value_1: BigRational,
    /// The value to player 2 of the game of player 2's payoffs.
    pub value_2: BigRational,
    /// Leaves (or cells) read.
    pub leaves: usize,
    /// Of them, those whose payoffs do not sum to 0.
    pub not_zero_sum: usize,
}

/// Solves a tree of simultaneous rounds (module docs) twice: by player
/// 1's payoffs with player 1 maximising, and by player 2's with player 2
/// maximising.
///
/// # Errors
/// [`ReadError::Structure`] if the tree is not one of simultaneous rounds:
/// player 2 moving first in a round, or a set of player 2 spread over the
/// children of two nodes of player 1.
pub fn solve_efg(root: &EfgNode) -> Result<Solved, ReadError> {
    let mut walk = Walk {
        owners: HashMap::new(),
        rounds: 0,
        leaves: 0,
        not_zero_sum: 0,
    };
    let (value_1, value_2) = walk.value(root)?;
    Ok(Solved {
        value_1,
        value_2,
        leaves: walk.leaves,
        not_zero_sum: walk.not_zero_sum,
    })
}

/// The solve of a tree: which of player 1's nodes owns each set of player
/// 2 (numbered in the order met), and the leaves seen.
struct Walk {
    owners: HashMap<u64, usize>,
    rounds: usize,
    leaves: usize,
    not_zero_sum: usize,
}

impl Walk {
    /// The values (to player 1, to player 2) of `node`.
    fn value(&mut self, node: &EfgNode) -> Result<(BigRational, BigRational), ReadError> {
        let children = match node {
            EfgNode::Leaf { payoffs: [p1, p2] } => {
                self.leaves += 1;
                if !(p1 + p2).is_zero() {
                    self.not_zero_sum += 1;
                }
                return Ok((p1.clone(), p2.clone()));
            }
            EfgNode::Move { player: 2, .. } => {
                return Err(ReadError::Structure(
                    "player 2 moves before player 1 in a round".into(),
                ))
            }
            EfgNode::Move { children, .. } => children,
        };
        // This node's number among player 1's nodes, the owner of its
        // children's set.
        self.rounds += 1;
        let me = self.rounds;
        let mut rows_1 = Vec::new();
        let mut rows_2 = Vec::new();
        for child in children {
            let EfgNode::Move {
                player: 2,
                infoset,
                children: replies,
            } = child
            else {
                return Err(ReadError::Structure(
                    "player 1's move is not followed by player 2's".into(),
                ));
            };
            if *self.owners.entry(*infoset).or_insert(me) != me {
                return Err(ReadError::Structure(format!(
                    "player 2's set {infoset} spans two rounds or two histories"
                )));
            }
            let mut row_1 = Vec::new();
            let mut row_2 = Vec::new();
            for reply in replies {
                let (v1, v2) = self.value(reply)?;
                row_1.push(v1);
                row_2.push(v2);
            }
            rows_1.push(row_1);
            rows_2.push(row_2);
        }
        if rows_1.is_empty() || rows_1[0].is_empty() {
            return Err(ReadError::Structure("a move without actions".into()));
        }
        // Player 2 maximises its own payoffs: the rows of its game are its
        // actions.
        let columns = rows_2[0].len();
        let transposed: Vec<Vec<BigRational>> = (0..columns)
            .map(|j| rows_2.iter().map(|row| row[j].clone()).collect())
            .collect();
        Ok((solve_value(&rows_1), solve_value(&transposed)))
    }
}

/// A strategic-form game as the `.nfg` file gives it: each player's
/// strategy labels and the payoffs of each profile, `payoffs[i][j]` for
/// player 1's strategy i against player 2's j.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nfg {
    /// Player 1's strategies.
    pub rows: Vec<String>,
    /// Player 2's strategies.
    pub columns: Vec<String>,
    /// Each profile's payoffs (player 1's, player 2's).
    pub payoffs: Vec<Vec<[BigRational; 2]>>,
}

/// Reads a two-player `.nfg` file in outcome form.
///
/// # Errors
/// [`ReadError`] on text that is not such a file, on a profile without an
/// outcome or naming one that is not there.
pub fn read_nfg(text: &str) -> Result<Nfg, ReadError> {
    let mut r = Reader::new(text)?;
    r.header("NFG", "1")?;
    r.open()?;
    let rows = r.texts()?;
    let columns = r.texts()?;
    match r.next("`}`")? {
        Token::Close => {}
        t => {
            return Err(ReadError::Syntax {
                expected: "`}` after the strategies",
                found: format!("{t:?}"),
            })
        }
    }
    if let Some(Token::Text(_)) = r.peek() {
        r.text("the comment")?;
    }
    r.open()?;
    let mut outcomes: Vec<[BigRational; 2]> = Vec::new();
    while r.peek() == Some(&Token::Open) {
        r.open()?;
        r.text("the outcome's name")?;
        let mut payoffs = Vec::new();
        loop {
            match r.next("a payoff or `}`")? {
                Token::Close => break,
                Token::Word(w) => payoffs.push(parse_ratio(&w).map_err(|_| ReadError::Syntax {
                    expected: "an exact payoff",
                    found: w,
                })?),
                t => {
                    return Err(ReadError::Syntax {
                        expected: "a payoff or `}`",
                        found: format!("{t:?}"),
                    })
                }
            }
        }
        let pair: [BigRational; 2] = payoffs.try_into().map_err(|p: Vec<_>| {
            ReadError::Structure(format!("an outcome with {} payoffs, not 2", p.len()))
        })?;
        outcomes.push(pair);
    }
    match r.next("`}` after the outcomes")? {
        Token::Close => {}
        t => {
            return Err(ReadError::Syntax {
                expected: "`}` after the outcomes",
                found: format!("{t:?}"),
            })
        }
    }
    let mut payoffs = vec![Vec::with_capacity(columns.len()); rows.len()];
    for _j in 0..columns.len() {
        for row in &mut payoffs {
            let k = r.number("an outcome number")?;
            let pair = usize::try_from(k)
                .ok()
                .and_then(|k| k.checked_sub(1))
                .and_then(|k| outcomes.get(k))
                .ok_or_else(|| ReadError::Structure(format!("profile outcome {k} is not there")))?;
            row.push(pair.clone());
        }
    }
    r.end()?;
    Ok(Nfg {
        rows,
        columns,
        payoffs,
    })
}

/// Solves a strategic-form game twice, as [`solve_efg`]: by player 1's
/// payoffs and by player 2's.
///
/// # Errors
/// [`ReadError::Structure`] for a game without strategies.
pub fn solve_nfg(game: &Nfg) -> Result<Solved, ReadError> {
    if game.rows.is_empty() || game.columns.is_empty() {
        return Err(ReadError::Structure("a player without strategies".into()));
    }
    let p1: Vec<Vec<BigRational>> = game
        .payoffs
        .iter()
        .map(|row| row.iter().map(|[a, _]| a.clone()).collect())
        .collect();
    let p2: Vec<Vec<BigRational>> = (0..game.columns.len())
        .map(|j| game.payoffs.iter().map(|row| row[j][1].clone()).collect())
        .collect();
    let cells = game.rows.len() * game.columns.len();
    let not_zero_sum = game
        .payoffs
        .iter()
        .flatten()
        .filter(|[a, b]| !(a + b).is_zero())
        .count();
    Ok(Solved {
        value_1: solve_value(&p1),
        value_2: solve_value(&p2),
        leaves: cells,
        not_zero_sum,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::yen::gambit::{stage_states, write_efg_from, write_nfg, StageGame};
    use crate::games::yen::optimized::ExactDp;
    use crate::games::yen::rules::{Rules, State};
    use crate::solve::exact::ratio;

    /// Every stage state of T = 3, R = 3: the `.efg` of the rest of the
    /// match and the `.nfg` of its stage game read back, every leaf
    /// zero-sum, and both players' values the DP's.
    #[test]
    fn our_files_read_back_to_the_dp_values_with_zero_sum_leaves() {
        let rules = Rules {
            total: 3,
            rounds: 3,
        };
        let mut solver = ExactDp::new();
        let mut nonzero = 0;
        for state in stage_states(rules) {
            let value = solver.value(state);
            nonzero += usize::from(!value.is_zero());
            let mut efg = Vec::new();
            write_efg_from(rules, state, &mut efg).unwrap();
            let tree = read_efg(std::str::from_utf8(&efg).unwrap()).unwrap();
            let solved = solve_efg(&tree).unwrap();
            assert_eq!(solved.not_zero_sum, 0, "{state}");
            assert_eq!(solved.value_1, value, "{state}");
            assert_eq!(solved.value_2, -&value, "{state}");
            let mut nfg = Vec::new();
            write_nfg(rules, &StageGame::of(&mut solver, state), &mut nfg).unwrap();
            let game = read_nfg(std::str::from_utf8(&nfg).unwrap()).unwrap();
            let solved = solve_nfg(&game).unwrap();
            assert_eq!(solved.not_zero_sum, 0, "{state}");
            assert_eq!(
                (solved.value_1, solved.value_2),
                (value.clone(), -value),
                "{state}"
            );
        }
        assert!(nonzero > 10, "the values compared are not all 0");
        let _ = State::start(rules);
    }

    #[test]
    fn a_leaf_that_is_not_zero_sum_and_a_wrong_set_are_seen() {
        // Matching pennies as a tree of one round, B's payoff of one leaf
        // written wrong.
        let text = "EFG 2 R \"t\" { \"A\" \"B\" }\n\
            p \"\" 1 1 \"\" { \"h\" \"t\" } 0\n\
            p \"\" 2 1 \"\" { \"h\" \"t\" } 0\n\
            t \"\" 1 \"A\" { 1, -1 }\n\
            t \"\" 2 \"B\" { -1, 1 }\n\
            p \"\" 2 1 \"\" { \"h\" \"t\" } 0\n\
            t \"\" 2 \"B\" { -1 1 }\n\
            t \"\" 3 \"A\" { 1, -2 }\n";
        let solved = solve_efg(&read_efg(text).unwrap()).unwrap();
        assert_eq!(solved.value_1, ratio(0, 1));
        assert_eq!((solved.leaves, solved.not_zero_sum), (4, 1));
        let spread = "EFG 2 R \"t\" { \"A\" \"B\" }\n\
            p \"\" 1 1 \"\" { \"x\" } 0\n\
            p \"\" 2 1 \"\" { \"y\" } 0\n\
            p \"\" 1 2 \"\" { \"x\" } 0\n\
            p \"\" 2 1 \"\" { \"y\" } 0\n\
            t \"\" 1 \"d\" { 0, 0 }\n";
        assert!(matches!(
            solve_efg(&read_efg(spread).unwrap()),
            Err(ReadError::Structure(_))
        ));
        // Two payoff lists for one outcome.
        let twice = text.replace("{ -1 1 }", "{ -1, 2 }");
        assert!(matches!(read_efg(&twice), Err(ReadError::Structure(_))));
        assert!(matches!(
            read_efg("EFG 2 R \"t\" { \"A\" \"B\" } p"),
            Err(ReadError::Syntax { .. })
        ));
    }
}
