//! The N-against-N generator behind issue 19's benchmarks (`examples/melee`):
//! what it writes checks, holds the figures asked for, and is the same for
//! the same seed; a big melee it writes plays through with the engine's
//! index of where figures stand in step.

use std::path::Path;

use hexmelee::rulesets::shakhan::engine::{Battle, Event};
use hexmelee::{limits, sim};

#[path = "../../../examples/melee/generate.rs"]
mod generate;

#[test]
fn generated_melees_check_with_n_figures_a_side() {
    // Up to the most a scenario may hold (src/limits.rs).
    for n in [1, 4, 16, 17, limits::FIGURES / 2] {
        for seed in 0..4 {
            let text = generate::melee(n, seed);
            let checked =
                hexmelee::rulesets::shakhan::scenario::parse(Path::new("melee.ron"), &text)
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

/// Issue 19: the engine's index of where figures stand (who strikes next,
/// reaction attacks, who holds a hex) is compared with the figures at every
/// use in a debug build, so a big melee played to its end by the AI checks
/// it at every strike and step; its replay (undo is a replay) gives the
/// same events.
#[test]
fn a_32_a_side_melee_keeps_the_index_of_where_figures_stand_in_step() {
    let text = generate::melee(limits::FIGURES / 2, 3);
    let checked = hexmelee::rulesets::shakhan::scenario::parse(Path::new("melee.ron"), &text)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut battle = Battle::new(&checked, 3).unwrap();
    sim::play(&mut battle, 100, hexmelee::rulesets::shakhan::ai::answer)
        .unwrap_or_else(|e| panic!("{e}"));
    let strikes = (battle.events().iter())
        .filter(|e| matches!(e, Event::Strike(_)))
        .count();
    assert!(strikes > 100, "only {strikes} strikes");
    let again = Battle::replay(&checked, 3, battle.commands()).unwrap();
    assert_eq!(again.events(), battle.events());
}
