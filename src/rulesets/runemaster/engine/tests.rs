//! The engine with scripted dice: the round's phases, a strike through
//! parry, shield and armour, refusals that change nothing, replay.

use std::path::Path;
use std::sync::Arc;

use super::command::{Command, Defence, Intent};
use super::event::Event;
use super::prompt::Prompt;
use super::state::{Battle, Condition};
use crate::dice::Dice;
use crate::rulesets::runemaster::scenario::{Setup, parse};
use crate::seam::{Engine, FigureId, View};

fn duel() -> Arc<Setup> {
    let text = include_str!("../../../../scenarios/rm-duel.ron");
    parse(Path::new("rm-duel.ron"), text).unwrap().setup
}

/// The duel with Brand and Günnar adjacent, Brand facing him.
fn adjacent(dice: Vec<u32>) -> Battle {
    let mut setup = (*duel()).clone();
    setup.figures[0].pose = crate::hex::Pose::new((5, 3).into(), crate::hex::Facing::SE);
    setup.figures[1].pose = crate::hex::Pose::new((6, 3).into(), crate::hex::Facing::NW);
    Battle::with_dice(Arc::new(setup), Dice::scripted(dice))
}

fn intent(b: &mut Battle, f: usize, intent: Intent) {
    b.submit(Command::Intent {
        figure: FigureId(f),
        intent,
    })
    .unwrap();
}

fn strikes(b: &Battle) -> Vec<&super::event::Strike> {
    (b.events().iter())
        .filter_map(|e| match e {
            Event::Struck(s) => Some(&**s),
            _ => None,
        })
        .collect()
}

/// Rounds, Intent: every figure declares, sealed; the targets then declare
/// defences; nothing is rolled until all have declared.
#[test]
fn rounds_intents_are_sealed_then_revealed_then_defences_declared() {
    let mut b = adjacent(vec![]);
    assert_eq!(
        b.prompt(),
        Prompt::Intent {
            figure: FigureId(0)
        }
    );
    intent(&mut b, 0, Intent::Attack(FigureId(1)));
    assert!(
        !b.events()
            .iter()
            .any(|e| matches!(e, Event::Revealed { .. })),
        "not revealed while Günnar has still to declare"
    );
    let table = super::explain::line(b.setup(), b.events().last().unwrap(), View::Table);
    assert_eq!(table.as_deref(), Some("Brand seals an intent"));
    intent(&mut b, 1, Intent::Hold);
    assert_eq!(
        b.prompt(),
        Prompt::Defence {
            figure: FigureId(1),
            attacker: FigureId(0)
        }
    );
}

/// Combat Resolution and Parry: Brand's broadsword (SR 4 + shift 0) hits at
/// SR 4; Günnar parries (Parry 4, doubled against Cut) and his soft leather
/// (2 AP, doubled against Cut) stops the rest.
#[test]
fn combat_resolution_parry_and_armour_against_a_cut() {
    // Shifts: Brand d10 5 (0), Günnar d10 5 (0); attack 30 (success at
    // 65), parry 40 (success at 70), damage 1D8+1: 8 → 9.
    let mut b = adjacent(vec![5, 5, 30, 40, 8]);
    intent(&mut b, 0, Intent::Attack(FigureId(1)));
    intent(&mut b, 1, Intent::Hold);
    b.submit(Command::Defend {
        figure: FigureId(1),
        attacker: FigureId(0),
        defence: Defence::Parry,
    })
    .unwrap();
    let s = strikes(&b)[0];
    assert_eq!(s.sr, 4);
    let d = s.damage.as_ref().unwrap();
    assert_eq!((d.rolled, d.parried, d.armour, d.taken), (9, 8, 1, 0));
    assert_eq!(b.figs()[1].damage, 0);
    assert_eq!(b.round(), 2, "the round was played out and the next begun");
}

/// Serious Wound: a critical hit rolls the damage once more; past the SWL
/// a d20 picks the location; a head wound knocks out.
#[test]
fn serious_wound_to_the_head_knocks_out() {
    // Shifts 5, 5; attack 02 (critical at 65); no defence; damage rolls 8
    // and 8 → 18; soft leather stops 4; 14 ≥ SWL 6: location d20 19 (head).
    let mut b = adjacent(vec![5, 5, 2, 8, 8, 19]);
    intent(&mut b, 0, Intent::Attack(FigureId(1)));
    intent(&mut b, 1, Intent::Hold);
    b.submit(Command::Defend {
        figure: FigureId(1),
        attacker: FigureId(0),
        defence: Defence::None,
    })
    .unwrap();
    let s = strikes(&b)[0];
    let d = s.damage.as_ref().unwrap();
    assert_eq!(d.rolls, [9, 9]);
    assert_eq!((d.armour, d.taken), (4, 14));
    assert_eq!(
        s.harms[0].wound,
        Some(crate::rulesets::runemaster::rules::terms::Location::Head)
    );
    assert_eq!(b.figs()[1].condition, Condition::Unconscious);
    assert_eq!(b.outcome(), Some(Some(crate::seam::SideId(0))));
}

/// Shield: a block stops up to the Block rating.
#[test]
fn shield_block_stops_up_to_its_rating() {
    // Günnar attacks at SR 5: shifts 5, 5; attack 20 (success at 60);
    // block 30 (success at 55); spear 1D8+1: 7 → 8, all stopped (Block 10).
    let mut b = adjacent(vec![5, 5, 20, 30, 7]);
    intent(&mut b, 0, Intent::Hold);
    intent(&mut b, 1, Intent::Attack(FigureId(0)));
    b.submit(Command::Defend {
        figure: FigureId(0),
        attacker: FigureId(1),
        defence: Defence::Block,
    })
    .unwrap();
    let s = strikes(&b)[0];
    assert_eq!(s.attack.chance, 60, "70 less 10 for the round shield");
    let d = s.damage.as_ref().unwrap();
    assert_eq!((d.blocked, d.taken), (Some((8, 0)), 0));
    assert_eq!(b.figs()[0].shield_hp, 12 - 2, "8 blocked less 6 AP");
}

/// Combat Resolution: both strike in the same SR: simultaneous, and a
/// weapon striking in that SR cannot parry.
#[test]
fn action_strikes_in_one_sr_are_simultaneous() {
    // Shifts: Brand 8 (+1) → SR 5; Günnar 5 (0) → SR 5. Brand's attack 30
    // hits; Günnar cannot parry; damage 4 → 5, 1 through; Günnar's attack
    // 90 misses; Brand blocks 95 (failure).
    let mut b = adjacent(vec![8, 5, 30, 4, 90, 95]);
    intent(&mut b, 0, Intent::Attack(FigureId(1)));
    intent(&mut b, 1, Intent::Attack(FigureId(0)));
    for (f, a, d) in [(1, 0, Defence::Parry), (0, 1, Defence::Block)] {
        b.submit(Command::Defend {
            figure: FigureId(f),
            attacker: FigureId(a),
            defence: d,
        })
        .unwrap();
    }
    let s = strikes(&b);
    assert_eq!((s[0].sr, s[1].sr), (5, 5));
    assert!(s[0].defended.is_err(), "the spear strikes in SR 5 too");
}

/// A refused command changes nothing.
#[test]
fn refused_commands_change_nothing() {
    let mut b = adjacent(vec![]);
    let before = (b.prompt(), b.events().len());
    for bad in [
        Command::Intent {
            figure: FigureId(1),
            intent: Intent::Hold,
        },
        Command::Intent {
            figure: FigureId(0),
            intent: Intent::Attack(FigureId(0)),
        },
        Command::Defend {
            figure: FigureId(0),
            attacker: FigureId(1),
            defence: Defence::Dodge,
        },
    ] {
        assert!(b.submit(bad).is_err(), "{bad:?}");
        assert_eq!((b.prompt(), b.events().len()), before);
    }
    // Out of reach at the round's start: the spear cannot be attacked with
    // from five hexes.
    let mut far = Battle::start(&duel(), 1).unwrap();
    let e = far
        .submit(Command::Intent {
            figure: FigureId(0),
            intent: Intent::Attack(FigureId(1)),
        })
        .unwrap_err();
    assert!(e.0.contains("not within the reach"), "{e}");
}

/// Deterministic: the same seed and commands give the same events.
#[test]
fn replay_gives_the_same_battle() {
    let setup = duel();
    let mut b = Battle::start(&setup, 7).unwrap();
    let mut commands = Vec::new();
    crate::sim::play(&mut b, 30, |b, p| {
        let c = crate::rulesets::runemaster::ai::answer(b, p);
        commands.push(c);
        c
    })
    .unwrap();
    assert!(b.outcome().is_some(), "the duel ends within 30 rounds");
    let again = Battle::replay(&setup, 7, &commands).unwrap();
    assert_eq!(again.events(), b.events());
    let mut forgetful = Battle::start(&setup, 7).unwrap();
    forgetful.forget();
    for c in &commands {
        forgetful.submit(*c).unwrap();
    }
    assert_eq!(forgetful.figs(), b.figs());
}

/// Morale Status: a Scared figure (Morale -3) makes no offensive action;
/// a Confident one (+2) strikes at 5 a point more.
#[test]
fn morale_scared_makes_no_attack_and_confident_adds_five_a_point() {
    let mut setup = (*adjacent(vec![]).setup).clone();
    setup.figures[0].morale = -3;
    setup.figures[1].morale = 2;
    // Shifts 5, 5; Günnar's attack 20 against 70 + 10, Brand no defence,
    // damage 3 → 4.
    let mut b = Battle::with_dice(Arc::new(setup), Dice::scripted(vec![5, 5, 20, 3]));
    intent(&mut b, 0, Intent::Attack(FigureId(1)));
    intent(&mut b, 1, Intent::Attack(FigureId(0)));
    for (f, a) in [(1, 0), (0, 1)] {
        b.submit(Command::Defend {
            figure: FigureId(f),
            attacker: FigureId(a),
            defence: Defence::None,
        })
        .unwrap();
    }
    assert!(b.events().iter().any(|e| matches!(
        e,
        Event::NoAttack {
            figure: 0,
            why: "Morale allows no attack",
            ..
        }
    )));
    let s = strikes(&b);
    assert_eq!(s.len(), 1);
    assert_eq!(
        s[0].attack.chance,
        70 - 10 + 10,
        "shield -10, Morale +2 x 5"
    );
}
