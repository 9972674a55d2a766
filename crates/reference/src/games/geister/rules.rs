//! Board, pieces, positions and moves of 4×4 Mini-Geister (document 003 §1),
//! with the compact position notation used by the CLI.

use std::fmt;
use std::str::FromStr;

use crate::core::Player;

/// A square, `0..16`: `4 × rank + file` with rank 0 = "1" (player 1's home
/// row) and file 0 = "a", as the paper names them (a1 … d4).
pub type Square = u8;

/// A set of squares, bit `s` for square `s`.
pub type Squares = u16;

/// Player 1's escape squares a4 and d4 (§1).
pub const ESCAPES_P1: Squares = (1 << 12) | (1 << 15);
/// Player 2's escape squares a1 and d1 (§1).
pub const ESCAPES_P2: Squares = (1 << 0) | (1 << 3);

/// The name of a square, e.g. `b1`.
#[must_use]
pub fn square_name(s: Square) -> String {
    format!("{}{}", char::from(b'a' + s % 4), s / 4 + 1)
}

/// Parses `a1` … `d4`.
///
/// # Errors
/// [`ParseSquareError::UnknownSquare`] for anything else.
pub fn parse_square(text: &str) -> Result<Square, ParseSquareError> {
    let b = text.as_bytes();
    if b.len() == 2 && (b'a'..=b'd').contains(&b[0]) && (b'1'..=b'4').contains(&b[1]) {
        Ok((b[1] - b'1') * 4 + (b[0] - b'a'))
    } else {
        Err(ParseSquareError::UnknownSquare {
            text: text.to_string(),
        })
    }
}

/// Why a text is not a square name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseSquareError {
    /// Not one of `a1` … `d4` (the board is 4×4, §1).
    UnknownSquare {
        /// The text given.
        text: String,
    },
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseSquareError::UnknownSquare { text } => {
                write!(f, "{text:?} is not a square a1..d4")
            }
        }
    }
}

impl std::error::Error for ParseSquareError {}

/// The orthogonal neighbours of `s`, worked out from its file and rank.
const fn neighbours_of(s: Square) -> Squares {
    let mut n = 0;
    let (f, r) = (s % 4, s / 4);
    if f > 0 {
        n |= 1 << (s - 1);
    }
    if f < 3 {
        n |= 1 << (s + 1);
    }
    if r > 0 {
        n |= 1 << (s - 4);
    }
    if r < 3 {
        n |= 1 << (s + 4);
    }
    n
}

/// The orthogonal neighbours of every square: move generation and the
/// retrograde engine's passes read them once per piece.
static NEIGHBOURS: [Squares; 16] = {
    let mut t = [0; 16];
    let mut s = 0;
    while s < 16 {
        t[s] = neighbours_of(s as Square);
        s += 1;
    }
    t
};

/// The orthogonal neighbours of `s`.
#[must_use]
pub fn neighbours(s: Square) -> Squares {
    NEIGHBOURS[usize::from(s) & 15]
}

/// Number of set bits in each byte. The crate is built for the generic
/// x86-64 target, where `count_ones` is a dozen instructions; the index
/// counts bits in its innermost loop, the retrograde engine's first pass
/// in its move count. A byte table (256 bytes) stays in the
/// L1 cache while the engine's random accesses evict a 64 KB one.
static POPCOUNT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 1;
    while i < 256 {
        t[i] = t[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    t
};

/// Number of squares in `set`.
#[must_use]
pub fn popcount(set: Squares) -> u32 {
    u32::from(POPCOUNT[usize::from(set & 0xff)]) + u32::from(POPCOUNT[usize::from(set >> 8)])
}

/// Squares of file a and of file d.
const FILE_A: Squares = 0x1111;
const FILE_D: Squares = 0x8888;

/// Every square next to some square of `set` (shifts of the bit set: one
/// file right, one file left, one rank up, one rank down).
#[must_use]
pub fn neighbourhood(set: Squares) -> Squares {
    ((set & !FILE_D) << 1) | ((set & !FILE_A) >> 1) | (set << 4) | (set >> 4)
}

/// The squares of a set, in increasing order.
pub fn squares(set: Squares) -> impl Iterator<Item = Square> {
    let mut bits = set;
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let s = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        Some(s)
    })
}

/// The square mirrored top to bottom (rank 1 ↔ rank 4), §5.
#[must_use]
pub fn mirror_square(s: Square) -> Square {
    (3 - s / 4) * 4 + s % 4
}

/// A set mirrored top to bottom.
#[must_use]
pub fn mirror_set(set: Squares) -> Squares {
    squares(set).fold(0, |acc, s| acc | 1 << mirror_square(s))
}

/// The escape squares of `side`'s blue pieces (§1: player 1, the analysing
/// side, "us", starts on b1, c1 and escapes from a4, d4; player 2 the
/// reverse). Player 1 is [`Player::First`].
#[must_use]
pub fn escapes(side: Player) -> Squares {
    match side {
        Player::First => ESCAPES_P1,
        Player::Second => ESCAPES_P2,
    }
}

/// A piece's colour as the analysis knows it. `Purple` is a piece whose
/// colour the analysing player does not use (§2: unknown, or deliberately
/// not looked at).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Blue (good) piece: escapes to win; capturing the last one wins.
    Blue,
    /// Red (bad) piece: capturing the last one loses.
    Red,
    /// Colour not known / not used.
    Purple,
}

impl Colour {
    /// The three colours in the order of [`Army`]'s fields.
    pub const ALL: [Colour; 3] = [Colour::Blue, Colour::Red, Colour::Purple];

    fn index(self) -> usize {
        self as usize
    }
}

/// One side's pieces: a set of squares per colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Army {
    /// Squares of the pieces of each colour, indexed by [`Colour`] order.
    pub by_colour: [Squares; 3],
}

impl Army {
    /// The squares of pieces of one colour.
    #[must_use]
    pub fn of(&self, c: Colour) -> Squares {
        self.by_colour[c.index()]
    }

    /// All squares occupied by this army.
    #[must_use]
    pub fn all(&self) -> Squares {
        self.by_colour[0] | self.by_colour[1] | self.by_colour[2]
    }

    /// The colour of the piece on `s`, if any.
    #[must_use]
    pub fn colour_at(&self, s: Square) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|&c| self.of(c) & (1 << s) != 0)
    }

    /// Number of pieces of colour `c`.
    #[must_use]
    pub fn count(&self, c: Colour) -> u32 {
        self.of(c).count_ones()
    }

    /// Whether there are two or more pieces of colour `c` (without counting:
    /// `count_ones` is a dozen instructions on the generic x86-64 target).
    #[must_use]
    pub fn several(&self, c: Colour) -> bool {
        let x = self.of(c);
        x & x.wrapping_sub(1) != 0
    }

    /// Whether there is exactly one piece of colour `c`.
    #[must_use]
    pub fn just_one(&self, c: Colour) -> bool {
        self.of(c) != 0 && !self.several(c)
    }

    /// The piece counts.
    #[must_use]
    pub fn piece_set(&self) -> PieceSet {
        PieceSet {
            blue: self.count(Colour::Blue) as u8,
            red: self.count(Colour::Red) as u8,
            purple: self.count(Colour::Purple) as u8,
        }
    }

    fn set(&mut self, c: Colour, s: Square, on: bool) {
        if on {
            self.by_colour[c.index()] |= 1 << s;
        } else {
            self.by_colour[c.index()] &= !(1 << s);
        }
    }

    /// The army mirrored top to bottom.
    #[must_use]
    pub fn mirrored(&self) -> Army {
        Army {
            by_colour: self.by_colour.map(mirror_set),
        }
    }
}

/// How many pieces of each colour one side has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct PieceSet {
    /// Blue pieces.
    pub blue: u8,
    /// Red pieces.
    pub red: u8,
    /// Purple pieces.
    pub purple: u8,
}

impl PieceSet {
    /// Total number of pieces.
    #[must_use]
    pub fn total(&self) -> u8 {
        self.blue + self.red + self.purple
    }

    /// Count of colour `c`.
    #[must_use]
    pub fn count(&self, c: Colour) -> u8 {
        match c {
            Colour::Blue => self.blue,
            Colour::Red => self.red,
            Colour::Purple => self.purple,
        }
    }
}

impl fmt::Display for PieceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (c, ch) in [(self.blue, 'B'), (self.red, 'R'), (self.purple, 'P')] {
            for _ in 0..c {
                write!(f, "{ch}")?;
            }
        }
        Ok(())
    }
}

/// A position: side to move and both armies. Player 1 is always the
/// analysing side ("us", §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// Whose move it is.
    pub to_move: Player,
    /// Player 1's pieces.
    pub p1: Army,
    /// Player 2's pieces.
    pub p2: Army,
}

/// One step of one piece (§1): to an orthogonal neighbour not occupied by
/// the mover's own piece. Escapes (leaving the board) are not steps; each
/// analysis treats them as a condition on the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// Square left.
    pub from: Square,
    /// Square entered.
    pub to: Square,
    /// Colour of the moving piece.
    pub colour: Colour,
    /// Colour of the opponent's piece captured on `to`, if any.
    pub captured: Option<Colour>,
}

impl Position {
    /// The start position of §1 (b1, c1 vs b4, c4), everything purple.
    #[must_use]
    pub fn initial(to_move: Player) -> Position {
        let mut p = Position {
            to_move,
            p1: Army::default(),
            p2: Army::default(),
        };
        p.p1.by_colour[2] = (1 << 1) | (1 << 2);
        p.p2.by_colour[2] = (1 << 13) | (1 << 14);
        p
    }

    /// The army of `side`.
    #[must_use]
    pub fn army(&self, side: Player) -> &Army {
        match side {
            Player::First => &self.p1,
            Player::Second => &self.p2,
        }
    }

    /// The army of `side`, to change.
    pub fn army_mut(&mut self, side: Player) -> &mut Army {
        match side {
            Player::First => &mut self.p1,
            Player::Second => &mut self.p2,
        }
    }

    /// The army of the side to move.
    #[must_use]
    pub fn mover(&self) -> &Army {
        self.army(self.to_move)
    }

    /// The army of the side not to move.
    #[must_use]
    pub fn waiter(&self) -> &Army {
        self.army(self.to_move.opponent())
    }

    /// Every step of the side to move, captures included.
    #[must_use]
    pub fn steps(&self) -> Vec<Step> {
        let mut out = Vec::with_capacity(12);
        self.for_each_step(|s| out.push(s));
        out
    }

    /// Calls `f` with every step of the side to move, captures included,
    /// in the order of [`Position::steps`].
    pub fn for_each_step(&self, mut f: impl FnMut(Step)) {
        let own = self.mover();
        let other = self.waiter();
        let own_all = own.all();
        for colour in Colour::ALL {
            for from in squares(own.of(colour)) {
                for to in squares(neighbours(from) & !own_all) {
                    f(Step {
                        from,
                        to,
                        colour,
                        captured: other.colour_at(to),
                    });
                }
            }
        }
    }

    /// The position after `step`: the piece moves, a captured piece is
    /// removed, the turn passes.
    #[must_use]
    pub fn play(&self, step: Step) -> Position {
        let mut p = *self;
        let mover = self.to_move;
        if let Some(c) = step.captured {
            p.army_mut(mover.opponent()).set(c, step.to, false);
        }
        let own = p.army_mut(mover);
        own.set(step.colour, step.from, false);
        own.set(step.colour, step.to, true);
        p.to_move = mover.opponent();
        p
    }

    /// The position with the whole board mirrored top to bottom and the
    /// roles of the players exchanged (§5's mirror symmetry).
    #[must_use]
    pub fn mirrored(&self) -> Position {
        Position {
            to_move: self.to_move.opponent(),
            p1: self.p2.mirrored(),
            p2: self.p1.mirrored(),
        }
    }

    /// The 4×4 board as text, rank 4 at the top. Player 1's pieces are
    /// upper case, player 2's lower case: `B`/`b` blue, `R`/`r` red,
    /// `P`/`p` purple; `.` empty. The mover is named below.
    #[must_use]
    pub fn board(&self) -> String {
        let mut s = String::new();
        for rank in (0..4u8).rev() {
            s.push_str(&format!("{} ", rank + 1));
            for file in 0..4u8 {
                let sq = rank * 4 + file;
                let ch = match (self.p1.colour_at(sq), self.p2.colour_at(sq)) {
                    (Some(c), _) => colour_letter(c).to_ascii_uppercase(),
                    (None, Some(c)) => colour_letter(c),
                    (None, None) => '.',
                };
                s.push(ch);
                if file < 3 {
                    s.push(' ');
                }
            }
            s.push('\n');
        }
        s.push_str("  a b c d\n");
        s
    }
}

fn colour_letter(c: Colour) -> char {
    match c {
        Colour::Blue => 'b',
        Colour::Red => 'r',
        Colour::Purple => 'p',
    }
}

/// Notation: `<player 1's pieces>/<player 2's pieces> <side to move>`, the
/// pieces comma-separated, each a square optionally prefixed by its colour
/// (`B` blue, `R` red, `P` or nothing purple), the side `1` or `2`.
/// Example: the start position with player 1 to move is `b1,c1/b4,c4 1`;
/// a full-information one `Bb1,Rc1/Rb4,Bc4 2`.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let army = |a: &Army| {
            let mut pieces: Vec<(Square, Colour)> = Colour::ALL
                .into_iter()
                .flat_map(|c| squares(a.of(c)).map(move |s| (s, c)))
                .collect();
            pieces.sort();
            pieces
                .iter()
                .map(|&(s, c)| {
                    let prefix = match c {
                        Colour::Blue => "B",
                        Colour::Red => "R",
                        Colour::Purple => "",
                    };
                    format!("{prefix}{}", square_name(s))
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let side = match self.to_move {
            Player::First => 1,
            Player::Second => 2,
        };
        write!(f, "{}/{} {side}", army(&self.p1), army(&self.p2))
    }
}

/// Why a text is not a position in the notation of [`Position`]'s
/// `Display`: either it cannot be read ([`ParsePositionError`]'s notation
/// variants) or it reads as pieces that cannot stand together
/// ([`InvalidPosition`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParsePositionError {
    /// No space before the side to move.
    MissingSideToMove,
    /// The side to move is neither `1` nor `2`.
    UnknownSide {
        /// The text where the side to move stands.
        text: String,
    },
    /// No `/` between the two players' pieces.
    MissingSlash,
    /// A piece stands on something that is not a square.
    Square(ParseSquareError),
    /// Well written, but not a position.
    Invalid(InvalidPosition),
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::MissingSideToMove => {
                f.write_str("expected \"<player 1 pieces>/<player 2 pieces> <1|2>\"")
            }
            ParsePositionError::UnknownSide { text } => {
                write!(f, "side to move {text:?} is not 1 or 2")
            }
            ParsePositionError::MissingSlash => {
                f.write_str("expected '/' between the two players' pieces")
            }
            ParsePositionError::Square(e) => e.fmt(f),
            ParsePositionError::Invalid(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParsePositionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParsePositionError::Square(e) => Some(e),
            ParsePositionError::Invalid(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ParseSquareError> for ParsePositionError {
    fn from(e: ParseSquareError) -> Self {
        ParsePositionError::Square(e)
    }
}

impl From<InvalidPosition> for ParsePositionError {
    fn from(e: InvalidPosition) -> Self {
        ParsePositionError::Invalid(e)
    }
}

/// Why pieces read from the notation are not a position (§1: one piece per
/// square, each player has pieces).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InvalidPosition {
    /// Two pieces on one square.
    SquareTwice {
        /// The square named twice.
        square: Square,
    },
    /// A player without pieces.
    NoPieces {
        /// The player.
        side: Player,
    },
}

impl fmt::Display for InvalidPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            InvalidPosition::SquareTwice { square } => {
                write!(f, "square {} is occupied twice", square_name(square))
            }
            InvalidPosition::NoPieces { side } => {
                // The words the type had before it was `core::Player`.
                let side = match side {
                    Player::First => "P1",
                    Player::Second => "P2",
                };
                write!(f, "player {side} has no pieces")
            }
        }
    }
}

impl std::error::Error for InvalidPosition {}

/// A position as written, before the rules are checked: the side to move
/// and every piece in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenPosition {
    /// The side to move.
    pub to_move: Player,
    /// Each player's pieces as written.
    pub pieces: [Vec<(Colour, Square)>; 2],
}

impl FromStr for WrittenPosition {
    type Err = ParsePositionError;

    /// Reads the notation without checking the pieces can stand together.
    fn from_str(text: &str) -> Result<WrittenPosition, ParsePositionError> {
        let text = text.trim();
        let (armies, side) = text
            .rsplit_once(' ')
            .ok_or(ParsePositionError::MissingSideToMove)?;
        let to_move = match side {
            "1" => Player::First,
            "2" => Player::Second,
            other => {
                return Err(ParsePositionError::UnknownSide {
                    text: other.to_string(),
                })
            }
        };
        let (a1, a2) = armies
            .trim()
            .split_once('/')
            .ok_or(ParsePositionError::MissingSlash)?;
        let army = |list: &str| -> Result<Vec<(Colour, Square)>, ParseSquareError> {
            let list = list.trim();
            if list.is_empty() {
                return Ok(Vec::new());
            }
            list.split(',')
                .map(|item| {
                    let item = item.trim();
                    let (colour, sq) = match item.chars().next() {
                        Some('B') => (Colour::Blue, &item[1..]),
                        Some('R') => (Colour::Red, &item[1..]),
                        Some('P') => (Colour::Purple, &item[1..]),
                        _ => (Colour::Purple, item),
                    };
                    Ok((colour, parse_square(sq)?))
                })
                .collect()
        };
        Ok(WrittenPosition {
            to_move,
            pieces: [army(a1)?, army(a2)?],
        })
    }
}

impl WrittenPosition {
    /// The position, if the pieces can stand together.
    ///
    /// # Errors
    /// [`InvalidPosition::SquareTwice`] if two pieces share a square (the
    /// first such square in the order written), [`InvalidPosition::NoPieces`]
    /// if a player has none.
    pub fn validate(&self) -> Result<Position, InvalidPosition> {
        let mut p = Position {
            to_move: self.to_move,
            p1: Army::default(),
            p2: Army::default(),
        };
        let mut occupied: Squares = 0;
        for (side, pieces) in [
            (Player::First, &self.pieces[0]),
            (Player::Second, &self.pieces[1]),
        ] {
            for &(colour, square) in pieces {
                if occupied & (1 << square) != 0 {
                    return Err(InvalidPosition::SquareTwice { square });
                }
                occupied |= 1 << square;
                p.army_mut(side).set(colour, square, true);
            }
            if pieces.is_empty() {
                return Err(InvalidPosition::NoPieces { side });
            }
        }
        Ok(p)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads the notation ([`WrittenPosition`]), then checks the pieces.
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        Ok(text.parse::<WrittenPosition>()?.validate()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in ["b1,c1/b4,c4 1", "Bb1,Rc1/Rb4,Bc4 2", "Rb2,b1,c1/b4,c4 1"] {
            let p: Position = text.parse().unwrap();
            let q: Position = p.to_string().parse().unwrap();
            assert_eq!(p, q);
        }
        assert_eq!(
            Position::initial(Player::First).to_string(),
            "b1,c1/b4,c4 1"
        );
    }

    #[test]
    fn neighbourhood_is_the_union_of_neighbours() {
        for set in [0u16, 1, 0x8000, 0x0f0f, 0x1248, 0xffff, 0x0660] {
            let by_square = squares(set).fold(0, |acc, s| acc | neighbours(s));
            assert_eq!(neighbourhood(set), by_square, "{set:#x}");
        }
    }

    #[test]
    fn neighbours_of_corners_and_centre() {
        assert_eq!(squares(neighbours(0)).count(), 2);
        assert_eq!(squares(neighbours(5)).count(), 4);
        assert_eq!(mirror_square(parse_square("b1").unwrap()), 13);
    }
}
