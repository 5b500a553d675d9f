//! The shipped scenarios, shared by the engine tests that play them all.

use std::path::Path;

use hexmelee::rulesets::shakhan::scenario::Checked;

/// Every scenario in `scenarios/`, smallest first.
pub const SCENARIOS: [&str; 7] = [
    "duel.ron",
    "unmatched-cards.ron",
    "ambush.ron",
    "tavern-brawl.ron",
    "beast.ron",
    "skirmish.ron",
    "ford.ron",
];

/// A shipped scenario, loaded and checked.
pub fn checked(name: &str) -> Checked {
    hexmelee::rulesets::shakhan::scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(name),
    )
    .unwrap()
}

/// Every DragonQuest scenario in `scenarios/`, smallest first.
pub const DRAGONQUEST: [&str; 4] = [
    "dq-duel.ron",
    "dq-party-vs-monsters.ron",
    "dq-ambush.ron",
    "dq-drake.ron",
];

/// A shipped DragonQuest scenario, loaded and checked.
pub fn dq_checked(name: &str) -> hexmelee::rulesets::dragonquest::scenario::Checked {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(name);
    hexmelee::rulesets::dragonquest::scenario::load(&path).unwrap()
}
