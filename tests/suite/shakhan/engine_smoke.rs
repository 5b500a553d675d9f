//! Headless smoke path: every shipped scenario plays to its end with the
//! AI on every side, and a replay of the commands gives the same events.

use crate::shipped;

use hexmelee::rulesets::shakhan::engine::{Battle, Event};
use hexmelee::seam::View;
use hexmelee::sim;
use shipped::{SCENARIOS, checked};

#[test]
fn every_shipped_scenario_plays_to_its_end_and_replays_identically() {
    for name in SCENARIOS {
        for seed in [1, 2, 3] {
            let c = checked(name);
            let mut battle = Battle::new(&c, seed).unwrap();
            sim::play(&mut battle, 100, hexmelee::rulesets::shakhan::ai::answer).unwrap();
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

/// `Battle::forget_log` (as `batch` plays) changes nothing but the log kept:
/// the same answers, the same outcome, each command's events as the logged
/// battle made them.
#[test]
fn a_battle_that_forgets_its_log_plays_as_one_that_keeps_it() {
    for name in ["duel.ron", "skirmish.ron", "beast.ron"] {
        let c = checked(name);
        for seed in [4, 5] {
            let mut kept = Battle::new(&c, seed).unwrap();
            let mut forgetful = Battle::new(&c, seed).unwrap();
            forgetful.forget_log();
            assert!(forgetful.events().is_empty());
            while kept.outcome().is_none() && kept.round() <= 30 {
                let command =
                    hexmelee::rulesets::shakhan::ai::answer(&forgetful, &forgetful.prompt());
                let made = kept.submit(command.clone()).unwrap().to_vec();
                assert_eq!(forgetful.submit(command).unwrap(), &made[..]);
                assert_eq!(
                    forgetful.events(),
                    &made[..],
                    "{name}: only the last command's"
                );
            }
            assert_eq!(forgetful.outcome(), kept.outcome());
            assert_eq!(forgetful.figures(), kept.figures());
            let again = Battle::replay(&c, seed, forgetful.commands()).unwrap();
            assert_eq!(again.events(), kept.events());
        }
    }
}

/// Shakhàn 16.15.1: the opening Initiative roll names each side's modifiers
/// with their values (kept as data in the event, put into words here).
#[test]
fn s16_15_1_the_opening_initiative_roll_explains_its_modifiers() {
    for (name, words) in [
        ("ambush.ron", &["+20 prepared ambush"][..]),
        ("beast.ron", &["-10 outnumbers 3 to 1"][..]),
        (
            "skirmish.ron",
            &[
                "+5 military training (1 grade)",
                "+15 disciplined against untrained",
            ][..],
        ),
    ] {
        let battle = Battle::new(&checked(name), 1).unwrap();
        let roll = battle
            .events()
            .iter()
            .find(|e| matches!(e, Event::InitiativeRolled { .. }))
            .expect("the opening Initiative is rolled when the battle begins");
        let text = battle.describe(roll, View::Referee).unwrap();
        for w in words {
            assert!(text.contains(w), "{name}: {w:?} missing from {text:?}");
        }
    }
}
