//! The board of document 003 §1, written out plainly: sixteen squares a1 … d4,
//! two players, pieces that are blue, red or purple, steps to the four
//! neighbouring squares, and the position notation.
//!
//! 「4×4 の盤面を使い…盤面の各マスには一つの駒しか占有できない」: a position is a 4×4
//! array of cells, each empty or holding one piece.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

/// One of the two players. Player 1 starts on b1, c1 (rank 1), player 2 on
/// b4, c4 (rank 4) (§1, Fig. 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Player 1, the side whose goal every analysis checks.
    One,
    /// Player 2.
    Two,
}

impl Player {
    /// The other player.
    #[must_use]
    pub fn opponent(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// The squares this player's blue piece may leave the board from (§1:
    /// 「脱出マス (プレイヤー1は図1の a4, d4, プレイヤ2は図1の a1, d1)」): the two
    /// corners of the opponent's home rank.
    #[must_use]
    pub fn escape_squares(self) -> [Square; 2] {
        let far_rank = match self {
            Player::One => 3,
            Player::Two => 0,
        };
        [
            Square {
                file: 0,
                rank: far_rank,
            },
            Square {
                file: 3,
                rank: far_rank,
            },
        ]
    }
}

/// A piece's colour as the analysing player 1 treats it: blue, red, or
/// purple — a colour player 1 does not know or deliberately does not look at
/// (§1 「色がわからない駒を…紫駒で表現する」, §2 「自分の駒の色も未知であるとして」).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// A blue (good) piece.
    Blue,
    /// A red (bad) piece.
    Red,
    /// A piece whose colour player 1 does not use.
    Purple,
}

/// A piece on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece it is.
    pub owner: Player,
    /// Its colour.
    pub colour: Colour,
}

/// A square: file a–d (0–3) and rank 1–4 (0–3). Rank 1 is player 1's home
/// rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// 0 for file a … 3 for file d.
    pub file: u8,
    /// 0 for rank 1 … 3 for rank 4.
    pub rank: u8,
}

impl Square {
    /// All sixteen squares, rank by rank: a1, b1, c1, d1, a2, … d4.
    #[must_use]
    pub fn all() -> [Square; 16] {
        std::array::from_fn(|i| Square {
            file: (i % 4) as u8,
            rank: (i / 4) as u8,
        })
    }

    /// The square one step up, down, left or right, where that is on the
    /// board (§1 「上下左右に1駒動かす」).
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        // An iterator, not a `Vec`: the sweeps ask for the neighbours of
        // every piece of millions of positions.
        let (file, rank) = (i32::from(self.file), i32::from(self.rank));
        [(0, 1), (0, -1), (-1, 0), (1, 0)]
            .into_iter()
            .filter_map(move |(df, dr)| {
                let (f, r) = (file + df, rank + dr);
                ((0..4).contains(&f) && (0..4).contains(&r)).then_some(Square {
                    file: f as u8,
                    rank: r as u8,
                })
            })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file), self.rank + 1)
    }
}

impl FromStr for Square {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Square, NotationError> {
        let mut chars = text.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(file @ 'a'..='d'), Some(rank @ '1'..='4'), None) => Ok(Square {
                file: file as u8 - b'a',
                rank: rank as u8 - b'1',
            }),
            _ => Err(NotationError::NotASquare {
                text: text.to_string(),
            }),
        }
    }
}

/// One piece moving to a neighbouring square, maybe capturing (§1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
    /// The opponent's piece standing on `to`, taken off the board.
    pub captured: Option<Piece>,
}

/// A position: the sixteen cells and the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    /// `cells[rank][file]`.
    cells: [[Option<Piece>; 4]; 4],
    /// Whose move it is.
    pub to_move: Player,
}

impl Position {
    /// An empty board.
    #[must_use]
    pub fn empty(to_move: Player) -> Position {
        Position {
            cells: [[None; 4]; 4],
            to_move,
        }
    }

    /// What stands on `square`.
    #[must_use]
    pub fn at(&self, square: Square) -> Option<Piece> {
        self.cells[usize::from(square.rank)][usize::from(square.file)]
    }

    /// Puts `piece` (or nothing) on `square`.
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        self.cells[usize::from(square.rank)][usize::from(square.file)] = piece;
    }

    /// The squares and colours of `player`'s pieces, a1 … d4.
    #[must_use]
    pub fn pieces_of(&self, player: Player) -> Vec<(Square, Colour)> {
        Square::all()
            .into_iter()
            .filter_map(|s| match self.at(s) {
                Some(piece) if piece.owner == player => Some((s, piece.colour)),
                _ => None,
            })
            .collect()
    }

    /// How many pieces of `colour` `player` has.
    #[must_use]
    pub fn count(&self, player: Player, colour: Colour) -> usize {
        // Cell by cell, without `pieces_of`'s `Vec`: the captures of every
        // position of the sweeps ask.
        let piece = Piece {
            owner: player,
            colour,
        };
        Square::all()
            .into_iter()
            .filter(|&s| self.at(s) == Some(piece))
            .count()
    }

    /// Every step of the player to move: one of its pieces to a neighbouring
    /// square not held by its own piece; onto an opponent's piece it is a
    /// capture (§1 「自分の駒にすでに占有されているマスには移動できない。相手の駒に占有
    /// されているマスには移動可能で、移動した場合は、相手の駒を取り去り」).
    #[must_use]
    pub fn steps(&self) -> Vec<Step> {
        let mut out = Vec::new();
        let own = |s: Square| self.at(s).is_some_and(|piece| piece.owner == self.to_move);
        for from in Square::all().into_iter().filter(|&s| own(s)) {
            for to in from.neighbours() {
                match self.at(to) {
                    Some(piece) if piece.owner == self.to_move => {}
                    other => out.push(Step {
                        from,
                        to,
                        captured: other,
                    }),
                }
            }
        }
        out
    }

    /// The position after `step`: the piece moves (a captured piece is
    /// replaced by it) and the other player is to move.
    #[must_use]
    pub fn after(&self, step: Step) -> Position {
        let mut next = *self;
        next.set(step.to, self.at(step.from));
        next.set(step.from, None);
        next.to_move = self.to_move.opponent();
        next
    }
}

impl Position {
    /// The position as one number: three bits per cell, a1 … d4 (0 empty,
    /// 1–3 player 1's blue, red, purple, 4–6 player 2's), below one bit for
    /// the side to move. Distinct positions give distinct numbers, so the
    /// sweeps number their positions by this key: a map from a `u64` is
    /// smaller and compares in one instruction, where the board compares
    /// cell by cell (most of the sweeps' time went to those comparisons and
    /// the cache misses of the larger map).
    #[must_use]
    pub fn key(&self) -> u64 {
        let mut number = u64::from(self.to_move == Player::Two);
        for square in Square::all() {
            let cell = match self.at(square) {
                None => 0,
                Some(Piece { owner, colour }) => {
                    let colour = match colour {
                        Colour::Blue => 1,
                        Colour::Red => 2,
                        Colour::Purple => 3,
                    };
                    colour + if owner == Player::One { 0 } else { 3 }
                }
            };
            number = number * 8 + cell;
        }
        number
    }
}

/// A position hashes as its [`Position::key`] (equal positions give equal
/// numbers): hashing the cells one by one, as a derived `Hash` does, took
/// most of the sweeps' time.
impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.key());
    }
}

/// The notation shared with the engine (the only thing the two sides
/// share): `<player 1's pieces>/<player 2's pieces> <1|2>`, each side's
/// pieces comma-separated in square order a1, b1, … d4, each a square with
/// the prefix `B` (blue), `R` (red) or none (purple); e.g. `b1,c1/b4,c4 1`,
/// `Bb1,Rc1/Bb4,Rc4 2`.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |player| {
            self.pieces_of(player)
                .iter()
                .map(|(square, colour)| {
                    let prefix = match colour {
                        Colour::Blue => "B",
                        Colour::Red => "R",
                        Colour::Purple => "",
                    };
                    format!("{prefix}{square}")
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let to_move = match self.to_move {
            Player::One => 1,
            Player::Two => 2,
        };
        write!(f, "{}/{} {to_move}", side(Player::One), side(Player::Two))
    }
}

/// A text that is not a square or a position in the notation of
/// [`Position`]'s `Display`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotationError {
    /// Not one of `a1` … `d4`.
    NotASquare {
        /// The text given.
        text: String,
    },
    /// No space before the side to move.
    NoSideToMove {
        /// The position as given.
        text: String,
    },
    /// The side to move is neither `1` nor `2`.
    NotASide {
        /// The position as given.
        text: String,
    },
    /// No `/` between the players' pieces.
    NoSlash {
        /// The position as given.
        text: String,
    },
    /// Two pieces named on one square.
    TwoPieces {
        /// The position as given.
        text: String,
        /// The square.
        square: Square,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::NotASquare { text } => write!(f, "{text:?} is not a square a1..d4"),
            NotationError::NoSideToMove { text } => write!(
                f,
                "{text:?}: expected \"<player 1 pieces>/<player 2 pieces> <1|2>\""
            ),
            NotationError::NotASide { text } => {
                write!(f, "{text:?}: the side to move is 1 or 2")
            }
            NotationError::NoSlash { text } => {
                write!(f, "{text:?}: expected '/' between the players' pieces")
            }
            NotationError::TwoPieces { text, square } => {
                write!(f, "{text:?}: {square} holds two pieces")
            }
        }
    }
}

impl std::error::Error for NotationError {}

impl FromStr for Position {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Position, NotationError> {
        let given = || text.to_string();
        let (sides, to_move) = text
            .trim()
            .rsplit_once(' ')
            .ok_or_else(|| NotationError::NoSideToMove { text: given() })?;
        let to_move = match to_move {
            "1" => Player::One,
            "2" => Player::Two,
            _ => return Err(NotationError::NotASide { text: given() }),
        };
        let (one, two) = sides
            .split_once('/')
            .ok_or_else(|| NotationError::NoSlash { text: given() })?;
        let mut position = Position::empty(to_move);
        for (owner, list) in [(Player::One, one), (Player::Two, two)] {
            for item in list.split(',') {
                let (colour, square) = match item.split_at(item.len().min(1)) {
                    ("B", rest) => (Colour::Blue, rest),
                    ("R", rest) => (Colour::Red, rest),
                    ("P", rest) => (Colour::Purple, rest),
                    _ => (Colour::Purple, item),
                };
                let square: Square = square.parse()?;
                if position.at(square).is_some() {
                    return Err(NotationError::TwoPieces {
                        text: given(),
                        square,
                    });
                }
                position.set(square, Some(Piece { owner, colour }));
            }
        }
        Ok(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_have_two_neighbours_and_the_centre_four() {
        let n = |s: &str| s.parse::<Square>().unwrap().neighbours().count();
        assert_eq!((n("a1"), n("d4"), n("b1"), n("b2")), (2, 2, 3, 4));
        let mut around_b2: Vec<String> = "b2"
            .parse::<Square>()
            .unwrap()
            .neighbours()
            .map(|s| s.to_string())
            .collect();
        around_b2.sort();
        assert_eq!(around_b2, ["a2", "b1", "b3", "c2"]);
    }

    #[test]
    fn escape_squares_are_the_far_corners() {
        let names = |p: Player| p.escape_squares().map(|s| s.to_string());
        assert_eq!(names(Player::One), ["a4", "d4"]);
        assert_eq!(names(Player::Two), ["a1", "d1"]);
    }

    #[test]
    fn notation_round_trips_in_square_order() {
        for text in [
            "b1,c1/b4,c4 1",
            "Bb1,Rc1/Bb4,Rc4 2",
            "b1,c1,Rb2/b3,Bb4,c4 1",
        ] {
            assert_eq!(text.parse::<Position>().unwrap().to_string(), text);
        }
        assert_eq!(
            "c1,b1/c4,b4 1".parse::<Position>().unwrap().to_string(),
            "b1,c1/b4,c4 1"
        );
        let err = |text: &str| text.parse::<Position>().unwrap_err();
        assert!(matches!(
            err("b1,c1/b4,c4"),
            NotationError::NoSideToMove { .. }
        ));
        assert!(matches!(
            err("b1,c1/b4,c4 3"),
            NotationError::NotASide { .. }
        ));
        assert!(matches!(
            err("b1,c1 b4,c4 1"),
            NotationError::NoSlash { .. }
        ));
        assert!(matches!(
            err("b1,e1/b4 1"),
            NotationError::NotASquare { text } if text == "e1"
        ));
        assert!(matches!(
            err("b1,b1/b4 1"),
            NotationError::TwoPieces { square, .. } if square.to_string() == "b1"
        ));
        assert_eq!(
            err("b1,b1/b4 1").to_string(),
            "\"b1,b1/b4 1\": b1 holds two pieces"
        );
    }

    #[test]
    fn distinct_positions_have_distinct_keys() {
        let texts = [
            "b1,c1/b4,c4 1",
            "b1,c1/b4,c4 2",
            "Bb1,Rc1/Bb4,Rc4 1",
            "Rb1,Bc1/Bb4,Rc4 1",
            "b1,c1/Bb4,Rc4 1",
            "Bb1,Rc1/b4,c4 1",
            "b4,c4/b1,c1 1",
            "a1/d4 1",
            "d4/a1 1",
        ];
        let keys: std::collections::BTreeSet<u64> = texts
            .iter()
            .map(|t| t.parse::<Position>().unwrap().key())
            .collect();
        assert_eq!(keys.len(), texts.len());
        // The side to move is the top bit, a1 the highest cell, d4 the lowest.
        assert_eq!(Position::empty(Player::Two).key(), 1 << 48);
        let one = |text: &str, owner, colour| {
            let mut p = Position::empty(Player::One);
            p.set(text.parse().unwrap(), Some(Piece { owner, colour }));
            p.key()
        };
        assert_eq!(one("d4", Player::One, Colour::Purple), 3);
        assert_eq!(one("a1", Player::Two, Colour::Blue), 4 << 45);
    }

    #[test]
    fn a_step_onto_the_opponent_captures_and_onto_oneself_is_no_step() {
        let p: Position = "b1,c1/b2 1".parse().unwrap();
        let steps = p.steps();
        // b1: a1, b2 (capture); c1: c2, d1 (b1 is its own).
        assert_eq!(steps.len(), 4);
        let capture = steps.iter().find(|s| s.captured.is_some()).unwrap();
        assert_eq!(p.after(*capture).to_string(), "c1,b2/ 2");
    }
}
