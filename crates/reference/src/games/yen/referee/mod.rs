//! The referee (対戦管理プログラム, document 000 §2, Fig. 1): plays a series
//! of matches between two contestants — built-in strategies or external
//! programs over pipes — checks every bet, settles every round, and turns
//! any misbehaviour into a forfeit with its reason instead of a hang or a
//! panic.
//!
//! Rule interpretations (SPEC.md, "Rules, protocol and referee"):
//! - A player *faults* when its bet is not an integer, is negative, exceeds
//!   its money left, is not the remainder in the last round, when it exits
//!   or closes its output before betting, or when no bet arrives within the
//!   timeout. A fault forfeits the match: the other player wins it; if both
//!   fault first in the same round the match is drawn.
//! - After a fault the referee stops the faulty program and, for an
//!   innocent external opponent, finishes the match with a stand-in that
//!   bets all its remaining money at once (then 0), so the opponent's
//!   protocol stays in step. The stand-in rounds are not part of the record.
//! - A program that faulted is restarted for the next match with the number
//!   of matches left as its last argument. After three matches in a row with a fault it
//!   is not restarted: it forfeits every remaining match (`disqualified`).
//! - A series stopped part-way can be continued from the matches a log kept
//!   ([`Referee::resume_series`]): it ends as it would have without the stop.

//!
//! # Examples
//! Listing 4: always1000 against minus1 ends 3008 to 16992.
//! ```
//! use solved_games_reference::games::yen::players::{Always1000, Minus1};
//! use solved_games_reference::games::yen::referee::{BuiltIn, Referee};
//! use solved_games_reference::games::yen::rules::Rules;
//! let mut a = BuiltIn::new("always1000", Box::new(Always1000));
//! let mut b = BuiltIn::new("minus1", Box::new(Minus1));
//! let mut money = Vec::new();
//! let score = Referee::new(Rules::default())
//!     .play_series(&mut a, &mut b, 1000, |m| { money.push(m.money()); Ok(()) })
//!     .unwrap();
//! assert_eq!(money[0], (3008, 16992));
//! assert_eq!((score.wins_a, score.draws, score.wins_b), (0, 0, 1000));
//! ```

#[cfg(feature = "referee")]
pub mod external;
pub mod log;
pub mod players;
pub mod tournament;

use super::rules::{BetError, Round, Rounds, Rules};
use crate::core::{Outcome, Player};
use players::{Strategy, View};
use std::fmt;

/// Matches in a row with a fault after which a program is not restarted.
pub const MAX_FAULTS_IN_A_ROW: u32 = 3;

/// The most rounds a match of the command line (`yen match --rounds`) and
/// of the Python face (`yen_match(rounds=…)`) has: a transcript is O(R)
/// memory and text, and R = 4·10⁹ ran for minutes with no output.
pub const MAX_PLAY_ROUNDS: u32 = 10_000;

/// The largest T a match of the command line and of the Python face has:
/// money sums stay far inside u64.
pub const MAX_PLAY_TOTAL: u64 = 1_000_000_000_000;

/// An operating-system error kept comparable and cloneable (a
/// [`std::io::Error`] is neither): its kind and, where the system gave one,
/// its error number; shown as the system shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OsError {
    /// The kind of error.
    pub kind: std::io::ErrorKind,
    /// The system's error number (`errno`), if any.
    pub code: Option<i32>,
}

impl From<&std::io::Error> for OsError {
    fn from(e: &std::io::Error) -> OsError {
        OsError {
            kind: e.kind(),
            code: e.raw_os_error(),
        }
    }
}

impl fmt::Display for OsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.code {
            Some(code) => std::io::Error::from_raw_os_error(code).fmt(f),
            None => std::io::Error::from(self.kind).fmt(f),
        }
    }
}

/// Why a player forfeits a match.
#[derive(Debug, Clone, PartialEq)]
pub enum Fault {
    /// The line it printed is not an integer.
    NotANumber {
        /// The line, without its newline (cut to 40 characters).
        line: String,
    },
    /// It bet a negative number.
    Negative {
        /// The number as printed.
        line: String,
    },
    /// The bet breaks a rule of §2 (over the money left, or a last bet that
    /// is not the remainder).
    Illegal(BetError),
    /// It printed a number too large for any integer type (over 2^64 − 1),
    /// so certainly over its money left.
    TooLarge {
        /// The digits as printed (at most 64 characters).
        line: String,
        /// Its money left before the bet.
        remaining: u64,
    },
    /// It exited or closed its output before printing its bet.
    Exited {
        /// How it ended, if known (`exit status 0`, `signal 9`, …).
        status: Option<String>,
    },
    /// No bet within the timeout.
    Timeout {
        /// The timeout in seconds.
        seconds: f64,
    },
    /// It stopped reading the opponent's bets: the referee could not write
    /// within the timeout.
    NotReading {
        /// The timeout in seconds.
        seconds: f64,
    },
    /// It could not be (re)started.
    CannotStart {
        /// What could not be started: the player's program or its watchdog.
        program: String,
        /// The operating system's error.
        error: OsError,
    },
    /// Not restarted after [`MAX_FAULTS_IN_A_ROW`] faulty matches in a row.
    Disqualified,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::NotANumber { line } => write!(f, "not a number: {line:?}"),
            Fault::Negative { line } => write!(f, "negative bet {line}"),
            Fault::Illegal(e) => write!(f, "{e}"),
            Fault::TooLarge { line, remaining } => {
                write!(f, "bet {line} exceeds the {remaining} yen left")
            }
            Fault::Exited { status: Some(s) } => write!(f, "exited early ({s})"),
            Fault::Exited { status: None } => write!(f, "closed its output early"),
            Fault::Timeout { seconds } => write!(f, "no bet within {seconds} s"),
            Fault::NotReading { seconds } => {
                write!(f, "did not read the opponent's bet within {seconds} s")
            }
            Fault::CannotStart { program, error } => {
                write!(f, "cannot be restarted: {program}: {error}")
            }
            Fault::Disqualified => write!(
                f,
                "disqualified after {MAX_FAULTS_IN_A_ROW} faulty matches in a row"
            ),
        }
    }
}

impl std::error::Error for Fault {}

impl Fault {
    /// A short machine-readable kind for logs: `not_a_number`, `negative`,
    /// `over_remaining`, `last_bet_not_remainder`, `exited`, `timeout`,
    /// `not_reading`, `cannot_start`, `disqualified`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::NotANumber { .. } => "not_a_number",
            Fault::Negative { .. } => "negative",
            Fault::Illegal(BetError::OverRemaining { .. }) | Fault::TooLarge { .. } => {
                "over_remaining"
            }
            Fault::Illegal(BetError::LastBetNotRemainder { .. }) => "last_bet_not_remainder",
            Fault::Exited { .. } => "exited",
            Fault::Timeout { .. } => "timeout",
            Fault::NotReading { .. } => "not_reading",
            Fault::CannotStart { .. } => "cannot_start",
            Fault::Disqualified => "disqualified",
        }
    }
}

/// One side of a series as the referee drives it: a built-in [`Strategy`]
/// (see [`BuiltIn`]) or an external program (`external::External`).
pub trait Contestant {
    /// The name shown in transcripts and tables.
    fn name(&self) -> &str;

    /// Called once before a series of `games` matches (a program is
    /// started here with `games` as its last argument).
    ///
    /// # Errors
    /// The fault if the player cannot start; the series is not played.
    fn start(&mut self, rules: Rules, games: u64) -> Result<(), Fault>;

    /// Called before each match; `matches_left` counts this one. A program
    /// stopped after a fault is restarted here.
    ///
    /// # Errors
    /// [`Fault::CannotStart`] if a restart fails.
    fn begin_match(&mut self, matches_left: u64) -> Result<(), Fault>;

    /// The player's bet for round `view.round()`, not yet checked against
    /// the rules (the referee does that).
    ///
    /// # Errors
    /// The fault when no number arrives.
    fn bet(&mut self, view: &View<'_>) -> Result<u64, Fault>;

    /// Tells the player the opponent's bet of the round just settled.
    ///
    /// # Errors
    /// [`Fault::NotReading`] when the program does not take its input.
    fn tell(&mut self, opponent_bet: u64) -> Result<(), Fault>;

    /// The match is over; `rounds` are all its rounds.
    fn match_over(&mut self, side: Player, rounds: &[Round]);

    /// The player faulted: stop it (it is restarted by `begin_match`).
    fn fault(&mut self);

    /// The series is over: let the program exit (or stop it).
    fn finish(&mut self);

    /// Brings the player to where it stood after a match already played
    /// (a series resumed from its log): `bets` are every round the referee
    /// settled in it, as (A's bet, B's bet). A built-in strategy is driven
    /// through the match again and must bet what the log says; a program
    /// has nothing to rebuild (it is started afresh with the matches left,
    /// as after a fault), which is the default.
    ///
    /// # Errors
    /// [`ReplayMismatch`] when a replayed bet differs from the logged one:
    /// the log was written under other settings.
    fn replay(
        &mut self,
        side: Player,
        rules: Rules,
        bets: &[(u64, u64)],
    ) -> Result<(), ReplayMismatch> {
        let _ = (side, rules, bets);
        Ok(())
    }
}

/// A built-in player replayed over a logged match bets otherwise than the
/// log says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayMismatch {
    /// The round, 1-based.
    pub round: u32,
    /// The bet in the log (`None`: the log has no such round).
    pub logged: Option<u64>,
    /// The bet the player makes now (`None`: the log has a round more).
    pub replayed: Option<u64>,
}

impl fmt::Display for ReplayMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |b: Option<u64>| b.map_or_else(|| "nothing".to_string(), |b| b.to_string());
        write!(
            f,
            "round {}: the log has {}, the player now bets {}",
            self.round,
            show(self.logged),
            show(self.replayed)
        )
    }
}

impl std::error::Error for ReplayMismatch {}

/// A built-in strategy as a contestant: it never faults.
pub struct BuiltIn {
    name: String,
    strategy: Box<dyn Strategy + Send>,
}

impl BuiltIn {
    /// Wraps `strategy` under `name`.
    #[must_use]
    pub fn new(name: impl Into<String>, strategy: Box<dyn Strategy + Send>) -> BuiltIn {
        BuiltIn {
            name: name.into(),
            strategy,
        }
    }
}

impl Contestant for BuiltIn {
    fn name(&self) -> &str {
        &self.name
    }
    fn start(&mut self, _rules: Rules, _games: u64) -> Result<(), Fault> {
        Ok(())
    }
    fn begin_match(&mut self, _matches_left: u64) -> Result<(), Fault> {
        Ok(())
    }
    fn bet(&mut self, view: &View<'_>) -> Result<u64, Fault> {
        Ok(self.strategy.bet(view))
    }
    fn tell(&mut self, _opponent_bet: u64) -> Result<(), Fault> {
        Ok(())
    }
    fn match_over(&mut self, side: Player, rounds: &[Round]) {
        self.strategy.match_over(side, rounds);
    }
    fn fault(&mut self) {}
    fn finish(&mut self) {}
    fn replay(
        &mut self,
        side: Player,
        rules: Rules,
        bets: &[(u64, u64)],
    ) -> Result<(), ReplayMismatch> {
        // The referee asks a built-in (it never faults) for every round and
        // tells it every round at the end; do the same.
        let mut rounds = Rounds::default();
        for (i, &(a, b)) in bets.iter().enumerate() {
            let view = View {
                rules,
                side,
                rounds: rounds.as_slice(),
            };
            let bet = self.strategy.bet(&view);
            let logged = match side {
                Player::First => a,
                Player::Second => b,
            };
            if bet != logged {
                return Err(ReplayMismatch {
                    round: i as u32 + 1,
                    logged: Some(logged),
                    replayed: Some(bet),
                });
            }
            rounds.push(a, b);
        }
        if bets.len() != rules.rounds as usize {
            let round = bets.len().min(rules.rounds as usize) as u32 + 1;
            return Err(ReplayMismatch {
                round,
                logged: bets.get(rules.rounds as usize).map(|&(a, b)| match side {
                    Player::First => a,
                    Player::Second => b,
                }),
                replayed: None,
            });
        }
        self.strategy.match_over(side, rounds.as_slice());
        Ok(())
    }
}

/// A forfeit: who, in which round (0 = before the match), and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Forfeit {
    /// The side that forfeits.
    pub side: Player,
    /// The round of the fault, 1-based; 0 when the player could not play at all.
    pub round: u32,
    /// What went wrong.
    pub fault: Fault,
}

/// One finished match, as the referee reports it.
#[derive(Debug, Clone, Copy)]
pub struct MatchRecord<'a> {
    /// 1-based number of the match in its series.
    pub number: u64,
    /// The rounds played in full before any forfeit.
    pub rounds: &'a [Round],
    /// The rounds the referee settled after the first forfeit (against the
    /// stand-in; not part of the result). A log keeps them so that a
    /// resumed series can replay what the innocent player saw.
    pub after_forfeit: &'a [Round],
    /// The result: more money wins (§2), or the forfeit decides.
    pub outcome: Outcome,
    /// Forfeits of this match (empty when it was played out).
    pub forfeits: &'a [Forfeit],
}

impl MatchRecord<'_> {
    /// Each player's money at the end of the rounds in the record.
    #[must_use]
    pub fn money(&self) -> (u64, u64) {
        self.rounds
            .last()
            .map_or((0, 0), |r| (r.money_a, r.money_b))
    }
}

/// Totals of a series, from A's side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeriesScore {
    /// Matches won by A.
    pub wins_a: u64,
    /// Drawn matches.
    pub draws: u64,
    /// Matches won by B.
    pub wins_b: u64,
    /// Matches A forfeited.
    pub forfeits_a: u64,
    /// Matches B forfeited.
    pub forfeits_b: u64,
    /// The first match A forfeited as disqualified, if it was.
    pub disqualified_a: Option<u64>,
    /// The first match B forfeited as disqualified, if it was.
    pub disqualified_b: Option<u64>,
}

impl SeriesScore {
    /// Matches played.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.wins_a + self.draws + self.wins_b
    }

    /// The series result: more match wins wins the series (§2,
    /// 「勝ち数の多い方が, 1 対 1 対戦の勝者」); equal is a drawn series.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        match self.wins_a.cmp(&self.wins_b) {
            std::cmp::Ordering::Greater => Outcome::Winner(Player::First),
            std::cmp::Ordering::Less => Outcome::Winner(Player::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    /// Counts match `number`: its outcome, and per side (A, B) its forfeits
    /// and whether one was a disqualification.
    fn count(
        &mut self,
        number: u64,
        outcome: Outcome,
        forfeits: [u64; 2],
        disqualified: [bool; 2],
    ) {
        match outcome {
            Outcome::Winner(Player::First) => self.wins_a += 1,
            Outcome::Winner(Player::Second) => self.wins_b += 1,
            Outcome::Draw => self.draws += 1,
        }
        self.forfeits_a += forfeits[0];
        self.forfeits_b += forfeits[1];
        if disqualified[0] {
            self.disqualified_a.get_or_insert(number);
        }
        if disqualified[1] {
            self.disqualified_b.get_or_insert(number);
        }
    }
}

/// A match already played, as a log keeps it: enough to bring a series
/// back to where it stood after it (see [`Referee::resume_series`]).
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedMatch {
    /// Every round the referee settled, as (A's bet, B's bet): the rounds of
    /// the record, then those after the first forfeit.
    pub bets: Vec<(u64, u64)>,
    /// The result.
    pub outcome: Outcome,
    /// Per side (A, B): forfeits recorded in the match.
    pub forfeits: [u64; 2],
    /// Per side: it faulted in this match (a disqualified side's forfeit
    /// is not a new fault).
    pub faulted: [bool; 2],
    /// Per side: it forfeited the match as disqualified.
    pub disqualified: [bool; 2],
}

impl PlayedMatch {
    /// The match of `record`.
    #[must_use]
    pub fn from_record(record: &MatchRecord<'_>) -> PlayedMatch {
        let mut played = PlayedMatch {
            bets: record
                .rounds
                .iter()
                .chain(record.after_forfeit)
                .map(|r| (r.bet_a, r.bet_b))
                .collect(),
            outcome: record.outcome,
            forfeits: [0; 2],
            faulted: [false; 2],
            disqualified: [false; 2],
        };
        for f in record.forfeits {
            let i = side_index(f.side);
            played.forfeits[i] += 1;
            if f.fault == Fault::Disqualified {
                played.disqualified[i] = true;
            } else {
                played.faulted[i] = true;
            }
        }
        played
    }
}

fn side_index(side: Player) -> usize {
    match side {
        Player::First => 0,
        Player::Second => 1,
    }
}

/// Why a player command cannot be run (document 000 §2: a program and its
/// arguments).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandError {
    /// A quote that is never closed, so the words cannot be split.
    UnclosedQuote {
        /// The command as given.
        command: String,
    },
    /// No program named.
    Empty,
    /// Player programs run only on Unix (pipes, process groups) and with the
    /// `referee` feature.
    NeedsUnix,
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // shell_words's only error, worded as it words it.
            CommandError::UnclosedQuote { command } => {
                write!(f, "player command {command:?}: missing closing quote")
            }
            CommandError::Empty => f.write_str("empty player command"),
            CommandError::NeedsUnix => {
                f.write_str("player programs (cmd:) need a Unix system and the `referee` feature")
            }
        }
    }
}

impl std::error::Error for CommandError {}

/// Why a player could not be started for a series.
#[derive(Debug, Clone, PartialEq)]
pub enum StartError {
    /// Its command cannot be run.
    Command(CommandError),
    /// It faulted while starting (the program could not be spawned, or did
    /// not take the start of the series).
    Fault(Fault),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Command(e) => e.fmt(f),
            // The operating system's reason alone, as before the variant.
            StartError::Fault(Fault::CannotStart { program, error }) => {
                write!(f, "{program}: {error}")
            }
            StartError::Fault(other) => other.fmt(f),
        }
    }
}

impl std::error::Error for StartError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StartError::Command(e) => Some(e),
            StartError::Fault(e) => Some(e),
        }
    }
}

/// Why a series could not be played or reported.
#[derive(Debug)]
pub enum RefereeError {
    /// A player could not be started at all.
    CannotStart {
        /// The player's name.
        player: String,
        /// The reason.
        reason: StartError,
    },
    /// The caller's report of a match failed (e.g. the log file).
    Report(std::io::Error),
    /// Resuming: a built-in player does not replay a logged match as logged.
    Replay {
        /// The player's name.
        player: String,
        /// The match, 1-based.
        number: u64,
        /// Where it differs.
        mismatch: ReplayMismatch,
    },
    /// Resuming: more matches already played than the series has.
    TooManyPlayed {
        /// Matches already played.
        played: u64,
        /// Matches in the series.
        games: u64,
    },
}

impl fmt::Display for RefereeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefereeError::CannotStart { player, reason } => {
                write!(f, "cannot start player {player:?}: {reason}")
            }
            RefereeError::Report(e) => write!(f, "cannot record a match: {e}"),
            RefereeError::Replay {
                player,
                number,
                mismatch,
            } => write!(
                f,
                "{player} does not replay match {number} as logged ({mismatch}): \
                 the log was written with other settings"
            ),
            RefereeError::TooManyPlayed { played, games } => {
                write!(f, "{played} matches already played in a series of {games}")
            }
        }
    }
}

impl std::error::Error for RefereeError {}

/// The referee's book on one side during a series.
#[derive(Debug, Default)]
struct Standing {
    faults_in_a_row: u32,
    disqualified: bool,
    /// Still playing the current match (no fault yet).
    live: bool,
    /// Faulted in the current match.
    faulted: bool,
}

impl Standing {
    /// The match is over: count a fault in a row, or reset the count.
    fn close_match(&mut self) {
        if self.faulted {
            self.faults_in_a_row += 1;
            if self.faults_in_a_row >= MAX_FAULTS_IN_A_ROW {
                self.disqualified = true;
            }
        } else if !self.disqualified {
            self.faults_in_a_row = 0;
        }
    }
}

/// A referee for matches under fixed [`Rules`].
pub struct Referee {
    rules: Rules,
    rounds: Rounds,
    forfeits: Vec<Forfeit>,
}

impl Referee {
    /// A referee for `rules`.
    #[must_use]
    pub fn new(rules: Rules) -> Referee {
        Referee {
            rules,
            rounds: Rounds::default(),
            forfeits: Vec::new(),
        }
    }

    /// Plays a series of `games` matches between `a` (side A) and `b`,
    /// calling `report` after each match (an interrupted series keeps
    /// every match already reported).
    ///
    /// # Errors
    /// [`RefereeError::CannotStart`] when a player cannot be started for
    /// the first match; [`RefereeError::Report`] when `report` fails.
    pub fn play_series(
        &mut self,
        a: &mut dyn Contestant,
        b: &mut dyn Contestant,
        games: u64,
        report: impl FnMut(&MatchRecord<'_>) -> std::io::Result<()>,
    ) -> Result<SeriesScore, RefereeError> {
        self.resume_series(a, b, games, &[], report)
    }

    /// Continues a series of `games` matches of which `played` were
    /// already played (read back from a log): the score and the referee's
    /// book (faults in a row, disqualifications) are rebuilt from them,
    /// built-in players replay them to reach the state they had (and must
    /// bet as logged), programs are started afresh with the number of
    /// matches left — as after a fault — and the series goes on from match
    /// `played.len() + 1`. `report` is called for the new matches only.
    /// The returned score covers the whole series. With the same players
    /// and seeds, and programs that keep no state between matches, it
    /// equals the score of the series played without a break.
    ///
    /// # Errors
    /// As [`Referee::play_series`], and [`RefereeError::Replay`] when a
    /// built-in player does not bet as logged, [`RefereeError::TooManyPlayed`]
    /// when `played` is longer than the series.
    pub fn resume_series(
        &mut self,
        a: &mut dyn Contestant,
        b: &mut dyn Contestant,
        games: u64,
        played: &[PlayedMatch],
        mut report: impl FnMut(&MatchRecord<'_>) -> std::io::Result<()>,
    ) -> Result<SeriesScore, RefereeError> {
        let done = played.len() as u64;
        if done > games {
            return Err(RefereeError::TooManyPlayed {
                played: done,
                games,
            });
        }
        let mut score = SeriesScore::default();
        let mut standings = [Standing::default(), Standing::default()];
        for (number, m) in (1..).zip(played) {
            replay(&mut *a, Player::First, self.rules, number, m)?;
            replay(&mut *b, Player::Second, self.rules, number, m)?;
            score.count(number, m.outcome, m.forfeits, m.disqualified);
            for (i, st) in standings.iter_mut().enumerate() {
                st.faulted = m.faulted[i];
                st.disqualified |= m.disqualified[i];
                st.close_match();
            }
        }
        if done == games {
            return Ok(score);
        }
        let started = start_both(self.rules, a, b, games - done, &standings);
        if let Err(e) = started {
            a.finish();
            b.finish();
            return Err(e);
        }
        let mut result = Ok(());
        for number in done + 1..=games {
            let outcome = self.play_match(a, b, &mut standings, games - number + 1);
            let mut forfeits = [0; 2];
            let mut disqualified = [false; 2];
            for f in &self.forfeits {
                forfeits[side_index(f.side)] += 1;
                if f.fault == Fault::Disqualified {
                    disqualified[side_index(f.side)] = true;
                }
            }
            score.count(number, outcome, forfeits, disqualified);
            let record = self.record(number, outcome);
            if let Err(e) = report(&record) {
                result = Err(RefereeError::Report(e));
                break;
            }
        }
        a.finish();
        b.finish();
        result.map(|()| score)
    }

    /// The record of the match just played.
    fn record(&self, number: u64, outcome: Outcome) -> MatchRecord<'_> {
        let first_fault = self.forfeits.iter().map(|f| f.round).min();
        let played = first_fault
            .map_or(self.rounds.len(), |r| (r as usize).saturating_sub(1))
            .min(self.rounds.len());
        let (rounds, after_forfeit) = self.rounds.as_slice().split_at(played);
        MatchRecord {
            number,
            rounds,
            after_forfeit,
            outcome,
            forfeits: &self.forfeits,
        }
    }

    /// Plays one match and returns its outcome; the rounds and forfeits
    /// stay in `self` for the record.
    fn play_match(
        &mut self,
        a: &mut dyn Contestant,
        b: &mut dyn Contestant,
        standings: &mut [Standing; 2],
        matches_left: u64,
    ) -> Outcome {
        self.rounds.clear();
        self.forfeits.clear();
        let sides: [&mut dyn Contestant; 2] = [a, b];
        for (i, side) in [Player::First, Player::Second].into_iter().enumerate() {
            let st = &mut standings[i];
            st.faulted = false;
            st.live = false;
            if st.disqualified {
                self.forfeits.push(Forfeit {
                    side,
                    round: 0,
                    fault: Fault::Disqualified,
                });
                continue;
            }
            match sides[i].begin_match(matches_left) {
                Ok(()) => st.live = true,
                Err(fault) => {
                    st.faulted = true;
                    self.forfeits.push(Forfeit {
                        side,
                        round: 0,
                        fault,
                    });
                }
            }
        }
        let rules = self.rules;
        let mut remaining = [rules.total; 2];
        for round in 1..=rules.rounds {
            if !standings[0].live && !standings[1].live {
                break;
            }
            let mut bets = [0u64; 2];
            for (i, side) in [Player::First, Player::Second].into_iter().enumerate() {
                bets[i] = if standings[i].live {
                    let view = View {
                        rules,
                        side,
                        rounds: self.rounds.as_slice(),
                    };
                    let checked = sides[i].bet(&view).and_then(|bet| {
                        rules
                            .check_bet(round, remaining[i], bet)
                            .map(|()| bet)
                            .map_err(Fault::Illegal)
                    });
                    match checked {
                        Ok(bet) => bet,
                        Err(fault) => {
                            self.fault(&mut *sides[i], &mut standings[i], side, round, fault);
                            remaining[i]
                        }
                    }
                } else {
                    // The stand-in: all the money left at once, then 0.
                    remaining[i]
                };
            }
            remaining[0] -= bets[0];
            remaining[1] -= bets[1];
            self.rounds.push(bets[0], bets[1]);
            for (i, side) in [Player::First, Player::Second].into_iter().enumerate() {
                if standings[i].live {
                    if let Err(fault) = sides[i].tell(bets[1 - i]) {
                        self.fault(&mut *sides[i], &mut standings[i], side, round, fault);
                    }
                }
            }
        }
        for (i, side) in [Player::First, Player::Second].into_iter().enumerate() {
            let st = &mut standings[i];
            if st.live {
                sides[i].match_over(side, self.rounds.as_slice());
            }
            st.close_match();
        }
        self.outcome()
    }

    /// Records a fault (only the first of the match counts for the
    /// outcome) and stops the player.
    fn fault(
        &mut self,
        contestant: &mut dyn Contestant,
        standing: &mut Standing,
        side: Player,
        round: u32,
        fault: Fault,
    ) {
        contestant.fault();
        standing.live = false;
        if !standing.faulted {
            standing.faulted = true;
            self.forfeits.push(Forfeit { side, round, fault });
        }
    }

    /// The earliest forfeit decides; otherwise more money wins.
    fn outcome(&self) -> Outcome {
        match self.forfeits.iter().map(|f| f.round).min() {
            Some(first) => {
                let a = self
                    .forfeits
                    .iter()
                    .any(|f| f.round == first && f.side == Player::First);
                let b = self
                    .forfeits
                    .iter()
                    .any(|f| f.round == first && f.side == Player::Second);
                match (a, b) {
                    (true, false) => Outcome::Winner(Player::Second),
                    (false, true) => Outcome::Winner(Player::First),
                    _ => Outcome::Draw,
                }
            }
            None => {
                let (ma, mb) = self.rounds.money();
                match ma.cmp(&mb) {
                    std::cmp::Ordering::Greater => Outcome::Winner(Player::First),
                    std::cmp::Ordering::Less => Outcome::Winner(Player::Second),
                    std::cmp::Ordering::Equal => Outcome::Draw,
                }
            }
        }
    }
}

/// Replays match `number` for `side`.
fn replay(
    contestant: &mut dyn Contestant,
    side: Player,
    rules: Rules,
    number: u64,
    played: &PlayedMatch,
) -> Result<(), RefereeError> {
    contestant
        .replay(side, rules, &played.bets)
        .map_err(|mismatch| RefereeError::Replay {
            player: contestant.name().to_string(),
            number,
            mismatch,
        })
}

/// Starts both players for `games` matches, except a disqualified one.
fn start_both(
    rules: Rules,
    a: &mut dyn Contestant,
    b: &mut dyn Contestant,
    games: u64,
    standings: &[Standing; 2],
) -> Result<(), RefereeError> {
    if !standings[0].disqualified {
        start_one(rules, a, games)?;
    }
    if !standings[1].disqualified {
        start_one(rules, b, games)?;
    }
    Ok(())
}

fn start_one(rules: Rules, c: &mut dyn Contestant, games: u64) -> Result<(), RefereeError> {
    c.start(rules, games)
        .map_err(|fault| RefereeError::CannotStart {
            player: c.name().to_string(),
            reason: StartError::Fault(fault),
        })
}

/// A bet as Listing 4 prints it: right-aligned in two characters (C
/// `%2d`), in brackets when it is the lower bet that takes the round.
fn listing_bet(bet: u64, takes: bool) -> String {
    if takes {
        format!("[{bet:>2}]")
    } else {
        format!("{bet:>2}")
    }
}

/// The transcript of one match in the form of Listing 4: a header, one line
/// per round (`round: bet_a bet_b -> money_a money_b`, the lower bet in
/// brackets, none on a tie), the final money with the winner's in
/// brackets, and the winner line (`… won.` or `draw.`). A forfeit is shown
/// after the rounds played before it.
#[must_use]
pub fn transcript(name_a: &str, name_b: &str, record: &MatchRecord<'_>) -> String {
    use std::fmt::Write as _;
    let mut out = format!("{name_a} vs {name_b}\n");
    for (i, r) in record.rounds.iter().enumerate() {
        let _ = writeln!(
            out,
            "{}: {} {} -> {} {}",
            i + 1,
            listing_bet(r.bet_a, r.bet_a < r.bet_b),
            listing_bet(r.bet_b, r.bet_b < r.bet_a),
            r.money_a,
            r.money_b
        );
    }
    let name = |side: Player| match side {
        Player::First => name_a,
        Player::Second => name_b,
    };
    if record.forfeits.is_empty() {
        let (ma, mb) = record.money();
        let money = |m: u64, wins: bool| {
            if wins {
                format!("[{m}]")
            } else {
                m.to_string()
            }
        };
        let _ = writeln!(
            out,
            "    {} {}",
            money(ma, record.outcome == Outcome::Winner(Player::First)),
            money(mb, record.outcome == Outcome::Winner(Player::Second))
        );
    } else {
        for f in record.forfeits {
            let when = if f.round == 0 {
                "before the match".to_string()
            } else {
                format!("in round {}", f.round)
            };
            let _ = writeln!(out, "{} forfeits {when}: {}", name(f.side), f.fault);
        }
    }
    match record.outcome {
        Outcome::Winner(side) => {
            let _ = writeln!(out, "{} won.", name(side));
        }
        Outcome::Draw => out.push_str("draw.\n"),
    }
    out
}
