//! A table's parameters as flags: `export nim --max 7` for `export nim
//! max=7`, `check stones cmd:… --game 2` for `game=2` (SPEC.md, "Table
//! parameters as flags"). The flags are made from every game's list of keys
//! ([`table::parameter_keys`], each game's `Table::PARAMS`), not written
//! per game: a key a game adds is a flag at once. A flag is the word
//! `KEY=VALUE`; a key given both ways is a usage error.

use super::CliError;
use clap::{Arg, ArgMatches, Command};
use solved_games::table;
use std::sync::OnceLock;

/// The heading the flags are listed under in `--help`.
const HEADING: &str = "Table parameters (each the same as the word KEY=VALUE)";

/// The flags given, `(key, value)` in the order of the keys.
#[derive(Debug, Clone, Default)]
pub struct ParamFlags {
    given: Vec<(&'static str, String)>,
}

/// Each key with its argument id (`param-KEY`: a key such as `game` is
/// also a positional argument's id) and its help. Made once a process.
fn flags() -> &'static [(&'static str, &'static str, String)] {
    static FLAGS: OnceLock<Vec<(&'static str, &'static str, String)>> = OnceLock::new();
    FLAGS.get_or_init(|| {
        table::parameter_keys(&solved_games::table_kinds())
            .into_iter()
            .map(|(key, games)| {
                // Leaked once a process: clap takes `'static` ids.
                let id: &'static str = Box::leak(format!("param-{key}").into_boxed_str());
                let help = format!(
                    "`{key}=VALUE` of the {} table{}",
                    games.join(", "),
                    if games.len() > 1 { "s" } else { "" }
                );
                (key, id, help)
            })
            .collect()
    })
}

impl clap::FromArgMatches for ParamFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<ParamFlags, clap::Error> {
        let mut flags = ParamFlags::default();
        flags.update_from_arg_matches(matches)?;
        Ok(flags)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for &(key, id, _) in flags() {
            // A key the command has its own flag for has no id here.
            if let Ok(Some(value)) = matches.try_get_one::<String>(id) {
                self.given.retain(|(k, _)| *k != key);
                self.given.push((key, value.clone()));
            }
        }
        Ok(())
    }
}

impl clap::Args for ParamFlags {
    /// One `--KEY VALUE` flag per key, but for a key the command already has
    /// a flag of that name for (`check --analysis`).
    fn augment_args(mut command: Command) -> Command {
        for (key, id, help) in flags() {
            if command.get_arguments().any(|a| a.get_long() == Some(*key)) {
                continue;
            }
            command = command.arg(
                Arg::new(*id)
                    .long(*key)
                    .value_name("VALUE")
                    .help(help.clone())
                    .help_heading(HEADING),
            );
        }
        command
    }

    fn augment_args_for_update(command: Command) -> Command {
        ParamFlags::augment_args(command)
    }
}

impl ParamFlags {
    /// Whether no flag was given.
    pub fn is_empty(&self) -> bool {
        self.given.is_empty()
    }

    /// The words `words` (each may hold several `KEY=VALUE` words) followed
    /// by the flags as words, joined by spaces.
    ///
    /// # Errors
    /// [`CliError::Input`] (exit 2) for a key given as a word and a flag.
    pub fn merged(&self, words: &[String]) -> Result<String, CliError> {
        let mut all = words.to_vec();
        for (key, value) in &self.given {
            let twice = words
                .iter()
                .flat_map(|w| w.split_whitespace())
                .find(|w| w.split_once('=').is_some_and(|(k, _)| k == *key));
            if let Some(word) = twice {
                return Err(CliError::Input(format!(
                    "`{word}` and `--{key} {value}` both give {key}: give it once (see --help)"
                )));
            }
            all.push(format!("{key}={value}"));
        }
        Ok(all.join(" "))
    }
}
