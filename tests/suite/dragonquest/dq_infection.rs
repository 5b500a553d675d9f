//! DragonQuest 31: the Infection Check at the end of a fight, as the engine
//! makes it, with scripted dice.

use super::dq_common;

use dq_common::*;
use hexmelee::dice::{Dice, Percentile};
use hexmelee::hex::Facing;
use hexmelee::rulesets::dragonquest::engine::{
    Action, Battle, Command, Event, Fiat, Multiple, Prompt,
};
use hexmelee::seam::{FigureId, SideId};

const A: FigureId = FigureId(0);
const B: FigureId = FigureId(1);

/// A strikes B once (D100 `strike`, D10 `damage`), then B's side breaks
/// and the fight ends; the events of the rout.
fn wound_then_rout(dice: Vec<u32>) -> (Battle, Vec<Event>) {
    let spec = spec(vec![
        fighter("A", 0, (5, 5), Facing::S, "Broadsword"),
        fighter("B", 1, (5, 6), Facing::N, "Broadsword"),
    ]);
    let mut bt = Battle::with_dice(&spec, Dice::scripted(dice)).unwrap();
    if let Prompt::LeadChoice { figure } = bt.prompt() {
        bt.submit(Command::ActNow { now: figure == A }).unwrap();
    }
    bt.submit(Command::Act {
        figure: A,
        action: Action::Melee {
            path: vec![],
            target: B,
            multiple: Multiple::Single,
            after_strike: Vec::new(),
        },
    })
    .unwrap();
    let e = bt
        .submit(Command::Referee(Fiat::Rout { side: SideId(1) }))
        .unwrap()
        .to_vec();
    (bt, e)
}

/// B loses 5 Endurance (a hit in the Endurance band, D10 1 + 4 for the
/// broadsword): 10 + 20 + 5 = 35 %; 35 infects, 36 does not. A, unhurt,
/// makes no check.
#[test]
fn dq_31_infection_chance_with_endurance_lost() {
    let (bt, e) = wound_then_rout(vec![5, 1, 35]);
    let check = Event::InfectionCheck {
        figure: B,
        endurance_lost: 5,
        injuries: 0,
        chance: 35,
        roll: Percentile::new(35).unwrap(),
        infected: true,
        endurance: 16,
    };
    let at = e.iter().position(|x| *x == check).expect("B's check");
    assert!(matches!(e[at + 1], Event::BattleEnded { .. }));
    assert_eq!(
        e.iter()
            .filter(|x| matches!(x, Event::InfectionCheck { .. }))
            .count(),
        1
    );
    assert!(bt.figure(B).infected);
    let line = hexmelee::rulesets::dragonquest::engine::explain(&bt, &check);
    assert!(
        line.contains("10 + 20 + 5 (Endurance lost) = 35 %"),
        "{line}"
    );
    assert!(line.contains("Endurance 16 cures"), "{line}");

    let (bt, _) = wound_then_rout(vec![5, 1, 36]);
    assert!(!bt.figure(B).infected);
}

/// A hit to Fatigue that gets through armour is a wound: 10 % alone.
#[test]
fn dq_31_infection_base_chance_for_a_fatigue_wound() {
    let (_, e) = wound_then_rout(vec![30, 5, 10]);
    assert!(e.iter().any(|x| matches!(
        x,
        Event::InfectionCheck {
            figure: B,
            endurance_lost: 0,
            chance: 10,
            infected: true,
            ..
        }
    )));
}
