//! Property tests of the engine (RELIABILITY.md "Engine invariants"): random
//! play on every shipped scenario, legal answers only and then mixed with odd
//! commands, keeps every invariant of `hardening` after every step (the
//! engine's own debug assertions check that nobody out of the fight strikes
//! or moves), and replaying the accepted commands gives the same state.
//!
//! The long campaign (100,000 battles, not in CI):
//! `HEXMELEE_BATTLES=100000 cargo test --test suite engine_props:: -- --ignored --nocapture`

use crate::hardening;
use crate::shipped;

use proptest::prelude::*;

use hardening::{Choices, Play, Tally};
use hexmelee::dice::Dice;
use hexmelee::rulesets::shakhan::scenario::{Checked, InitiativeSystem};
use shipped::{SCENARIOS, checked};

/// Shipped scenario `which` under the standard rules, the Optional
/// Initiative System (16.9.10) or Quick Melee (16.12).
fn scenario(which: usize, mode: usize) -> Checked {
    let mut c = checked(SCENARIOS[which % SCENARIOS.len()]);
    match mode % 3 {
        1 => c.scenario.options.initiative = InitiativeSystem::Optional,
        2 => c.scenario.options.quick_melee = true,
        _ => {}
    }
    c
}

const LEGAL: Play = Play {
    odd_one_in: 0,
    rounds: 6,
    commands: 400,
};

const MIXED: Play = Play {
    odd_one_in: 3,
    rounds: 4,
    commands: 400,
};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_legal_rounds_keep_the_invariants_and_replay(which in 0usize..6, mode in 0usize..3, seed: u64, choices: u64) {
        hardening::play(&scenario(which, mode), seed, &mut Choices::Seeded(Dice::seeded(choices)), &LEGAL);
    }

    #[test]
    fn odd_commands_are_refused_without_a_trace_or_keep_the_invariants(which in 0usize..6, mode in 0usize..3, seed: u64, choices: u64) {
        let tally = hardening::play(&scenario(which, mode), seed, &mut Choices::Seeded(Dice::seeded(choices)), &MIXED);
        prop_assert!(tally.accepted > 0);
    }

    /// As the fuzz target plays (`fuzz/fuzz_targets/battle.rs`): every choice
    /// from a string of bytes, the battle ending where they do.
    #[test]
    fn battles_steered_by_bytes_keep_the_invariants(which in 0usize..6, mode in 0usize..3, seed: u64, bytes in proptest::collection::vec(any::<u8>(), 0..3000)) {
        hardening::play(&scenario(which, mode), seed, &mut Choices::Bytes(&bytes), &MIXED);
    }
}

/// The campaign: `HEXMELEE_BATTLES` random battles (1,000 by default) of
/// legal and odd commands, every shipped scenario and rule mode in turn.
#[test]
#[ignore = "long: run by hand, RELIABILITY.md"]
fn campaign_of_random_battles() {
    let battles: u64 = std::env::var("HEXMELEE_BATTLES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    let scenarios: Vec<Checked> = (0..SCENARIOS.len() * 3)
        .map(|i| scenario(i / 3, i % 3))
        .collect();
    let start = std::time::Instant::now();
    let mut total = Tally::default();
    for battle in 0..battles {
        let c = &scenarios[battle as usize % scenarios.len()];
        let mut choice = Choices::Seeded(Dice::seeded(battle ^ 0x25));
        let tally = hardening::play(c, battle, &mut choice, &MIXED);
        total.accepted += tally.accepted;
        total.refused += tally.refused;
        if (battle + 1) % 10_000 == 0 {
            println!(
                "{} battles, {:.0} s",
                battle + 1,
                start.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "{battles} battles: {} commands accepted, {} refused, every invariant held, {:.0} s",
        total.accepted,
        total.refused,
        start.elapsed().as_secs_f64()
    );
}
