//! `solved-games yen export-efg`: scaled 10,000-yen games in Gambit's
//! formats (the writer is the library's `games::yen::gambit`; SPEC.md,
//! "Peers: Gambit and OpenSpiel").

use super::{CliError, CommandResult, Out};
use solved_games::games::yen::gambit::{
    efg_leaves_from, stage_states, write_efg_from, write_nfg, StageGame,
};
use solved_games::games::yen::optimized::ExactDp;
use solved_games::games::yen::rules::{Rules, State};
use solved_games::solve::exact::format_ratio;
use std::fmt::Write as _;
use std::path::PathBuf;

/// Largest T for `--stage` and `--stages`: the exact solver's (the face's).
const MAX_STAGE_TOTAL: u64 = solved_games::games::yen::face::OPTIMIZED_TOTAL;
/// Largest R for `--stage` and `--stages`.
const MAX_STAGE_ROUNDS: u32 = 60;
/// Largest T for `--stages`: every reachable state becomes a file (T = 8,
/// R = 4 has 916 of them).
const MAX_STAGES_TOTAL: u64 = 12;

/// Options of `solved-games yen export-efg`.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// Money each player starts with, in units (T).
    #[arg(long = "units", visible_alias = "total", default_value_t = 3)]
    total: u64,
    /// Number of rounds (R).
    #[arg(long, default_value_t = 2)]
    rounds: u32,
    /// Write this state's stage game as a Gambit .nfg instead:
    /// ROUNDS_LEFT,MONEY_A,MONEY_B,GAIN_DIFF with a round left, e.g. `3,4,6,-2`.
    #[arg(long, allow_hyphen_values = true, conflicts_with = "stages")]
    stage: Option<String>,
    /// With the .efg: the rest of the match from this state (same notation
    /// as --stage) instead of the whole match.
    #[arg(long, allow_hyphen_values = true, conflicts_with_all = ["stage", "stages"])]
    from: Option<String>,
    /// Write every reachable state's stage game (T ≤ 12) into DIR as
    /// `STATE.nfg`, with DIR/values.tsv listing each state and its exact
    /// value (DIR is made if missing, its parent never).
    #[arg(long, value_name = "DIR")]
    stages: Option<PathBuf>,
}

pub fn run_export(args: ExportArgs, out: &mut Out) -> CommandResult {
    if args.rounds == 0 {
        return Err(CliError::Input(
            "--rounds 0 is out of range: at least 1".into(),
        ));
    }
    let rules = Rules {
        total: args.total,
        rounds: args.rounds,
    };
    let staged = args.stage.is_some() || args.stages.is_some();
    if staged && (args.total > MAX_STAGE_TOTAL || args.rounds > MAX_STAGE_ROUNDS) {
        return Err(CliError::Input(format!(
            "{} {} --rounds {} is out of range for stage games: T ≤ {MAX_STAGE_TOTAL}, R ≤ {MAX_STAGE_ROUNDS}",
            super::flag_as_written("--units", "--total"),
            args.total, args.rounds
        )));
    }
    if let Some(text) = &args.stage {
        let state: State = text
            .parse()
            .map_err(|e| CliError::Input(format!("--stage: {e}")))?;
        state
            .check(rules)
            .map_err(|e| CliError::Input(format!("--stage {text}: {e}")))?;
        if state.rounds_left == 0 {
            return Err(CliError::Input(format!(
                "--stage {text}: no round is left to play, so there is no stage game"
            )));
        }
        let stage = StageGame::of(&mut ExactDp::new(), state);
        let mut file = Vec::new();
        write_nfg(rules, &stage, &mut file).map_err(|e| CliError::io("standard output", &e))?;
        return out.write_all(&file).map(|()| true);
    }
    if let Some(dir) = &args.stages {
        return write_stages(rules, dir, out);
    }
    let state = match &args.from {
        None => State::start(rules),
        Some(text) => {
            let state: State = text
                .parse()
                .map_err(|e| CliError::Input(format!("--from: {e}")))?;
            state
                .check(rules)
                .map_err(|e| CliError::Input(format!("--from {text}: {e}")))?;
            state
        }
    };
    efg_leaves_from(rules, state).map_err(|e| {
        CliError::Input(format!(
            "{}/--rounds: {e}",
            super::flag_as_written("--units", "--total")
        ))
    })?;
    let mut file = Vec::new();
    write_efg_from(rules, state, &mut file).map_err(|e| CliError::io("standard output", &e))?;
    out.write_all(&file)?;
    Ok(true)
}

fn write_stages(rules: Rules, dir: &std::path::Path, out: &mut Out) -> CommandResult {
    if rules.total > MAX_STAGES_TOTAL {
        return Err(CliError::Input(format!(
            "{} {} is out of range for --stages: at most {MAX_STAGES_TOTAL} (one file per reachable state)",
            super::flag_as_written("--units", "--total"),
            rules.total
        )));
    }
    super::report_file::directory("--stages", dir)?;
    let mut solver = ExactDp::new();
    let states = stage_states(rules);
    let mut values = String::from("state\tvalue\n");
    for &state in &states {
        let stage = StageGame::of(&mut solver, state);
        let mut file = Vec::new();
        write_nfg(rules, &stage, &mut file).expect("writing to memory");
        let path = dir.join(format!("{state}.nfg"));
        super::report_file::write("--stages", &path, file)?;
        writeln!(values, "{state}\t{}", format_ratio(&stage.value)).expect("writing to memory");
    }
    let path = dir.join("values.tsv");
    super::report_file::write("--stages", &path, values)?;
    writeln!(
        out,
        "wrote {} stage games of T = {}, R = {} and values.tsv to {}",
        states.len(),
        rules.total,
        rules.rounds,
        dir.display()
    )?;
    Ok(true)
}
