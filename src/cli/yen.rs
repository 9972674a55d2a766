//! `solved-games yen`: play matches and tournaments through the referee
//! (this file), and solve scaled games exactly (`yen_solve.rs`).

use super::progress::Bar;
use super::{note, yen_certificate, yen_export, yen_solve, CliError, CommandResult, JsonArg, Out};
use clap::Subcommand;
use serde_json::json;
use solved_games::core::Player;
use solved_games::games::yen::log::{
    read_run, repair_partial_line, LogError, LogWriter, Options, RunHeader,
};
use solved_games::games::yen::referee::{transcript, PlayedMatch, RefereeError, SeriesScore};
use solved_games::games::yen::rules::Rules;
use solved_games::games::yen::tournament::{
    standings, wilson95, Event, PlayerSpec, SeriesResult, Tournament,
};
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
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
    /// Write the scaled game as a Gambit .efg (or one stage game as a .nfg)
    /// for Gambit and OpenSpiel.
    ExportEfg(yen_export::ExportArgs),
    /// Re-check a certified table's certificate (written by `yen solve
    /// --certified --certificate FILE`) from its strategies alone: exit 1 if a
    /// stored strategy does not give its claimed bound, 2 if the file is
    /// malformed, 3 if it cannot be read.
    VerifyCertificate(yen_certificate::VerifyArgs),
}

/// Options shared by `match` and `tournament`.
#[derive(clap::Args)]
struct PlayArgs {
    /// Matches per series (§2: 1,000).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Money each player bets in full, in yen (T; §2: 10,000 yen).
    #[arg(long = "money", visible_alias = "total", default_value_t = 10_000)]
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
    /// Append to FILE a header line for the run, then one JSON line per match
    /// as it is played (a partial last line left by a killed run is cut off first).
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Continue the run logged in --log FILE with the same players and
    /// settings (the last such run, where several share the file) where it
    /// stopped: logged matches are not played again.
    #[arg(long, requires = "log")]
    resume: bool,
    #[command(flatten)]
    output: JsonArg,
}

/// Options of `solved-games yen match`.
#[derive(clap::Args)]
struct MatchArgs {
    /// Player A: always1000, minus1, random, hunter (our own), or cmd:PROGRAM [ARGS]
    /// (the number of matches is appended after ARGS: argv[1] when there are none).
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
    /// Comma-separated players (at least two, all different; blanks around
    /// names are ignored): always1000, minus1, random, hunter, cmd:PROGRAM [ARGS].
    #[arg(long, value_delimiter = ',', required = true)]
    players: Vec<String>,
    #[command(flatten)]
    play: PlayArgs,
}

pub fn run(args: Args, out: &mut Out) -> CommandResult {
    match args.command {
        YenCommand::Match(a) => run_match(a, out),
        YenCommand::Tournament(a) => run_tournament(a, out),
        YenCommand::Solve(a) => yen_solve::run_solve(a, out),
        YenCommand::BestResponse(a) => yen_solve::run_best_response(a, out),
        YenCommand::ExportEfg(a) => yen_export::run_export(a, out),
        YenCommand::VerifyCertificate(a) => yen_certificate::run_verify(a, out),
    }
}

/// Largest T accepted: money sums stay far inside u64.
const MAX_TOTAL: u64 = solved_games::games::yen::referee::MAX_PLAY_TOTAL;

/// Largest R accepted by `match` and `tournament`: a player's view sums its
/// bets so far every round, so a match costs O(R²) additions (5·10⁷ here,
/// a few tens of milliseconds) and its transcript O(R) memory; R = 4·10⁹
/// ran for minutes with no output.
const MAX_PLAY_ROUNDS: u32 = solved_games::games::yen::referee::MAX_PLAY_ROUNDS;

impl PlayArgs {
    fn rules(&self) -> Result<Rules, CliError> {
        if self.rounds == 0 {
            return Err(CliError::Input("--rounds must be at least 1".into()));
        }
        if self.rounds > MAX_PLAY_ROUNDS {
            return Err(CliError::Input(format!(
                "--rounds {} is out of range: 1..={MAX_PLAY_ROUNDS} (each match costs O(R^2))",
                self.rounds
            )));
        }
        if self.total > MAX_TOTAL {
            return Err(CliError::Input(format!(
                "{} {} is out of range (at most {MAX_TOTAL})",
                super::flag_as_written("--money", "--total"),
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

    /// The tournament these options describe for `players`.
    fn tournament(&self, players: Vec<PlayerSpec>) -> Result<Tournament, CliError> {
        Ok(Tournament {
            players,
            rules: self.rules()?,
            games: self.games,
            seed: self.seed,
            timeout: self.timeout()?,
        })
    }
}

fn parse_spec(flag: &str, text: &str) -> Result<PlayerSpec, CliError> {
    text.parse()
        .map_err(|e| CliError::Input(format!("{flag} {text:?}: {e}")))
}

/// The log of a run: where it is, and its writer.
struct Log {
    path: PathBuf,
    writer: LogWriter<File>,
}

/// Opens `path` for appending, cutting off a partial last line (said on
/// stderr), and reads the run to resume if asked. Returns the log (none
/// when a resumed run has nothing left to play) and the matches already
/// played, by series.
fn open_log(
    path: &Path,
    header: &mut RunHeader,
    resume: bool,
    matches: u64,
) -> Result<(Option<Log>, Vec<Vec<PlayedMatch>>), CliError> {
    let io = |e: std::io::Error| CliError::io(path, &e);
    if resume && !path.exists() {
        return Err(CliError::Input(format!(
            "--resume: {}: no such log",
            path.display()
        )));
    }
    let file = OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(io)?;
    if file.metadata().map_err(io)?.is_file() {
        let mut rw = OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(io)?;
        let cut = repair_partial_line(&mut rw).map_err(io)?;
        if cut > 0 {
            note(format_args!(
                "solved-games: {}: cut off a partial last line ({cut} bytes, left by a run killed while writing)",
                path.display()
            ));
        }
    }
    let mut played = Vec::new();
    if resume {
        let reader = std::io::BufReader::new(File::open(path).map_err(io)?);
        // The run these settings continue, wherever it is in the log
        // (two runs may have shared it).
        let logged = read_run(reader, header).map_err(|e| match e {
            LogError::Io(e) => CliError::io(path, &e),
            e => CliError::Input(format!("--resume: {}: {e}", path.display())),
        })?;
        header.run = logged.header.run.clone();
        let done = logged.matches_done();
        played = logged.series;
        if done >= matches {
            return Ok((None, played));
        }
        let writer = LogWriter::resume(file, header, done).map_err(io)?;
        return Ok((
            Some(Log {
                path: path.to_path_buf(),
                writer,
            }),
            played,
        ));
    }
    let writer = LogWriter::start(file, header).map_err(io)?;
    Ok((
        Some(Log {
            path: path.to_path_buf(),
            writer,
        }),
        played,
    ))
}

/// Plays `tournament` (a `match` is one series): opens the log, shows a
/// progress bar on a terminal, logs every match, and prints on standard
/// output what `show` makes of each event (the bar steps aside for it).
fn play(
    command: &str,
    tournament: &Tournament,
    options: &PlayArgs,
    out: &mut Out,
    mut show: impl FnMut(&Event<'_, '_>) -> Option<String>,
) -> Result<Vec<SeriesResult>, CliError> {
    #[cfg(unix)]
    solved_games::games::yen::external::end_players_on_signals();
    let mut header = RunHeader::new(
        command,
        tournament.seed,
        tournament.players.iter().map(ToString::to_string).collect(),
        Options {
            games: tournament.games,
            total: tournament.rules.total,
            rounds: tournament.rules.rounds,
            timeout: options.timeout,
        },
    );
    let matches = tournament.series().len() as u64 * tournament.games;
    if let Some(path) = &options.log {
        if solved_games::outfile::is_standard(path) {
            return Err(CliError::Input(
                "--log -: a log is a file (appended to, and read back by --resume), not standard output"
                    .into(),
            ));
        }
        // A log appended to a player's program or script would destroy it.
        let files: Vec<PathBuf> = tournament
            .players
            .iter()
            .filter_map(|p| match p {
                PlayerSpec::Command(command) => Some(command),
                _ => None,
            })
            .flat_map(|command| shell_words::split(command).unwrap_or_default())
            .map(PathBuf::from)
            .filter(|p| p.is_file())
            .collect();
        let inputs: Vec<(&str, &Path)> = files
            .iter()
            .map(|f| ("a player's file", f.as_path()))
            .collect();
        super::report_file::not_an_input("--log", path, &inputs)?;
    }
    let (mut log, played) = match &options.log {
        Some(path) => open_log(path, &mut header, options.resume, matches)?,
        None => (None, Vec::new()),
    };
    let names: Vec<String> = tournament.players.iter().map(PlayerSpec::name).collect();
    let pairs = tournament.series();
    let bar = Bar::stderr();
    // The first error of a report, typed: the log's names its file.
    let mut failure = None;
    let result = tournament.play(&played, &bar, |event| {
        if let (Event::Match { series, record }, Some(log)) = (&event, log.as_mut()) {
            let (a, b) = pairs[*series];
            if let Err(e) = log.writer.record(series + 1, &names[a], &names[b], record) {
                failure = Some(CliError::io(&log.path, &e));
                return Err(e);
            }
        }
        let Some(text) = show(&event) else {
            return Ok(());
        };
        bar.suspend(|| writeln!(out, "{text}")).map_err(|e| {
            failure = Some(e);
            std::io::Error::other("standard output")
        })
    });
    result.map_err(|e| match e {
        RefereeError::Report(_) => failure
            .take()
            .unwrap_or_else(|| CliError::Failed(e.to_string())),
        RefereeError::CannotStart { .. }
        | RefereeError::Replay { .. }
        | RefereeError::TooManyPlayed { .. } => CliError::Input(e.to_string()),
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
        solved_games::core::Outcome::Winner(Player::First) => Some(a),
        solved_games::core::Outcome::Winner(Player::Second) => Some(b),
        solved_games::core::Outcome::Draw => None,
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
        "disqualified_a": s.disqualified_a, "disqualified_b": s.disqualified_b,
        "winner": winner_name(s, a, b),
    })
}

fn series_text(a: &str, b: &str, s: &SeriesScore) -> String {
    let n = s.games();
    let verdict = match winner_name(s, a, b) {
        Some(w) => format!("{w} wins the series"),
        None => "the series is drawn".to_string(),
    };
    let mut disqualified = String::new();
    for (name, from) in [(a, s.disqualified_a), (b, s.disqualified_b)] {
        if let Some(m) = from {
            disqualified.push_str(&format!(" {name} disqualified from match {m};"));
        }
    }
    format!(
        "{a} vs {b}: {n} match{}: {a} wins {}, draws {}, {b} wins {}; forfeits {}/{};{disqualified} {verdict}.",
        if n == 1 { "" } else { "es" },
        rate(s.wins_a, n),
        rate(s.draws, n),
        rate(s.wins_b, n),
        s.forfeits_a,
        s.forfeits_b
    )
}

fn run_match(args: MatchArgs, out: &mut Out) -> CommandResult {
    let a = parse_spec("--a", &args.a)?;
    let b = parse_spec("--b", &args.b)?;
    let tournament = args.play.tournament(vec![a.clone(), b.clone()])?;
    let (na, nb) = (a.name(), b.name());
    // With --json the transcripts go into the summary object, one string
    // per match in the form of Listing 4, instead of onto the output.
    let json = args.play.output.json;
    let mut transcripts = Vec::new();
    let results = play("match", &tournament, &args.play, out, |event| match event {
        Event::Match { record, .. } if args.transcript => {
            let text = transcript(&na, &nb, record);
            if json {
                transcripts.push(text);
                None
            } else {
                Some(text)
            }
        }
        _ => None,
    })?;
    let score = &results[0].score;
    if args.play.output.json {
        let mut value = series_json(&na, &nb, score);
        value["total"] = json!(tournament.rules.total);
        value["rounds"] = json!(tournament.rules.rounds);
        value["seed"] = json!(args.play.seed);
        if args.transcript {
            value["transcripts"] = json!(transcripts);
        }
        out.json(&value)?;
    } else {
        writeln!(out, "{}", series_text(&na, &nb, score))?;
    }
    Ok(true)
}

fn run_tournament(args: TournamentArgs, out: &mut Out) -> CommandResult {
    let specs: Vec<PlayerSpec> = args
        .players
        .iter()
        .map(|p| parse_spec("--players", p))
        .collect::<Result<_, _>>()?;
    let tournament = args.play.tournament(specs)?;
    if tournament.players.len() < 2 {
        return Err(CliError::Input(
            "--players needs at least two players".into(),
        ));
    }
    let names: Vec<String> = tournament.players.iter().map(PlayerSpec::name).collect();
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            return Err(CliError::Input(format!(
                "--players names {n:?} twice; each player plays once"
            )));
        }
    }
    let json = args.play.output.json;
    let results = play(
        "tournament",
        &tournament,
        &args.play,
        out,
        |event| match event {
            Event::Series { result: r, .. } if !json => {
                Some(series_text(&names[r.a], &names[r.b], &r.score))
            }
            _ => None,
        },
    )?;
    let table = standings(names.len(), &results);
    if json {
        let series: Vec<_> = results
            .iter()
            .map(|r| series_json(&names[r.a], &names[r.b], &r.score))
            .collect();
        let standings: Vec<_> = table
            .iter()
            .map(|st| {
                json!({"player": names[st.player], "series_won": st.series_won, "series_drawn": st.series_drawn,
                       "series_lost": st.series_lost, "matches_won": st.matches_won,
                       "matches_drawn": st.matches_drawn, "matches_lost": st.matches_lost,
                       "forfeits": st.forfeits, "disqualified": st.disqualified})
            })
            .collect();
        out.json(
            &json!({"total": tournament.rules.total, "rounds": tournament.rules.rounds, "games": tournament.games,
                    "seed": tournament.seed, "series": series, "standings": standings}),
        )?;
    } else {
        writeln!(out)?;
        writeln!(
            out,
            "standings (series won-drawn-lost, matches won-drawn-lost, forfeits):"
        )?;
        for st in &table {
            let disqualified = if st.disqualified > 0 {
                format!("  disqualified in {} series", st.disqualified)
            } else {
                String::new()
            };
            writeln!(
                out,
                "  {:<24} {}-{}-{}  {}-{}-{}  {}{disqualified}",
                names[st.player],
                st.series_won,
                st.series_drawn,
                st.series_lost,
                st.matches_won,
                st.matches_drawn,
                st.matches_lost,
                st.forfeits
            )?;
        }
    }
    Ok(true)
}
