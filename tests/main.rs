//! The facade's tests, one binary: a module per subject (the games, the
//! command line, the files, the report), the binary started by one helper
//! (`common::cli`) and every claim of the composed registry checked once
//! (`claims`).

#[macro_use]
mod common;

mod certified_table;
mod check_pipe;
mod check_shrink;
mod check_solvers;
mod claims;
#[cfg(feature = "cli")]
mod cli_output;
mod cli_properties;
mod determinism;
mod endless_mdp;
mod faces;
#[cfg(feature = "cli")]
mod file_faults;
mod geister;
mod geister_bracket;
mod geister_naive;
mod geister_symmetry;
mod matrix_game;
mod memory;
mod memory_naive;
#[cfg(feature = "cli")]
mod memory_variants_cli;
mod newcomer_edges;
mod nim;
#[cfg(feature = "cli")]
mod readme;
mod registry;
#[cfg(feature = "plot")]
mod report;
#[cfg(feature = "cli")]
mod reproduce_cli;
mod retrograde;
mod rounding_exact;
mod stones;
mod table_face;
#[cfg(feature = "cli")]
mod table_files;
mod yen_certificate;
mod yen_certified;
mod yen_checkpoint;
mod yen_equilibrium;
mod yen_export;
#[cfg(feature = "cli")]
mod yen_faults;
#[cfg(feature = "referee")]
mod yen_referee;
mod yen_rules_brute;
