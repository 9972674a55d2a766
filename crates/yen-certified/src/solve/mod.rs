//! The certified tables' float engines: the growing game of the double
//! oracle ([`growing`]) and the LPs' inner loops compiled for AVX2 as well
//! and chosen at run time ([`wide`], the same bits either way). The wing's
//! only `unsafe` is in [`wide`], behind a safe API tested against the plain
//! kernels.

pub mod growing;
pub mod wide;
