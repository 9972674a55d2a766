//! The command line's [`Progress`]: an indicatif bar on stderr, drawn only
//! when stderr is a terminal, so logs, pipes and CI get the output and nothing
//! else. Every command that can run for over a second passes one of these to
//! the library.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use solved_games::progress::Progress;
use std::io::IsTerminal;
use std::time::Duration;

/// A progress bar on stderr; hidden when stderr is not a terminal.
pub struct Bar {
    bar: ProgressBar,
}

impl Bar {
    /// A bar that draws on stderr if, and only if, stderr is a terminal.
    pub fn stderr() -> Bar {
        let target = if std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr_with_hz(8)
        } else {
            ProgressDrawTarget::hidden()
        };
        // Nothing is drawn until `begin` says what is counted: a bar made
        // before the work starts must not show an empty 0/0 frame.
        Bar {
            bar: ProgressBar::with_draw_target(None, target),
        }
    }

    /// Runs `f` (which writes to the terminal) with the bar cleared, so its
    /// output and the bar do not run into each other.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }
}

impl Progress for Bar {
    fn begin(&self, label: &str, total: Option<u64>) {
        let template = match total {
            // Known length: count, rate and an estimate of the time left,
            // once an item is done; before that, the time so far (`0/s,
            // ~0s left` during the 11 s of a slow first claim was untrue).
            Some(_) => "{spinner} {prefix} [{bar:30}] {human_pos}/{human_len} ({pace}) {wide_msg}",
            None => "{spinner} {prefix} {human_pos} ({rate}, {elapsed}) {wide_msg}",
        };
        let style = ProgressStyle::with_template(template)
            .expect("the templates above are valid")
            // indicatif's {per_sec} shows four decimals (1,807.8002/s).
            .with_key(
                "rate",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0}/s", state.per_sec());
                },
            )
            .with_key(
                "pace",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = if state.pos() == 0 {
                        write!(
                            w,
                            "{} so far, no estimate yet",
                            indicatif::HumanDuration(state.elapsed())
                        )
                    } else {
                        write!(
                            w,
                            "{:.0}/s, ~{} left",
                            state.per_sec(),
                            indicatif::HumanDuration(state.eta())
                        )
                    };
                },
            )
            .progress_chars("=> ");
        // Length and position first: setting the style draws a frame.
        self.bar.set_length(total.unwrap_or(0));
        if total.is_none() {
            self.bar.unset_length();
        }
        self.bar.set_position(0);
        self.bar.reset_eta();
        self.bar.set_prefix(label.to_string());
        self.bar.set_style(style);
        // Ticks keep the spinner, rate and estimate fresh between reports.
        self.bar.enable_steady_tick(Duration::from_millis(250));
    }

    fn advance(&self, units: u64) {
        self.bar.inc(units);
    }

    fn note(&self, message: &str) {
        self.bar.set_message(message.to_string());
    }

    fn end(&self) {
        self.bar.set_message("");
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        // Leave the terminal line clean for the next prompt or error.
        self.bar.finish_and_clear();
    }
}
