//! `solved-games nim`: solve a three-pile Nim position (document 002).

use serde_json::json;

use super::{CliError, CommandResult, JsonArg, Out, Solver, SolverArg};
use solved_games::games::nim::{naive, optimized::Table, Move, Position};

/// Largest pile size the lecture's table method covers (§38.24: 0..99).
const MAX_TABLE_PILE: u32 = 99;

/// Options of `solved-games nim`.
#[derive(clap::Args)]
#[command(mut_arg("solver", |a| a.help("naive: exhaustive game-tree search (memoised recursion); optimized: the lecture's table, filled in index order (not with --table, which is the lecture's table itself). [default: optimized]")))]
pub struct Args {
    /// Position: three digits, one per pile ("735", the lecture's notation),
    /// or piles separated by commas ("12,3,40", "1,2").
    #[arg(required_unless_present = "table")]
    position: Option<String>,
    /// Print the lecture program's listing: every position with piles
    /// 0..=max, its recorded winning move or × if losing.
    #[arg(long, conflicts_with_all = ["position", "solver"])]
    table: bool,
    /// Largest pile size of the table (at most 99, §38.24).
    #[arg(long, default_value_t = 9)]
    max: u32,
    #[command(flatten)]
    solver: SolverArg,
    #[command(flatten)]
    output: JsonArg,
}

pub fn run(args: Args, out: &mut Out) -> CommandResult {
    if args.max > MAX_TABLE_PILE {
        return Err(CliError::Input(format!(
            "--max {} is out of range: the table covers piles 0..=99 (§38.24)",
            args.max
        )));
    }
    if args.table {
        let table = Table::build(3, args.max);
        if args.output.json {
            table_json(&table, args.max, out)?;
        } else {
            write!(out, "{}", table.lecture_listing())?;
        }
        return Ok(true);
    }
    let text = args.position.unwrap_or_default();
    // One digit per pile is the lecture's notation for three piles (§38:
    // "735"); "12" could be one pile or two, so without commas only three
    // digits are read as piles.
    if !text.contains(',') && text.chars().count() != 3 && !text.is_empty() {
        return Err(CliError::Input(format!(
            "position {text:?} is ambiguous: write one digit per pile for three piles \
             (\"735\") or separate piles with commas (\"12,3,40\", \"1,2\")"
        )));
    }
    let position: Position = text
        .parse()
        .map_err(|e| CliError::Input(format!("bad position {text:?}: {e}")))?;
    position.validate(args.max).map_err(|e| {
        CliError::Input(format!(
            "bad position {text:?}: {e} (raise --max, up to 99)"
        ))
    })?;
    let moves: Vec<Move> = match args.solver.get() {
        Solver::Optimized => {
            let size = (u64::from(args.max) + 1).checked_pow(position.piles().len() as u32);
            if size.map_or(true, |n| n > 10_000_000) {
                return Err(CliError::Input(format!(
                    "a table of {} piles of 0..={} stones is too large (over 10^7 positions); lower --max",
                    position.piles().len(),
                    args.max
                )));
            }
            let table = Table::build(position.piles().len(), args.max);
            table
                .winning_moves(&position)
                .map_err(|e| CliError::Input(format!("bad position {text:?}: {e}")))?
        }
        Solver::Naive => {
            if position
                .piles()
                .iter()
                .map(|&p| u64::from(p) + 1)
                .product::<u64>()
                > 100_000
            {
                return Err(CliError::Input(format!(
                    "position {text:?} has too many successors for the naive solver; use --solver optimized"
                )));
            }
            naive::winning_moves(&position)
        }
    };
    let targets: Vec<Position> = moves.iter().map(|&mv| position.play(mv)).collect();
    let outcome = if moves.is_empty() { "loss" } else { "win" };
    if args.output.json {
        let targets: Vec<&[u32]> = targets.iter().map(Position::piles).collect();
        out.json(&json!({"position": position.piles(), "outcome": outcome, "moves": targets}))?;
    } else if targets.is_empty() {
        writeln!(out, "{position}: losing (×) for the player to move")?;
    } else {
        let list: Vec<String> = targets.iter().map(ToString::to_string).collect();
        writeln!(
            out,
            "{position}: winning for the player to move; winning moves → {}",
            list.join(", ")
        )?;
    }
    Ok(true)
}

/// `nim --table --json`: one line, `{"losing","max","positions":[…]}`, the
/// rows written as they are made, 64 KiB at a time. The whole document as a
/// JSON tree took 2 GB at `--max 99` (10⁶ rows) to print 58 MB; streamed,
/// the memory is the table's. The bytes are those of the tree: the envelope
/// is serialized with an empty `positions` and split there, and each row is
/// the same `json!` value as before (SPEC.md, "Streamed Nim table JSON").
fn table_json(table: &Table, max: u32, out: &mut Out) -> Result<(), CliError> {
    use solved_games::games::nim::optimized::Entry;
    let envelope = serde_json::to_string(
        &json!({"max": max, "losing": table.losing_count(), "positions": []}),
    )?;
    let (head, tail) = envelope
        .split_once("\"positions\":[]")
        .expect("the envelope has its positions");
    let mut chunk = String::with_capacity(1 << 17);
    chunk.push_str(head);
    chunk.push_str("\"positions\":[");
    for i in 0..table.len() {
        let target: Option<Vec<u32>> = match table.entry(i) {
            Entry::Losing => None,
            Entry::Winning { target } => Some(table.position(target as usize).piles().to_vec()),
        };
        let row = json!({
            "position": table.position(i).piles(),
            "losing": target.is_none(),
            "target": target,
        });
        if i > 0 {
            chunk.push(',');
        }
        chunk.push_str(&serde_json::to_string(&row)?);
        if chunk.len() >= 1 << 16 {
            out.write_all(chunk.as_bytes())?;
            chunk.clear();
        }
    }
    chunk.push(']');
    chunk.push_str(tail);
    chunk.push('\n');
    out.write_all(chunk.as_bytes())
}
