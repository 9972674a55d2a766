//! `solved-games`: the command-line face of the library. Thin on purpose:
//! parse arguments, call the library, print, return an exit code.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
