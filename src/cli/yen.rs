//! `solved-games yen`: play matches and tournaments through the referee
//! (this file), and solve scaled games exactly (`yen_solve.rs`).

use super::{print_json, yen_solve, CliError, Outcome};
use clap::Subcommand;
use serde_json::json;
use solved_games::core::{Outcome as Result3, Player};
use solved_games::games::yen::referee::{transcript, Referee, RefereeError, SeriesScore};
use solved_games::games::yen::rules::Rules;
use solved_games::games::yen::tournament::{
    match_json, pairings, player_seed, wilson95, PlayerSpec,
};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// Options of `solved-games yen`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: YenCommand,
}

#[derive(Subcommand)]
enum YenCommand {
    /// Play one series of matches between two players through the referee.
    Match(MatchArgs),
    /// Round robin: every pair of players plays one series.
    Tournament(TournamentArgs),
    /// Solve a scaled game exactly: value and an equilibrium first-round strategy.
    Solve(yen_solve::SolveArgs),
    /// Exact maximum win probability against a built-in player.
    BestResponse(yen_solve::BestResponseArgs),
}

/// Options shared by `match` and `tournament`.
#[derive(clap::Args)]
struct PlayArgs {
    /// Matches per series (§2: 1,000).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Money each player bets in full (T; §2: 10,000 yen).
    #[arg(long, default_value_t = 10_000)]
    total: u64,
    /// Rounds per match (R; §2: 10).
    #[arg(long, default_value_t = 10)]
    rounds: u32,
    /// Seed of the `random` players (each player and series gets its own stream).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seconds a player program has for each bet (and to read each reply).
    #[arg(long, default_value_t = 2.0)]
    timeout: f64,
    /// Append one JSON line per match to FILE as it is played.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// Options of `solved-games yen match`.
#[derive(clap::Args)]
struct MatchArgs {
    /// Player A: always1000, minus1, random, hunter (our own), or cmd:PROGRAM [ARGS]
    /// (the number of matches is appended as the last argument).
    #[arg(long)]
    a: String,
    /// Player B, as for --a.
    #[arg(long)]
    b: String,
    /// Print every match in the form of Listing 4.
    #[arg(long)]
    transcript: bool,
    #[command(flatten)]
    play: PlayArgs,
}

/// Options of `solved-games yen tournament`.
#[derive(clap::Args)]
struct TournamentArgs {
    /// Comma-separated players (at least two, all different): always1000,
    /// minus1, random, hunter, cmd:PROGRAM [ARGS].
    #[arg(long, value_delimiter = ',', required = true)]
    players: Vec<String>,
    #[command(flatten)]
    play: PlayArgs,
}

pub fn run(args: Args) -> Outcome {
    match args.command {
        YenCommand::Match(a) => run_match(a),
        YenCommand::Tournament(a) => run_tournament(a),
        YenCommand::Solve(a) => yen_solve::run_solve(a),
        YenCommand::BestResponse(a) => yen_solve::run_best_response(a),
    }
}

/// `println!` that returns the I/O error (closed stdout) instead of panicking.
macro_rules! out {
    () => {
        writeln!(std::io::stdout())?
    };
    ($($arg:tt)*) => {
        writeln!(std::io::stdout(), $($arg)*)?
    };
}

/// Largest T accepted: money sums stay far inside u64.
const MAX_TOTAL: u64 = 1_000_000_000_000;

impl PlayArgs {
    fn rules(&self) -> Result<Rules, CliError> {
        if self.rounds == 0 {
            return Err(CliError::Input("--rounds must be at least 1".into()));
        }
        if self.total > MAX_TOTAL {
            return Err(CliError::Input(format!(
                "--total {} is out of range (at most {MAX_TOTAL})",
                self.total
            )));
        }
        if self.games == 0 {
            return Err(CliError::Input("--games must be at least 1".into()));
        }
        Ok(Rules {
            total: self.total,
            rounds: self.rounds,
        })
    }

    fn timeout(&self) -> Result<Duration, CliError> {
        if !(self.timeout.is_finite() && self.timeout > 0.0 && self.timeout <= 3600.0) {
            return Err(CliError::Input(format!(
                "--timeout {} is out of range: seconds, more than 0 and at most 3600",
                self.timeout
            )));
        }
        Ok(Duration::from_secs_f64(self.timeout))
    }

    fn open_log(&self) -> Result<Option<File>, CliError> {
        self.log
            .as_ref()
            .map(|path| {
                OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| CliError::io(path, &e))
            })
            .transpose()
    }
}

fn parse_spec(flag: &str, text: &str) -> Result<PlayerSpec, CliError> {
    text.parse()
        .map_err(|e| CliError::Input(format!("{flag} {text:?}: {e}")))
}

/// Plays one series between `a` and `b`, appending each match to `log`
/// and printing its transcript if asked.
#[allow(clippy::too_many_arguments)]
fn series(
    play: &PlayArgs,
    rules: Rules,
    index: usize,
    (pos_a, a): (usize, &PlayerSpec),
    (pos_b, b): (usize, &PlayerSpec),
    log: &mut Option<File>,
    print_transcripts: bool,
) -> Result<SeriesScore, CliError> {
    let timeout = play.timeout()?;
    let series_seed = player_seed(play.seed, index);
    let mut ca = a
        .contestant(player_seed(series_seed, pos_a), timeout)
        .map_err(CliError::Input)?;
    let mut cb = b
        .contestant(player_seed(series_seed, pos_b), timeout)
        .map_err(CliError::Input)?;
    let (name_a, name_b) = (a.name(), b.name());
    let mut referee = Referee::new(rules);
    // Progress on stderr for long series: at most one line a second.
    let mut last_progress = std::time::Instant::now();
    referee
        .play_series(&mut *ca, &mut *cb, play.games, |record| {
            if let Some(file) = log.as_mut() {
                let line = match_json(index + 1, &name_a, &name_b, record);
                writeln!(file, "{line}")?;
                file.flush()?;
            }
            if print_transcripts {
                // Through `?`, not `println!`: a closed stdout (`| head`)
                // ends the series with an error instead of a panic.
                writeln!(
                    std::io::stdout(),
                    "{}",
                    transcript(&name_a, &name_b, record)
                )?;
            }
            if last_progress.elapsed() >= Duration::from_secs(1) {
                last_progress = std::time::Instant::now();
                eprintln!(
                    "yen: {name_a} vs {name_b}: {}/{} matches",
                    record.number, play.games
                );
            }
            Ok(())
        })
        .map_err(|e| match e {
            RefereeError::CannotStart { .. } => CliError::Input(e.to_string()),
            RefereeError::Report(_) => CliError::Failed(e.to_string()),
        })
}

/// `12 (1.2% [0.7%, 2.1%])`: a count, its share and the 95% Wilson interval.
fn rate(k: u64, n: u64) -> String {
    let (lo, hi) = wilson95(k, n);
    format!(
        "{k} ({:.1}% [{:.1}%, {:.1}%])",
        100.0 * k as f64 / n.max(1) as f64,
        100.0 * lo,
        100.0 * hi
    )
}

fn rate_json(k: u64, n: u64) -> serde_json::Value {
    let (lo, hi) = wilson95(k, n);
    json!({"count": k, "rate": k as f64 / n.max(1) as f64, "low95": lo, "high95": hi})
}

fn winner_name<'a>(score: &SeriesScore, a: &'a str, b: &'a str) -> Option<&'a str> {
    match score.outcome() {
        Result3::Winner(Player::First) => Some(a),
        Result3::Winner(Player::Second) => Some(b),
        Result3::Draw => None,
    }
}

fn series_json(a: &str, b: &str, s: &SeriesScore) -> serde_json::Value {
    let n = s.games();
    json!({
        "a": a, "b": b, "games": n,
        "wins_a": rate_json(s.wins_a, n),
        "draws": rate_json(s.draws, n),
        "wins_b": rate_json(s.wins_b, n),
        "forfeits_a": s.forfeits_a, "forfeits_b": s.forfeits_b,
        "winner": winner_name(s, a, b),
    })
}

fn series_text(a: &str, b: &str, s: &SeriesScore) -> String {
    let n = s.games();
    let verdict = match winner_name(s, a, b) {
        Some(w) => format!("{w} wins the series"),
        None => "the series is drawn".to_string(),
    };
    format!(
        "{a} vs {b}: {n} match{}: {a} wins {}, draws {}, {b} wins {}; forfeits {}/{}; {verdict}.",
        if n == 1 { "" } else { "es" },
        rate(s.wins_a, n),
        rate(s.draws, n),
        rate(s.wins_b, n),
        s.forfeits_a,
        s.forfeits_b
    )
}

fn run_match(args: MatchArgs) -> Outcome {
    let rules = args.play.rules()?;
    args.play.timeout()?;
    let a = parse_spec("--a", &args.a)?;
    let b = parse_spec("--b", &args.b)?;
    let mut log = args.play.open_log()?;
    let score = series(
        &args.play,
        rules,
        0,
        (0, &a),
        (1, &b),
        &mut log,
        args.transcript && !args.play.json,
    )?;
    let (na, nb) = (a.name(), b.name());
    if args.play.json {
        let mut value = series_json(&na, &nb, &score);
        value["total"] = json!(rules.total);
        value["rounds"] = json!(rules.rounds);
        value["seed"] = json!(args.play.seed);
        print_json(&value)?;
    } else {
        out!("{}", series_text(&na, &nb, &score));
    }
    Ok(true)
}

/// A player's line in the standings.
#[derive(Default, Clone)]
struct Standing {
    series_won: u64,
    series_drawn: u64,
    series_lost: u64,
    matches_won: u64,
    matches_drawn: u64,
    matches_lost: u64,
    forfeits: u64,
}

fn run_tournament(args: TournamentArgs) -> Outcome {
    let rules = args.play.rules()?;
    args.play.timeout()?;
    let specs: Vec<PlayerSpec> = args
        .players
        .iter()
        .map(|p| parse_spec("--players", p))
        .collect::<Result<_, _>>()?;
    if specs.len() < 2 {
        return Err(CliError::Input(
            "--players needs at least two players".into(),
        ));
    }
    let names: Vec<String> = specs.iter().map(PlayerSpec::name).collect();
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            return Err(CliError::Input(format!(
                "--players names {n:?} twice; each player plays once"
            )));
        }
    }
    let mut log = args.play.open_log()?;
    let mut table = vec![Standing::default(); specs.len()];
    let mut series_out = Vec::new();
    let pairs = pairings(specs.len());
    for (index, &(i, j)) in pairs.iter().enumerate() {
        eprintln!(
            "yen: series {}/{}: {} vs {}",
            index + 1,
            pairs.len(),
            names[i],
            names[j]
        );
        let s = series(
            &args.play,
            rules,
            index,
            (i, &specs[i]),
            (j, &specs[j]),
            &mut log,
            false,
        )?;
        for (me, wins, losses, forfeits) in [
            (i, s.wins_a, s.wins_b, s.forfeits_a),
            (j, s.wins_b, s.wins_a, s.forfeits_b),
        ] {
            let st = &mut table[me];
            st.matches_won += wins;
            st.matches_lost += losses;
            st.matches_drawn += s.draws;
            st.forfeits += forfeits;
            match wins.cmp(&losses) {
                std::cmp::Ordering::Greater => st.series_won += 1,
                std::cmp::Ordering::Equal => st.series_drawn += 1,
                std::cmp::Ordering::Less => st.series_lost += 1,
            }
        }
        if !args.play.json {
            out!("{}", series_text(&names[i], &names[j], &s));
        }
        series_out.push(series_json(&names[i], &names[j], &s));
    }
    // Standings: most series won, then most matches won; ties keep line-up order.
    let mut order: Vec<usize> = (0..specs.len()).collect();
    order.sort_by(|&x, &y| {
        (table[y].series_won, table[y].matches_won)
            .cmp(&(table[x].series_won, table[x].matches_won))
    });
    if args.play.json {
        let standings: Vec<_> = order
            .iter()
            .map(|&k| {
                let st = &table[k];
                json!({"player": names[k], "series_won": st.series_won, "series_drawn": st.series_drawn,
                       "series_lost": st.series_lost, "matches_won": st.matches_won,
                       "matches_drawn": st.matches_drawn, "matches_lost": st.matches_lost,
                       "forfeits": st.forfeits})
            })
            .collect();
        print_json(
            &json!({"total": rules.total, "rounds": rules.rounds, "games": args.play.games,
                           "seed": args.play.seed, "series": series_out, "standings": standings}),
        )?;
    } else {
        out!();
        out!("standings (series won-drawn-lost, matches won-drawn-lost, forfeits):");
        for &k in &order {
            let st = &table[k];
            out!(
                "  {:<24} {}-{}-{}  {}-{}-{}  {}",
                names[k],
                st.series_won,
                st.series_drawn,
                st.series_lost,
                st.matches_won,
                st.matches_drawn,
                st.matches_lost,
                st.forfeits
            );
        }
    }
    Ok(true)
}
