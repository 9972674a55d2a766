//! The analyses of document 003, each written as the moves the analysed
//! strategies make, from the paper's bullet lists (SPEC.md, "Mini-Geister,
//! document 003", records the reading of each).
//!
//! Every analysis is seen from player 1, who aims at a goal (an average
//! gain) while player 2 tries to prevent it. A move either leads to another
//! position of the same analysis or ends the analysis with a value:
//! [`Value::Reached`] (player 1's goal is reached), [`Value::Prevented`], or
//! [`Value::Neither`]. Where SPEC.md speaks of "a goal checked when player 1
//! is to move" (an escape, a random capture, a guess), this module has a move
//! of player 1 that ends with [`Value::Reached`]; a position with such a move
//! is decided in the first sweep, at distance 1, exactly as a position
//! "decided by the rules".

use super::board::{Colour, Piece, Player, Position, Square};
use super::Solved;
use rayon::prelude::*;

/// The value of a position or of a move that ends the analysis, always from
/// player 1's side (§5: 1 reached, −1 prevented, 0 neither in finitely many
/// moves).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// Player 1 reaches its goal in finitely many moves (+1).
    Reached,
    /// Neither side forces its aim in finitely many moves (0).
    Neither,
    /// Player 2 prevents the goal in finitely many moves (−1).
    Prevented,
}

impl Value {
    /// +1, 0 or −1.
    #[must_use]
    pub fn sign(self) -> i8 {
        match self {
            Value::Reached => 1,
            Value::Neither => 0,
            Value::Prevented => -1,
        }
    }

    /// The value `player` plays for.
    #[must_use]
    pub fn wanted_by(player: Player) -> Value {
        match player {
            Player::One => Value::Reached,
            Player::Two => Value::Prevented,
        }
    }
}

/// What a move does in an analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// It leads to this position of the analysis.
    To(Position),
    /// It ends the analysis with this value.
    Ends(Value),
}

/// One retrograde analysis of the paper (the names are the CLI's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Analysis {
    /// §3: two purples each; average 0 by escaping, by being captured, or by
    /// capturing one of two capturable pieces at random.
    Basic,
    /// The full-information game (colours known to both), read by §4 and
    /// §6.1.1: BR vs BR, BBR vs BR, BRR vs BR, BR vs BBR, BR vs BRR.
    Det,
    /// §4: [`Analysis::Basic`] plus the guess of the opponent's colours.
    Extended,
    /// Player 1's blue and red known vs two purples, goal a sure win (read
    /// by §6.1.1).
    WinBrVsBr,
    /// §6.1.1: a known red on b2 and two purples vs two purples, goal 0.
    RbrVsBr,
    /// §6.1.2: two purples vs three (B, R, R), goal 0.
    BrVsBrr,
    /// §6.2.1 (corrected): three purples (B, B, R) vs two, goal 1/3.
    BbrVsBr,
    /// §6.2.2, first attempt at −1/3: one of player 2's three pieces taken
    /// to be blue.
    BrVsBbrGuess,
    /// §6.2.2, second attempt at −1/3: capture one of three at random.
    BrVsBbrThird,
    /// §6.2.2, the attempt at −1/2: capture one of two at random.
    BrVsBbrHalf,
}

impl Analysis {
    /// Every analysis, each after the ones it reads.
    pub const ALL: [Analysis; 10] = [
        Analysis::Basic,
        Analysis::Det,
        Analysis::Extended,
        Analysis::WinBrVsBr,
        Analysis::RbrVsBr,
        Analysis::BrVsBrr,
        Analysis::BbrVsBr,
        Analysis::BrVsBbrGuess,
        Analysis::BrVsBbrThird,
        Analysis::BrVsBbrHalf,
    ];

    /// The name used on the command line, in JSON and by the engine.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Analysis::Basic => "basic",
            Analysis::Det => "det",
            Analysis::Extended => "extended",
            Analysis::WinBrVsBr => "win-br-vs-br",
            Analysis::RbrVsBr => "rbr-vs-br",
            Analysis::BrVsBrr => "br-vs-brr",
            Analysis::BbrVsBr => "bbr-vs-br",
            Analysis::BrVsBbrGuess => "br-vs-bbr-guess",
            Analysis::BrVsBbrThird => "br-vs-bbr-third",
            Analysis::BrVsBbrHalf => "br-vs-bbr-half",
        }
    }

    /// The analysis called `name`.
    #[must_use]
    pub fn named(name: &str) -> Option<Analysis> {
        Analysis::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The analyses whose values this one reads.
    #[must_use]
    pub fn reads(self) -> Vec<Analysis> {
        match self {
            Analysis::Basic | Analysis::Det | Analysis::WinBrVsBr => vec![],
            Analysis::Extended => vec![Analysis::Det],
            Analysis::RbrVsBr => vec![Analysis::Det, Analysis::Extended, Analysis::WinBrVsBr],
            _ => vec![Analysis::Extended],
        }
    }

    /// The pieces of player 1 and of player 2 in each piece set the analysis
    /// covers.
    #[must_use]
    pub fn piece_sets(self) -> Vec<[Vec<Colour>; 2]> {
        // One letter per colour, as the paper writes piece sets.
        let (b, r, p) = (Colour::Blue, Colour::Red, Colour::Purple);
        match self {
            Analysis::Basic | Analysis::Extended => vec![[vec![p, p], vec![p, p]]],
            Analysis::Det => vec![
                [vec![b, r], vec![b, r]],
                [vec![b, b, r], vec![b, r]],
                [vec![b, r, r], vec![b, r]],
                [vec![b, r], vec![b, b, r]],
                [vec![b, r], vec![b, r, r]],
            ],
            Analysis::WinBrVsBr => vec![[vec![b, r], vec![p, p]]],
            Analysis::RbrVsBr => vec![[vec![r, p, p], vec![p, p]]],
            Analysis::BrVsBrr | Analysis::BrVsBbrThird | Analysis::BrVsBbrHalf => {
                vec![[vec![p, p], vec![p, p, p]]]
            }
            Analysis::BbrVsBr => vec![[vec![p, p, p], vec![p, p]]],
            Analysis::BrVsBbrGuess => vec![[vec![p, p], vec![b, p, p]]],
        }
    }

    /// The start positions whose values the paper reports, without the side
    /// to move. The reported value is the worst of the list; there are
    /// several only for [`Analysis::BrVsBbrGuess`] (the piece taken to be
    /// blue is drawn at random: b3, b4 or c4).
    #[must_use]
    pub fn starts(self) -> Vec<&'static str> {
        match self {
            // §1, Fig. 1.
            Analysis::Basic | Analysis::Extended => vec!["b1,c1/b4,c4"],
            // Fig. 1 (right): player 1's blue on b1, red on c1; player 2 the
            // same, mirrored.
            Analysis::Det => vec!["Bb1,Rc1/Bb4,Rc4"],
            Analysis::WinBrVsBr => vec!["Bb1,Rc1/b4,c4"],
            // §6: the third piece on the second rank (b2 for player 1, b3 for
            // player 2); §6.1.1's is red.
            Analysis::RbrVsBr => vec!["b1,c1,Rb2/b4,c4"],
            Analysis::BbrVsBr => vec!["b1,c1,b2/b4,c4"],
            Analysis::BrVsBrr | Analysis::BrVsBbrThird | Analysis::BrVsBbrHalf => {
                vec!["b1,c1/b3,b4,c4"]
            }
            Analysis::BrVsBbrGuess => vec!["b1,c1/Bb3,b4,c4", "b1,c1/b3,Bb4,c4", "b1,c1/b3,b4,Bc4"],
        }
    }

    /// Every position of the analysis, both players to move: each piece set
    /// placed on the board in every possible way, by placing its pieces one
    /// at a time on any empty square (pieces of one owner and colour are
    /// interchangeable: sorting by [`Position::key`] brings the repeats
    /// together and they are dropped).
    #[must_use]
    pub fn positions(self) -> Vec<Position> {
        let mut boards = Vec::new();
        for [one, two] in self.piece_sets() {
            let pieces: Vec<Piece> = one
                .iter()
                .map(|&colour| Piece {
                    owner: Player::One,
                    colour,
                })
                .chain(two.iter().map(|&colour| Piece {
                    owner: Player::Two,
                    colour,
                }))
                .collect();
            place(&pieces, Position::empty(Player::One), &mut boards);
        }
        // Sorted by key (each computed once), in parallel: placing identical
        // pieces in either order gives the same board twice.
        let mut keyed: Vec<(u64, Position)> =
            boards.into_par_iter().map(|b| (b.key(), b)).collect();
        keyed.par_sort_unstable_by_key(|&(key, _)| key);
        keyed.dedup_by_key(|&mut (key, _)| key);
        let boards: Vec<Position> = keyed.into_iter().map(|(_, b)| b).collect();
        // Player 1 to move first: the whole list is then in key order too.
        let mut out = Vec::with_capacity(2 * boards.len());
        for to_move in [Player::One, Player::Two] {
            for &board in &boards {
                let mut p = board;
                p.to_move = to_move;
                out.push(p);
            }
        }
        out
    }

    /// Every move of the player to move in `p`, as the analysed strategies
    /// play: its escapes, its steps and captures, and player 1's random
    /// capture and guess. `solved` holds the analyses this one reads.
    #[must_use]
    pub fn moves(self, p: &Position, solved: &Solved) -> Vec<Move> {
        let mut moves = Vec::new();
        self.moves_into(p, solved, &mut moves);
        moves
    }

    /// [`Analysis::moves`], appended to `moves` (the sweeps list the moves
    /// of millions of positions into one buffer).
    pub fn moves_into(self, p: &Position, solved: &Solved, moves: &mut Vec<Move>) {
        let mover = p.to_move;
        for (square, colour) in p.pieces_of(mover) {
            if mover.escape_squares().contains(&square) {
                if let Some(value) = self.escape(mover, colour) {
                    moves.push(Move::Ends(value));
                }
            }
        }
        for step in p.steps() {
            match step.captured {
                None => moves.push(Move::To(p.after(step))),
                Some(captured) => {
                    if let Some(m) = self.capture(p, p.after(step), captured, solved) {
                        moves.push(m);
                    }
                }
            }
        }
        if mover == Player::One && self.player_one_finishes(p, solved) {
            moves.push(Move::Ends(Value::Reached));
        }
    }

    /// What `player`'s piece of `colour` leaving the board from one of its
    /// escape squares does, or `None` where the analysed play never does it.
    fn escape(self, player: Player, colour: Colour) -> Option<Value> {
        match (self, player) {
            // §1: only a blue piece may leave the board, and it wins.
            (Analysis::Det, _) => (colour == Colour::Blue).then_some(Value::wanted_by(player)),
            // Player 2's pieces are purple to player 1 (in the first §6.2.2
            // attempt the one taken to be blue may be blue too): one on an
            // escape square may be blue and leave.
            (_, Player::Two) => Some(Value::Prevented),
            // The goal is a sure win: only the known blue escapes.
            (Analysis::WinBrVsBr, Player::One) => {
                (colour == Colour::Blue).then_some(Value::Reached)
            }
            // §2, §6: player 1 looks at a purple's colour when it leaves:
            // blue wins, red loses, average 0 (1/3 in §6.2.1). §6.1.1's known
            // red stays.
            (_, Player::One) => (colour == Colour::Purple).then_some(Value::Reached),
        }
    }

    /// What the capture leading to `after` is, `captured` being the piece
    /// taken, or `None` where the analysed play never makes it.
    fn capture(
        self,
        p: &Position,
        after: Position,
        captured: Piece,
        solved: &Solved,
    ) -> Option<Move> {
        let mover = p.to_move;
        // A purple 2-vs-2 position reached after a capture counts as reached
        // unless §4's table prevents it (§5 「値が 0 になった場合は、平均利得 0 を
        // 達成できるとみなす」, §6.1.1 「平均利得 0 以上の配置になる」).
        let unless_lost_in_extended = || {
            Move::Ends(match solved.value(Analysis::Extended, &after) {
                Value::Prevented => Value::Prevented,
                _ => Value::Reached,
            })
        };
        match (self, mover) {
            // The full-information game (original Geister, §1): taking a
            // colour the opponent has two of is an ordinary move; taking its
            // last blue wins, its last red loses.
            (Analysis::Det, _) => {
                let left = p.count(captured.owner, captured.colour);
                Some(if left >= 2 {
                    Move::To(after)
                } else if captured.colour == Colour::Blue {
                    Move::Ends(Value::wanted_by(mover))
                } else {
                    Move::Ends(Value::wanted_by(mover.opponent()))
                })
            }
            // §2: player 1's purple taken is blue or red with 1/2 each:
            // average 0 (§6.2.2 likewise).
            (
                Analysis::Basic
                | Analysis::Extended
                | Analysis::BrVsBrr
                | Analysis::BrVsBbrGuess
                | Analysis::BrVsBbrThird
                | Analysis::BrVsBbrHalf,
                Player::Two,
            ) => Some(Move::Ends(Value::Reached)),
            // Player 1's colours are known: its blue taken loses, its red
            // taken wins.
            (Analysis::WinBrVsBr, Player::Two) => Some(Move::Ends(match captured.colour {
                Colour::Blue => Value::Prevented,
                _ => Value::Reached,
            })),
            // §6.1.1: the known red taken leaves purple 2 vs 2 (§4's table);
            // a purple taken is blue (−1) or, half the time, red — then the
            // other purple is blue, and only a sure win from there averages 0.
            (Analysis::RbrVsBr, Player::Two) => Some(match captured.colour {
                Colour::Red => unless_lost_in_extended(),
                _ => {
                    let mut known = after;
                    for (square, colour) in after.pieces_of(Player::One) {
                        if colour == Colour::Purple {
                            known.set(
                                square,
                                Some(Piece {
                                    owner: Player::One,
                                    colour: Colour::Blue,
                                }),
                            );
                        }
                    }
                    Move::Ends(match solved.value(Analysis::WinBrVsBr, &known) {
                        Value::Reached => Value::Reached,
                        _ => Value::Prevented,
                    })
                }
            }),
            // §6.1.2: player 1 takes one of B, R, R: blue wins, red leaves
            // purple 2 vs 2 with player 2 to move.
            (Analysis::BrVsBrr, Player::One) => Some(unless_lost_in_extended()),
            // §6.2.1: player 1's purple taken is red (gain 1) or blue, leaving
            // purple 2 vs 2.
            (Analysis::BbrVsBr, Player::Two) => Some(unless_lost_in_extended()),
            // §6.2.2, first attempt: player 1 takes only the piece it took to
            // be blue; right, 2 vs 2 remains (wrong, −1 anyway).
            (Analysis::BrVsBbrGuess, Player::One) if captured.colour == Colour::Blue => {
                Some(unless_lost_in_extended())
            }
            // Player 1 does not otherwise capture: the piece may be red.
            _ => None,
        }
    }

    /// Whether player 1, to move in `p`, ends the analysis at its goal by a
    /// random capture or a guess.
    fn player_one_finishes(self, p: &Position, solved: &Solved) -> bool {
        match self {
            // §2: both of player 2's pieces capturable: take one at random.
            Analysis::Basic => every_piece_capturable(p),
            // §4: or guess player 2's colours, winning for sure if right.
            Analysis::Extended => every_piece_capturable(p) || guess_wins(p, solved),
            // §6.1.1: the guess, with player 1's red staying red.
            Analysis::RbrVsBr => guess_wins(p, solved),
            // §6.2.2: take one of three at random, each a good capture.
            Analysis::BrVsBbrThird => good_captures(p, solved) == p.pieces_of(Player::Two).len(),
            // §6.2.2 (−1/2): take one of two at random.
            Analysis::BrVsBbrHalf => good_captures(p, solved) >= 2,
            _ => false,
        }
    }
}

/// Places `pieces` one at a time on the empty squares of `board`, adding
/// every finished board to `out` (with repeats).
fn place(pieces: &[Piece], board: Position, out: &mut Vec<Position>) {
    let Some((&first, rest)) = pieces.split_first() else {
        out.push(board);
        return;
    };
    for square in Square::all() {
        if board.at(square).is_none() {
            let mut next = board;
            next.set(square, Some(first));
            place(rest, next, out);
        }
    }
}

/// The squares of player 2's pieces that player 1 (to move) can capture.
fn capturable(p: &Position) -> Vec<Square> {
    let mut out: Vec<Square> = p
        .steps()
        .into_iter()
        .filter(|s| s.captured.is_some())
        .map(|s| s.to)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// §2 「相手の2つの駒を両方取れる配置」.
fn every_piece_capturable(p: &Position) -> bool {
    capturable(p).len() == p.pieces_of(Player::Two).len()
}

/// §6.2.2: how many of player 2's pieces player 1 can capture such that,
/// if the piece is blue, the purple 2-vs-2 position after the capture is not
/// prevented in §4's table (a capture "good" for that piece).
fn good_captures(p: &Position, solved: &Solved) -> usize {
    let mut good: Vec<Square> = p
        .steps()
        .into_iter()
        .filter(|s| s.captured.is_some())
        .filter(|s| solved.value(Analysis::Extended, &p.after(*s)) != Value::Prevented)
        .map(|s| s.to)
        .collect();
    good.sort();
    good.dedup();
    good.len()
}

/// The two ways of colouring `player`'s two purple pieces one blue, one red.
fn colourings(p: &Position, player: Player) -> Vec<Position> {
    let purples: Vec<Square> = p
        .pieces_of(player)
        .into_iter()
        .filter(|(_, c)| *c == Colour::Purple)
        .map(|(s, _)| s)
        .collect();
    assert_eq!(purples.len(), 2, "{p}: colourings of two purple pieces");
    let paint = |blue: Square, red: Square| {
        let mut q = *p;
        q.set(
            blue,
            Some(Piece {
                owner: player,
                colour: Colour::Blue,
            }),
        );
        q.set(
            red,
            Some(Piece {
                owner: player,
                colour: Colour::Red,
            }),
        );
        q
    };
    vec![paint(purples[0], purples[1]), paint(purples[1], purples[0])]
}

/// §4 「推測が正しいときに、自分の駒の色を見て、自分の駒の色が「赤青」または「青赤」の
/// どちらでも確実に勝てる」: for both guesses of player 2's colours and both
/// colourings of player 1's purples, the full-information position (player
/// 1 to move) is won.
fn guess_wins(p: &Position, solved: &Solved) -> bool {
    colourings(p, Player::Two).iter().all(|guess| {
        colourings(guess, Player::One)
            .iter()
            .all(|full| solved.value(Analysis::Det, full) == Value::Reached)
    })
}
