//! The N-against-N generator behind issue 19's benchmarks (`examples/melee`):
//! what it writes checks, holds the figures asked for, and is the same for
//! the same seed.

use std::path::Path;

use hexmelee::{limits, scenario};

#[path = "../examples/melee/generate.rs"]
mod generate;

#[test]
fn generated_melees_check_with_n_figures_a_side() {
    // Up to the most a scenario may hold (src/limits.rs).
    for n in [1, 4, 16, 17, limits::FIGURES / 2] {
        for seed in 0..4 {
            let text = generate::melee(n, seed);
            let checked = scenario::parse(Path::new("melee.ron"), &text)
                .unwrap_or_else(|e| panic!("{n} a side, seed {seed}: {e}"));
            let figures = &checked.scenario.figures;
            assert_eq!(figures.len(), 2 * n);
            assert_eq!(figures.iter().filter(|f| f.side == "Red").count(), n);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_melee_and_another_another() {
    assert_eq!(generate::melee(16, 7), generate::melee(16, 7));
    assert_ne!(generate::melee(16, 7), generate::melee(16, 8));
}
