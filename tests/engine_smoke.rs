//! Headless smoke path: every shipped scenario plays to its end with the
//! AI on every side, and a replay of the commands gives the same events.

use std::path::Path;

use hexmelee::engine::{Battle, Event, View};
use hexmelee::scenario;
use hexmelee::sim;

fn checked(name: &str) -> scenario::Checked {
    scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(name),
    )
    .unwrap()
}

#[test]
fn every_shipped_scenario_plays_to_its_end_and_replays_identically() {
    for name in [
        "duel.ron",
        "unmatched-cards.ron",
        "ambush.ron",
        "tavern-brawl.ron",
        "beast.ron",
        "skirmish.ron",
    ] {
        for seed in [1, 2, 3] {
            let c = checked(name);
            let mut battle = Battle::new(&c, seed).unwrap();
            sim::play(&mut battle, 100, sim::ai::answer).unwrap();
            let strikes = battle
                .events()
                .iter()
                // A missile's flight is an attack too (16.12.1).
                .filter(|e| matches!(e, Event::Strike(_) | Event::MissileFlew(_)))
                .count();
            println!(
                "{name} seed {seed}: {:?} after {} rounds, {strikes} strikes",
                battle.outcome(),
                battle.round()
            );
            assert!(strikes > 0, "{name}: nobody struck");
            assert!(
                battle.outcome().is_some(),
                "{name} seed {seed} did not finish in 100 rounds"
            );
            let again = Battle::replay(&c, seed, battle.commands()).unwrap();
            assert_eq!(again.events(), battle.events());
            for e in battle.events() {
                assert!(
                    battle
                        .describe(e, View::Table)
                        .is_none_or(|l| !l.is_empty())
                );
            }
        }
    }
}
