//! Random legal play keeps a DragonQuest battle's invariants after every
//! command, and the commands replay to the same battle.

use super::dq_common;

use std::collections::BTreeMap;

use dq_common::*;
use hexmelee::rulesets::dragonquest::engine::{Battle, ItemState, Prompt};
use hexmelee::rulesets::dragonquest::rules::damage::Standing;
use proptest::prelude::*;

fn check_invariants(b: &Battle) -> Result<(), String> {
    let mut hexes: BTreeMap<_, Vec<_>> = BTreeMap::new();
    for f in b.figures().iter().filter(|f| !f.routed) {
        hexes.entry(f.pose.hex).or_default().push(f.side);
        if !b.map().is_passable(f.pose.hex) {
            return Err(format!("{} stands off the map or in a wall", f.name));
        }
        if f.fatigue > u32::from(f.fatigue_max) || f.endurance > u32::from(f.endurance_max) {
            return Err(format!("{} is over its Fatigue or Endurance", f.name));
        }
        if (f.standing == Standing::Dead) != (f.endurance == 0) {
            return Err(format!("{} is dead at Endurance {}", f.name, f.endurance));
        }
        if f.hands_used() > 2 {
            return Err(format!("{} holds more than two hands can", f.name));
        }
        if f.hands
            .iter()
            .any(|&i| f.weapons[i].state != ItemState::Carried)
        {
            return Err(format!("{} holds a weapon that is not on it", f.name));
        }
        // 23.5: a hold needs its holder up and in the hex.
        if let Some(by) = f.restrained_by {
            let h = b.figure(by);
            if !h.is_up() || h.pose.hex != f.pose.hex {
                return Err(format!("{} is held by {}, who let go", f.name, h.name));
            }
        }
        if f.ag_loss < f.lodged.iter().map(|l| l.0).sum::<u8>() {
            return Err(format!("{}'s lodged weapons cost no Agility", f.name));
        }
    }
    // 16: figures share a hex only in Close Combat, with a foe.
    for (hex, sides) in &hexes {
        if sides.len() > 1 && sides.iter().all(|s| *s == sides[0]) {
            return Err(format!("friends share {hex:?} with no foe"));
        }
    }
    match b.prompt() {
        Prompt::SideAction { ready, .. } if ready.is_empty() => {
            Err("a side is asked to act with no one ready".into())
        }
        Prompt::Finished { winner } if b.outcome() != Some(winner) => {
            Err("the prompt and the outcome disagree".into())
        }
        _ => Ok(()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// 19–26: no figure in two places or in a wall, Fatigue and Endurance
    /// within their maximum, dead exactly at Endurance 0, no more in hand
    /// than two hands hold; and replaying the commands rebuilds the battle.
    #[test]
    fn random_legal_play_keeps_the_invariants_19_26(seed in any::<u64>(), choices in prop::collection::vec(any::<u64>(), 1..300)) {
        let spec = skirmish();
        let mut battle = Battle::new(&spec, seed).unwrap();
        check_invariants(&battle).map_err(TestCaseError::fail)?;
        for r in choices {
            if matches!(battle.prompt(), Prompt::Finished { .. }) {
                break;
            }
            play_one(&mut battle, r);
            check_invariants(&battle).map_err(TestCaseError::fail)?;
        }
        let again = Battle::replay(&spec, seed, battle.commands()).unwrap();
        prop_assert_eq!(again.events(), battle.events());
        prop_assert_eq!(again.figures(), battle.figures());
    }
}
