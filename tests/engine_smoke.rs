//! Headless smoke path: every shipped scenario plays to its end with the
//! naive answerer, and a replay of the commands gives the same events.

use std::path::Path;

use hexmelee::engine::Battle;
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
fn duel_plays_to_its_end_and_replays_identically() {
    let c = checked("duel.ron");
    let mut battle = Battle::new(&c, 7).unwrap();
    sim::play(&mut battle, 200, sim::naive).unwrap();
    for e in battle.events() {
        if let Some(line) = battle.describe(e, hexmelee::engine::View::Referee) {
            println!("{line}");
        }
    }
    assert!(battle.outcome().is_some(), "round {}", battle.round());
    let again = Battle::replay(&c, 7, battle.commands()).unwrap();
    assert_eq!(again.events(), battle.events());
}
