//! The analyses of document 003 as rules over [`Position`]s: which piece sets
//! take part, which positions are decided by themselves (the goal of the
//! analysing player 1, or its prevention), and which moves lead where.
//! Both solvers read these definitions; neither adds anything to them.

use super::rules::{
    escapes, neighbourhood, neighbours, popcount, squares, Army, Colour, PieceSet, Position,
    Square, Squares, Step,
};
use crate::core::Player;
use crate::solve::retrograde::Reach;
use std::fmt;
use std::str::FromStr;

/// One retrograde analysis of the paper.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// §3: purple 2 vs purple 2, average gain 0 by escaping, being captured
    /// or capturing one of two capturable pieces at random.
    Basic,
    /// The full-information game: colours known to both sides, every piece
    /// set with at most 5 pieces the paper needs (BR vs BR, BBR vs BR,
    /// BRR vs BR, BR vs BBR, BR vs BRR).
    Det,
    /// §4: [`Kind::Basic`] plus the guess of the opponent's colours.
    Extended,
    /// Player 1's colours known (blue + red) vs two purples, goal a sure win
    /// (gain 1): read by [`Kind::RbrVsBr`] after a purple of player 1 is
    /// captured and turns out red (§6.1.1).
    WinBrVsBr,
    /// §6.1.1: player 1 a known red (b2) and two purples vs two purples,
    /// goal average 0.
    RbrVsBr,
    /// §6.1.2: two purples vs three (B, R, R; third on b3), goal average 0.
    BrVsBrr,
    /// §6.2.1: three purples (B, B, R; third on b2) vs two, goal average 1/3.
    BbrVsBr,
    /// §6.2.2, first attempt at −1/3: one of player 2's three pieces (B, B,
    /// R) is taken to be blue at random at the start.
    BrVsBbrGuess,
    /// §6.2.2, second attempt at −1/3: capture one of three capturable
    /// pieces at random.
    BrVsBbrThird,
    /// §6.2.2, the attempt at −1/2: capture one of two capturable pieces
    /// at random.
    BrVsBbrHalf,
}

impl Kind {
    /// Every analysis, in the paper's order.
    pub const ALL: [Kind; 10] = [
        Kind::Basic,
        Kind::Det,
        Kind::Extended,
        Kind::WinBrVsBr,
        Kind::RbrVsBr,
        Kind::BrVsBrr,
        Kind::BbrVsBr,
        Kind::BrVsBbrGuess,
        Kind::BrVsBbrThird,
        Kind::BrVsBbrHalf,
    ];

    /// Name on the command line and in JSON.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::Basic => "basic",
            Kind::Det => "det",
            Kind::Extended => "extended",
            Kind::WinBrVsBr => "win-br-vs-br",
            Kind::RbrVsBr => "rbr-vs-br",
            Kind::BrVsBrr => "br-vs-brr",
            Kind::BbrVsBr => "bbr-vs-br",
            Kind::BrVsBbrGuess => "br-vs-bbr-guess",
            Kind::BrVsBbrThird => "br-vs-bbr-third",
            Kind::BrVsBbrHalf => "br-vs-bbr-half",
        }
    }

    /// The piece sets (player 1's, player 2's) whose positions the analysis
    /// covers.
    #[must_use]
    pub fn layouts(self) -> Vec<(PieceSet, PieceSet)> {
        let purple = |n| PieceSet {
            purple: n,
            ..PieceSet::default()
        };
        let known = |blue, red| PieceSet {
            blue,
            red,
            purple: 0,
        };
        let mixed = |blue, red, purple| PieceSet { blue, red, purple };
        match self {
            Kind::Basic | Kind::Extended => vec![(purple(2), purple(2))],
            Kind::Det => vec![
                (known(1, 1), known(1, 1)),
                (known(2, 1), known(1, 1)),
                (known(1, 2), known(1, 1)),
                (known(1, 1), known(2, 1)),
                (known(1, 1), known(1, 2)),
            ],
            Kind::WinBrVsBr => vec![(known(1, 1), purple(2))],
            Kind::RbrVsBr => vec![(mixed(0, 1, 2), purple(2))],
            Kind::BrVsBrr | Kind::BrVsBbrThird | Kind::BrVsBbrHalf => {
                vec![(purple(2), purple(3))]
            }
            Kind::BbrVsBr => vec![(purple(3), purple(2))],
            Kind::BrVsBbrGuess => vec![(purple(2), mixed(1, 0, 2))],
        }
    }

    /// The analyses whose results this one reads.
    #[must_use]
    pub fn dependencies(self) -> Vec<Kind> {
        match self {
            Kind::Basic | Kind::Det | Kind::WinBrVsBr => vec![],
            Kind::Extended => vec![Kind::Det],
            Kind::RbrVsBr => vec![Kind::Det, Kind::Extended, Kind::WinBrVsBr],
            Kind::BrVsBrr
            | Kind::BbrVsBr
            | Kind::BrVsBbrGuess
            | Kind::BrVsBbrThird
            | Kind::BrVsBbrHalf => vec![Kind::Extended],
        }
    }

    /// The start positions the paper reports, as `<pieces>` without the
    /// side to move; the value reported for a side to move is the worst
    /// over the list (several only for [`Kind::BrVsBbrGuess`], where the
    /// piece taken to be blue is drawn at random).
    #[must_use]
    pub fn start_pieces(self) -> Vec<&'static str> {
        match self {
            Kind::Basic | Kind::Extended => vec!["b1,c1/b4,c4"],
            // Fig. 1 (right) puts player 1's blue on b1 and red on c1; we
            // give player 2 the mirror image.
            Kind::Det => vec!["Bb1,Rc1/Bb4,Rc4"],
            Kind::WinBrVsBr => vec!["Bb1,Rc1/b4,c4"],
            Kind::RbrVsBr => vec!["b1,c1,Rb2/b4,c4"],
            Kind::BrVsBrr | Kind::BrVsBbrThird | Kind::BrVsBbrHalf => vec!["b1,c1/b3,b4,c4"],
            Kind::BbrVsBr => vec!["b1,c1,b2/b4,c4"],
            Kind::BrVsBbrGuess => vec!["b1,c1/Bb3,b4,c4", "b1,c1/b3,Bb4,c4", "b1,c1/b3,b4,Bc4"],
        }
    }

    /// The start positions with player 1 to move and with player 2 to move.
    #[must_use]
    pub fn initial(self) -> [Vec<Position>; 2] {
        ["1", "2"].map(|side| {
            self.start_pieces()
                .iter()
                .map(|p| {
                    format!("{p} {side}")
                        .parse::<Position>()
                        .expect("valid start position")
                })
                .collect()
        })
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text is not the name of an analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseKindError {
    /// None of [`Kind::ALL`] has this name.
    UnknownAnalysis {
        /// The text given.
        text: String,
    },
}

impl fmt::Display for ParseKindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseKindError::UnknownAnalysis { text } => {
                let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
                write!(f, "unknown analysis {text:?} (one of {})", names.join(", "))
            }
        }
    }
}

impl std::error::Error for ParseKindError {}

impl FromStr for Kind {
    type Err = ParseKindError;
    fn from_str(s: &str) -> Result<Kind, ParseKindError> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| ParseKindError::UnknownAnalysis {
                text: s.to_string(),
            })
    }
}

/// Value of a position in an analysis that another analysis depends on.
pub trait Lookup: Sync {
    /// The value of `p` (which must belong to the looked-up analysis).
    fn value(&self, p: &Position) -> Reach;
}

/// A move as the analyses see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// The move leads to this position of the same analysis.
    To(Position),
    /// The move ends the analysis with this value.
    Outcome(Reach),
}

/// An analysis with the solved tables it reads.
pub struct Analysis<'a> {
    /// Which analysis.
    pub kind: Kind,
    /// The full-information table ([`Kind::Det`]), where needed.
    pub det: Option<&'a dyn Lookup>,
    /// The §4 table ([`Kind::Extended`]), where needed.
    pub extended: Option<&'a dyn Lookup>,
    /// The sure-win table ([`Kind::WinBrVsBr`]), where needed.
    pub win: Option<&'a dyn Lookup>,
}

impl<'a> Analysis<'a> {
    /// An analysis that reads no other table.
    ///
    /// # Panics
    /// If `kind` has dependencies.
    #[must_use]
    pub fn standalone(kind: Kind) -> Analysis<'static> {
        assert!(kind.dependencies().is_empty(), "{kind} needs other tables");
        Analysis {
            kind,
            det: None,
            extended: None,
            win: None,
        }
    }

    fn det(&self) -> &dyn Lookup {
        self.det
            .expect("this analysis reads the full-information table")
    }

    fn extended(&self) -> &dyn Lookup {
        self.extended.expect("this analysis reads the §4 table")
    }

    fn win(&self) -> &dyn Lookup {
        self.win.expect("this analysis reads the sure-win table")
    }

    /// Whether the position is decided by the rules of the analysis.
    #[must_use]
    #[inline]
    pub fn terminal(&self, p: &Position) -> Option<Reach> {
        match self.kind {
            Kind::Basic | Kind::Extended => match p.to_move {
                Player::First => {
                    let goal = purple_goal(p)
                        || (self.kind == Kind::Extended && guess_wins(p, self.det()));
                    goal.then_some(Reach::Goal)
                }
                Player::Second => {
                    (p.p2.all() & escapes(Player::Second) != 0).then_some(Reach::Prevented)
                }
            },
            Kind::Det => {
                let mover = p.to_move;
                let own_blue_out = p.mover().of(Colour::Blue) & escapes(mover) != 0;
                let takes_last_blue = p.waiter().just_one(Colour::Blue)
                    && neighbourhood(p.mover().all()) & p.waiter().of(Colour::Blue) != 0;
                (own_blue_out || takes_last_blue).then_some(win_for(mover))
            }
            Kind::WinBrVsBr => match p.to_move {
                Player::First => {
                    (p.p1.of(Colour::Blue) & escapes(Player::First) != 0).then_some(Reach::Goal)
                }
                Player::Second => p2_escape(p),
            },
            _ => match p.to_move {
                Player::First => self.p1_goal(p).then_some(Reach::Goal),
                Player::Second => p2_escape(p),
            },
        }
    }

    /// The squares on which a piece of `side`'s colour `colour` decides a
    /// position with `side` to move by the rules alone
    /// ([`Analysis::terminal`]), whatever else stands where: the escape
    /// squares, where standing on one is the analysis's goal for that
    /// piece. The retrograde solver leaves out predecessors decided this way
    /// without indexing them.
    #[must_use]
    pub fn deciding_squares(&self, side: Player, colour: Colour) -> Squares {
        let escapes = escapes(side);
        let counts = match (self.kind, side) {
            // §3, §4: any piece of either side (all are purple).
            (Kind::Basic | Kind::Extended, _) => true,
            // The mover's blue escapes and wins.
            (Kind::Det, _) | (Kind::WinBrVsBr, Player::First) => colour == Colour::Blue,
            // Player 2's piece on its escape square may be blue.
            (_, Player::Second) => true,
            // §6: player 1's purple leaves the board at its average.
            (_, Player::First) => colour == Colour::Purple,
        };
        if counts {
            escapes
        } else {
            0
        }
    }

    /// Player 1's goal in the §6 analyses, checked when it is to move.
    fn p1_goal(&self, p: &Position) -> bool {
        // A purple piece on an escape square leaves the board: its colour is
        // drawn then, average 0 (§6.1.1, §6.1.2, §6.2.2) or 1/3 (§6.2.1).
        if p.p1.of(Colour::Purple) & escapes(Player::First) != 0 {
            return true;
        }
        match self.kind {
            // §6.1.1: guess player 2's colours; sure win for both colourings
            // of player 1's purples (its red stays red).
            Kind::RbrVsBr => guess_wins(p, self.det()),
            // §6.2.2: all three of player 2's pieces capturable, and whichever
            // is taken, if blue, the 2-vs-2 position after it is not lost.
            Kind::BrVsBbrThird => {
                let safe = safe_captures(p, self.extended());
                squares(p.p2.all()).all(|t| safe & (1 << t) != 0)
            }
            // §6.2.2: two of player 2's pieces capturable with that property.
            Kind::BrVsBbrHalf => safe_captures(p, self.extended()).count_ones() >= 2,
            _ => false,
        }
    }

    /// The moves out of a position that is not terminal.
    #[must_use]
    pub fn moves(&self, p: &Position) -> Vec<Move> {
        self.moves_with_steps(p)
            .into_iter()
            .map(|(_, m)| m)
            .collect()
    }

    /// The moves out of a position that is not terminal, with the step
    /// each one makes.
    #[must_use]
    pub fn moves_with_steps(&self, p: &Position) -> Vec<(Step, Move)> {
        let mut out = Vec::new();
        self.for_each_move(p, |s, m| out.push((s, m)));
        out
    }

    /// Calls `f` with every move out of a position that is not terminal.
    pub fn for_each_move(&self, p: &Position, mut f: impl FnMut(Step, Move)) {
        p.for_each_step(|s| match s.captured {
            None => f(s, Move::To(p.play(s))),
            Some(_) => {
                if let Some(m) = self.capture_move(p, s) {
                    f(s, m);
                }
            }
        });
    }

    /// The moves of [`Analysis::for_each_move`] as the retrograde engine
    /// needs them: the number leading to positions of the analysis, and the
    /// outcome moves passed to `outcome`; no position is built for a step.
    pub fn count_moves(&self, p: &Position, mut outcome: impl FnMut(Reach)) -> u32 {
        let own = p.mover().all();
        let empty = !(own | p.waiter().all());
        let mut to_positions = squares(own)
            .map(|from| popcount(neighbours(from) & empty))
            .sum();
        // Every non-capturing step is a move to a position; only captures
        // differ between the analyses.
        if self.captures_are_moves() && neighbourhood(own) & p.waiter().all() != 0 {
            p.for_each_step(|s| {
                if s.captured.is_some() {
                    match self.capture_move(p, s) {
                        Some(Move::To(_)) => to_positions += 1,
                        Some(Move::Outcome(v)) => outcome(v),
                        None => {}
                    }
                }
            });
        }
        to_positions
    }

    /// What capturing step `s` is in the analysis: a move to a position, an
    /// outcome, or `None` where it is no move at all. §3 and §4 count only
    /// the non-capturing steps as edges.
    pub fn capture_move(&self, p: &Position, s: Step) -> Option<Move> {
        if !self.captures_are_moves() {
            return None;
        }
        match self.kind {
            Kind::Det => Some(det_move(p, s)),
            _ => self.capture(p, s),
        }
    }

    /// Whether any capture is a move of the analysis: not in §3 and §4,
    /// whose edges are the non-capturing steps alone.
    #[must_use]
    pub fn captures_are_moves(&self) -> bool {
        !matches!(self.kind, Kind::Basic | Kind::Extended)
    }

    /// Calls `f` with every position that has a move (in the sense of
    /// [`Analysis::for_each_move`]) leading to `p`, each once; positions
    /// decided by the rules are included. Every analysis has the
    /// non-capturing steps as moves (undone: a piece of the side that just
    /// moved steps back to an empty neighbour); only the full-information
    /// game has captures that stay in the table, of a colour the captured
    /// side still has after the capture (undone: the piece is put back on
    /// the square the capturer entered). Positions outside the analysis's
    /// piece sets are included too; the caller drops them, and says with
    /// `uncaptures` whether positions with one piece more than `p` can be in
    /// its table at all (if not, captures are not undone). `f` also gets
    /// the step leading from the predecessor to `p` (with a capture when one
    /// was undone: the piece sets then differ from `p`'s), so that an index
    /// can be updated for the one piece that moved instead of recomputed.
    pub fn for_each_unmove(
        &self,
        p: &Position,
        uncaptures: bool,
        mut f: impl FnMut(&Position, &Step),
    ) {
        let moved = p.to_move.opponent();
        let occupied = p.p1.all() | p.p2.all();
        for colour in Colour::ALL {
            for to in squares(p.army(moved).of(colour)) {
                for from in squares(neighbourhood(1 << to) & !occupied) {
                    let mut q = toggled(p, moved, colour, (1 << to) | (1 << from));
                    q.to_move = moved;
                    // Passed by reference: a step passed by value was
                    // assembled byte by byte in memory and read back whole,
                    // stalling store-to-load forwarding.
                    let step = |captured| Step {
                        from,
                        to,
                        colour,
                        captured,
                    };
                    f(&q, &step(None));
                    if uncaptures && self.kind == Kind::Det {
                        for captured in Colour::ALL {
                            if p.army(p.to_move).of(captured) != 0 {
                                let r = toggled(&q, p.to_move, captured, 1 << to);
                                f(&r, &step(Some(captured)));
                            }
                        }
                    }
                }
            }
        }
    }

    /// A capture in the §6 analyses and the sure-win table: `None` when the
    /// capturing side would never make it (the analysed strategy of player
    /// 1 captures only as its goal conditions say).
    fn capture(&self, p: &Position, s: Step) -> Option<Move> {
        let after = p.play(s);
        match (self.kind, p.to_move) {
            // Player 2 takes player 1's last blue (a win) or last red (a loss).
            (Kind::WinBrVsBr, Player::Second) => Some(Move::Outcome(match s.captured {
                Some(Colour::Blue) => Reach::Prevented,
                _ => Reach::Goal,
            })),
            // §6.1.1: taking the known red leaves purple 2 vs purple 2 (§4's
            // table, player 1 to move); taking a purple is blue (−1) or red
            // half the time, and then player 1 must win for sure.
            (Kind::RbrVsBr, Player::Second) => Some(Move::Outcome(match s.captured {
                Some(Colour::Red) => not_lost(self.extended().value(&after)),
                _ => {
                    let mut known = after;
                    known.p1.by_colour[0] = known.p1.by_colour[2];
                    known.p1.by_colour[2] = 0;
                    if self.win().value(&known) == Reach::Goal {
                        Reach::Goal
                    } else {
                        Reach::Prevented
                    }
                }
            })),
            // §6.1.2: player 1 takes a piece: blue wins at once; red leaves
            // purple 2 vs purple 2 with player 2 to move (§4's table).
            (Kind::BrVsBrr, Player::First) => {
                Some(Move::Outcome(not_lost(self.extended().value(&after))))
            }
            // §6.2.1: a captured purple of player 1 is red (1/3, gain 1) or
            // blue, leaving purple 2 vs purple 2 (§4's table).
            (Kind::BbrVsBr, Player::Second) => {
                Some(Move::Outcome(not_lost(self.extended().value(&after))))
            }
            // §6.2.2 (all attempts): a captured purple of player 1 averages 0.
            (Kind::BrVsBbrGuess | Kind::BrVsBbrThird | Kind::BrVsBbrHalf, Player::Second) => {
                Some(Move::Outcome(Reach::Goal))
            }
            // §6.2.2, first attempt: taking the piece assumed blue leaves
            // purple 2 vs purple 2 (player 2's blue and red), player 2 to move.
            (Kind::BrVsBbrGuess, Player::First) if s.captured == Some(Colour::Blue) => {
                Some(Move::Outcome(not_lost(self.extended().value(&after))))
            }
            _ => None,
        }
    }
}

/// `p` with the squares `set` toggled in `side`'s pieces of colour `colour`,
/// built field by field: writing one element of a copied position and then
/// reading the whole position stalls the processor's store-to-load
/// forwarding, which cost un-moves a third of their time.
fn toggled(p: &Position, side: Player, colour: Colour, set: Squares) -> Position {
    let army = |a: &Army, s: Player| {
        if s == side {
            let flip = |c: Colour| if c == colour { set } else { 0 };
            let b = a.by_colour;
            Army {
                by_colour: [
                    b[0] ^ flip(Colour::Blue),
                    b[1] ^ flip(Colour::Red),
                    b[2] ^ flip(Colour::Purple),
                ],
            }
        } else {
            *a
        }
    };
    Position {
        to_move: p.to_move,
        p1: army(&p.p1, Player::First),
        p2: army(&p.p2, Player::Second),
    }
}

fn not_lost(v: Reach) -> Reach {
    if v == Reach::Prevented {
        Reach::Prevented
    } else {
        Reach::Goal
    }
}

/// Player 2 to move with a piece on its escape square: it may be blue.
fn p2_escape(p: &Position) -> Option<Reach> {
    (p.p2.all() & escapes(Player::Second) != 0).then_some(Reach::Prevented)
}

/// Player 2's pieces that player 1 can capture such that, if the piece is
/// blue, the purple 2-vs-2 position after the capture (player 2 to move) is
/// not lost in §4's table.
fn safe_captures(p: &Position, extended: &dyn Lookup) -> Squares {
    p.steps()
        .into_iter()
        .filter(|s| s.captured.is_some())
        .filter(|s| extended.value(&p.play(*s)) != Reach::Prevented)
        .fold(0, |acc, s| acc | 1 << s.to)
}

/// The value meaning "`side` wins".
fn win_for(side: Player) -> Reach {
    match side {
        Player::First => Reach::Goal,
        Player::Second => Reach::Prevented,
    }
}

/// A step in the full-information game: capturing a colour the opponent
/// has two of is an ordinary move; capturing its last red loses at once.
/// (Capturing its last blue wins and is caught by `terminal`.)
fn det_move(p: &Position, s: Step) -> Move {
    match s.captured {
        None => Move::To(p.play(s)),
        Some(c) if p.waiter().several(c) => Move::To(p.play(s)),
        Some(Colour::Red) => Move::Outcome(win_for(p.to_move.opponent())),
        Some(_) => Move::Outcome(win_for(p.to_move)),
    }
}

/// §3's goal with player 1 to move: one of its pieces stands on one of its
/// escape squares, or every opponent piece is next to one of its pieces.
fn purple_goal(p: &Position) -> bool {
    p.p1.all() & escapes(Player::First) != 0 || p.p2.all() & !neighbourhood(p.p1.all()) == 0
}

/// The two ways of colouring two purple pieces blue and red.
fn colourings(army: &Army) -> [Army; 2] {
    let sq: Vec<Square> = squares(army.of(Colour::Purple)).collect();
    assert_eq!(sq.len(), 2, "colourings of two purple pieces");
    let colour = |blue: Square, red: Square| {
        let mut a = *army;
        a.by_colour[2] = 0;
        a.by_colour[0] |= 1 << blue;
        a.by_colour[1] |= 1 << red;
        a
    };
    [colour(sq[0], sq[1]), colour(sq[1], sq[0])]
}

/// §4's goal: for both guesses of the opponent's colours and both colourings
/// of player 1's own pieces, the full-information position (player 1 to
/// move) is won for player 1.
fn guess_wins(p: &Position, det: &dyn Lookup) -> bool {
    colourings(&p.p2).iter().all(|theirs| {
        colourings(&p.p1).iter().all(|ours| {
            let q = Position {
                to_move: Player::First,
                p1: *ours,
                p2: *theirs,
            };
            det.value(&q) == Reach::Goal
        })
    })
}

/// Every position of the given piece sets, both sides to move, in no
/// particular order: brute force over all placements.
#[must_use]
pub fn all_positions(layouts: &[(PieceSet, PieceSet)]) -> Vec<Position> {
    let mut out = Vec::new();
    for &(s1, s2) in layouts {
        let pieces: Vec<(Player, Colour)> = [(Player::First, s1), (Player::Second, s2)]
            .into_iter()
            .flat_map(|(side, set)| {
                Colour::ALL
                    .into_iter()
                    .flat_map(move |c| std::iter::repeat((side, c)).take(set.count(c) as usize))
            })
            .collect();
        let mut placed = Vec::new();
        place(&pieces, 0, &mut placed, &mut out);
    }
    out
}

fn place(
    pieces: &[(Player, Colour)],
    occupied: Squares,
    placed: &mut Vec<Square>,
    out: &mut Vec<Position>,
) {
    let k = placed.len();
    if k == pieces.len() {
        for to_move in [Player::First, Player::Second] {
            let mut p = Position {
                to_move,
                p1: Army::default(),
                p2: Army::default(),
            };
            for (&(side, c), &s) in pieces.iter().zip(placed.iter()) {
                let army = if side == Player::First {
                    &mut p.p1
                } else {
                    &mut p.p2
                };
                army.by_colour[c as usize] |= 1 << s;
            }
            out.push(p);
        }
        return;
    }
    // Identical pieces (same side and colour) are placed in increasing
    // square order so that each position appears once.
    let lowest = if k > 0 && pieces[k - 1] == pieces[k] {
        placed[k - 1] + 1
    } else {
        0
    };
    for s in lowest..16 {
        if occupied & (1 << s) == 0 {
            placed.push(s);
            place(pieces, occupied | (1 << s), placed, out);
            placed.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A piece on one of [`Analysis::deciding_squares`] decides the position
    /// by the rules in every analysis, for every position of its tables
    /// (the rules reach no other table before deciding such a position).
    #[test]
    fn deciding_squares_decide() {
        for kind in Kind::ALL {
            let analysis = Analysis {
                kind,
                det: None,
                extended: None,
                win: None,
            };
            let mut decided = 0;
            for p in all_positions(&kind.layouts()) {
                let army = p.mover();
                let on_deciding = Colour::ALL
                    .into_iter()
                    .any(|c| army.of(c) & analysis.deciding_squares(p.to_move, c) != 0);
                if on_deciding {
                    assert!(analysis.terminal(&p).is_some(), "{kind}: {p}");
                    decided += 1;
                }
            }
            assert!(decided > 0, "{kind}");
        }
    }
}
