//! DragonQuest 23.5's special attacks as the engine plays them, with
//! scripted dice: who may try each, its Strike Chance, and what a success
//! does to the target.

use super::dq_common;

use dq_common::*;
use hexmelee::hex::{Facing, Hex, Step};
use hexmelee::rulesets::dragonquest::engine::{
    Action, Battle, BattleSpec, Command, Event, FigureSpec, Item, Prompt, SpecialAttack, Task,
};
use hexmelee::rulesets::dragonquest::rules::damage::Standing;
use hexmelee::rulesets::dragonquest::rules::strike::Modifier;
use hexmelee::rulesets::dragonquest::rules::tables::modifiers::Melee;
use hexmelee::seam::{FigureId, SideId};

const A: FigureId = FigureId(0);
const B: FigureId = FigureId(1);
const C: FigureId = FigureId(2);

fn special(target: FigureId, attack: SpecialAttack) -> Action {
    Action::Special {
        path: vec![],
        target,
        attack,
    }
}

/// A at (5, 5) facing S with `arm`, B at (5, 6) facing N with a broadsword:
/// engaged; A acts first (B leads and acts last).
fn engaged(arm: &str) -> (FigureSpec, FigureSpec) {
    (
        fighter("A", 0, (5, 5), Facing::S, arm),
        fighter("B", 1, (5, 6), Facing::N, "Broadsword"),
    )
}

fn a_first(spec: &BattleSpec, dice: impl IntoIterator<Item = u32>) -> Battle {
    let mut bt = battle(spec, dice);
    if let Prompt::LeadChoice { figure } = bt.prompt() {
        bt.submit(Command::ActNow { now: figure == A }).unwrap();
    }
    assert_eq!(bt.prompt(), Prompt::EngagedAction { figure: A });
    bt
}

/// Trip: Base Chance 40 + MD 15 + 4 × Rank 2 = 63 with a spear; B's
/// Defense is his AG 15 less leather's 1: 14, so 49. A hit does D10 and B
/// falls on D100 over modified AG × 3 = 42.
#[test]
fn dq_23_5_trip_base_chance_40_and_the_footing_roll() {
    let (a, b) = engaged("Spear");
    let mut bt = a_first(&spec(vec![a.clone(), b.clone()]), [20, 6, 43]);
    let e = act(&mut bt, A, special(B, SpecialAttack::Trip));
    let s = strike(&e);
    assert_eq!((s.strike_chance.0, s.defense.0, s.modified.0), (63, 14, 49));
    assert_eq!(s.special, Some(SpecialAttack::Trip));
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Damaged {
            figure: B,
            d10: Some(6),
            ..
        }
    )));
    assert!(e.contains(&Event::Footing {
        figure: B,
        roll: hexmelee::dice::Percentile::new(43).unwrap(),
        needed: 42,
        kept: false
    }));
    assert!(bt.figure(B).prone);
    // Kept on 42.
    let mut bt = a_first(&spec(vec![a, b]), [20, 6, 42]);
    act(&mut bt, A, special(B, SpecialAttack::Trip));
    assert!(!bt.figure(B).prone);
}

#[test]
fn dq_23_5_trip_needs_a_tripping_weapon() {
    let (a, b) = engaged("Broadsword");
    let mut bt = a_first(&spec(vec![a, b]), []);
    let why = refused(&mut bt, A, special(B, SpecialAttack::Trip));
    assert!(why.contains("quarterstaff"), "{why}");
}

/// Shield Rush: Base Chance 40 + modified MD (15 − the kite's 4) + 4 × Rank 2
/// = 59; at the end of a Charge 24.8's +20 (counted once).
#[test]
fn dq_23_5_shield_rush_at_the_end_of_a_charge() {
    let mut a = fighter("A", 0, (5, 3), Facing::S, "Broadsword");
    a.shield = shield("Kite", 2);
    let b = fighter("B", 1, (5, 6), Facing::N, "Broadsword");
    let mut bt = battle(&spec(vec![a, b]), [9, 1, 90]);
    until(&mut bt, A);
    let e = act(
        &mut bt,
        A,
        Action::Special {
            path: vec![Step::Forward, Step::Forward],
            target: B,
            attack: SpecialAttack::ShieldRush,
        },
    );
    let s = strike(&e);
    assert_eq!(s.strike_chance.0, 59);
    assert!(
        s.modifiers
            .contains(&(Modifier::Melee(Melee::ChargingWithPoleOrShield), 20))
    );
    assert_eq!(s.hit, None);
}

#[test]
fn dq_23_5_no_shield_rush_with_a_tower_shield_or_none() {
    let (mut a, b) = engaged("Broadsword");
    let mut bt = a_first(&spec(vec![a.clone(), b.clone()]), []);
    let why = refused(&mut bt, A, special(B, SpecialAttack::ShieldRush));
    assert!(why.contains("Tower"), "{why}");
    a.shield = shield("Tower", 1);
    let mut bt = a_first(&spec(vec![a, b]), []);
    refused(&mut bt, A, special(B, SpecialAttack::ShieldRush));
}

/// Entangle with a whip (BC 40, MD 16): D10 − 4, the whip stays on the
/// target, who is entangled until two Passes in a row free him, and may
/// not rise before.
#[test]
fn dq_23_5_entangle_and_two_passes_to_get_free() {
    let (mut a, b) = engaged("Whip");
    a.md = 16;
    let mut bt = a_first(&spec(vec![a, b]), [20, 9, 90]);
    let e = act(&mut bt, A, special(B, SpecialAttack::Entangle));
    assert_eq!(strike(&e).strike_chance.0, 40 + 16 + 8);
    assert!(e.contains(&Event::Dropped {
        figure: A,
        item: Item::Weapon(0),
        at: Hex::new(5, 6)
    }));
    assert!(e.contains(&Event::Entangled {
        figure: B,
        passes: 2
    }));
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Damaged {
            figure: B,
            d10: Some(9),
            points,
            ..
        } if points.0 == 5
    )));
    assert!(bt.figure(B).prone);
    until(&mut bt, B);
    let why = refused(
        &mut bt,
        B,
        Action::Pass {
            path: vec![],
            task: Task::Prone { down: false },
        },
    );
    assert!(why.contains("free"), "{why}");
    let e = act(&mut bt, B, pass());
    assert!(e.contains(&Event::Entangled {
        figure: B,
        passes: 1
    }));
    until(&mut bt, B);
    let e = act(&mut bt, B, pass());
    assert!(e.contains(&Event::Entangled {
        figure: B,
        passes: 0
    }));
    until(&mut bt, B);
    act(
        &mut bt,
        B,
        Action::Pass {
            path: vec![],
            task: Task::Prone { down: false },
        },
    );
    assert!(!bt.figure(B).prone);
}

#[test]
fn dq_23_5_an_entangled_figure_that_kept_its_footing_only_passes() {
    let (mut a, b) = engaged("Whip");
    a.md = 16;
    let mut bt = a_first(&spec(vec![a, b]), [20, 9, 10]);
    act(&mut bt, A, special(B, SpecialAttack::Entangle));
    assert!(!bt.figure(B).prone);
    until(&mut bt, B);
    let why = refused(
        &mut bt,
        B,
        Action::Melee {
            path: vec![],
            target: A,
            multiple: Default::default(),
            after_strike: Vec::new(),
        },
    );
    assert!(why.contains("entangled"), "{why}");
}

/// Knockout: at or under 15 % of the Modified Strike Chance (25.6's
/// Endurance column); no damage; unconscious D10 + 5 minutes.
#[test]
fn dq_23_5_knockout_within_15_per_cent() {
    let (a, b) = engaged("Broadsword");
    let mut bt = a_first(&spec(vec![a.clone(), b.clone()]), [1, 4]);
    let e = act(&mut bt, A, special(B, SpecialAttack::Knockout));
    assert!(e.contains(&Event::KnockedOut {
        figure: B,
        d10: 4,
        minutes: 9
    }));
    assert!(!e.iter().any(|e| matches!(e, Event::Damaged { .. })));
    assert_eq!(bt.figure(B).standing, Standing::Unconscious);
    assert_eq!(
        bt.prompt(),
        Prompt::Finished {
            winner: Some(SideId(0))
        }
    );
    // A hit above 15 %: nothing happens.
    let mut bt = a_first(&spec(vec![a, b]), [30]);
    let e = act(&mut bt, A, special(B, SpecialAttack::Knockout));
    assert!(strike(&e).hit.is_some());
    assert!(
        !e.iter()
            .any(|e| matches!(e, Event::KnockedOut { .. } | Event::Damaged { .. }))
    );
    assert_eq!(bt.figure(B).standing, Standing::Conscious);
}

#[test]
fn dq_23_5_no_knockout_with_a_net() {
    let (mut a, b) = engaged("Net");
    a.md = 16;
    let mut bt = a_first(&spec(vec![a, b]), []);
    let why = refused(&mut bt, A, special(B, SpecialAttack::Knockout));
    assert!(why.contains("Knockout"), "{why}");
}

/// Disarm: −20 on the Modified Strike Chance; the chosen item falls and
/// the target loses 1 Endurance point.
#[test]
fn dq_23_5_disarm_minus_20_drops_the_item() {
    let (a, b) = engaged("Broadsword");
    let mut bt = a_first(&spec(vec![a, b]), [5]);
    let why = refused(
        &mut bt,
        A,
        special(B, SpecialAttack::Disarm { item: Item::Shield }),
    );
    assert!(why.contains("does not hold"), "{why}");
    let e = act(
        &mut bt,
        A,
        special(
            B,
            SpecialAttack::Disarm {
                item: Item::Weapon(0),
            },
        ),
    );
    let s = strike(&e);
    assert!(s.modifiers.contains(&(Modifier::Disarm, -20)));
    assert!(e.contains(&Event::Dropped {
        figure: B,
        item: Item::Weapon(0),
        at: Hex::new(5, 6)
    }));
    assert_eq!(bt.figure(B).endurance, 15);
}

/// Restrain: Base Chance ((PS + modified AG) − the target's) × 3, a
/// Grapple in the target's hex; the pinned figure is incapacitated (its
/// turns are lost, Defense 0) until an attack from outside the hex does
/// the restrainer a point of effective damage.
#[test]
fn dq_23_5_restrain_base_chance_and_the_hold_broken_from_outside() {
    let mut a = fighter("A", 0, (5, 5), Facing::S, "Dagger");
    a.ps = 25;
    let b = fighter("B", 1, (5, 6), Facing::N, "Dagger");
    // C beside both hexes, facing B's: engaged from the start, so no one
    // rolls Initiative.
    let (ha, hb) = (Hex::new(5, 5), Hex::new(5, 6));
    let pose = (0..16)
        .flat_map(|c| (0..12).map(move |r| Hex::new(c, r)))
        .filter(|h| h.distance(ha) == 1 && h.distance(hb) == 1)
        .flat_map(|h| Facing::ALL.map(|f| hexmelee::hex::Pose::new(h, f)))
        .find(|p| p.front_hexes().contains(&hb))
        .unwrap();
    let mut c = fighter("C", 1, (0, 0), Facing::N, "Broadsword");
    c.pose = pose;
    // A's Close (B's Repulse fails, the Grapple misses), A's Restrain, C's
    // strike (a hit to Fatigue) and damage, which Stuns A: his drop check
    // and recovery.
    let mut bt = battle(&spec(vec![a, b, c]), [9, 95, 5, 30, 10, 1, 1]);
    until(&mut bt, A);
    act(
        &mut bt,
        A,
        Action::Close {
            path: vec![],
            target: B,
        },
    );
    assert_eq!(bt.figure(A).pose.hex, hb);
    until(&mut bt, A);
    let why = refused(&mut bt, A, special(C, SpecialAttack::Restrain));
    assert!(why.contains("hex"), "{why}");
    let e = act(&mut bt, A, special(B, SpecialAttack::Restrain));
    let s = strike(&e);
    // ((25 + 14) − (15 + 14)) × 3 = 30.
    assert_eq!(s.strike_chance.0, 30);
    assert!(e.contains(&Event::Restrained {
        figure: B,
        by: Some(A)
    }));
    assert!(!bt.figure(B).can_act());
    until(&mut bt, C);
    let e = act(
        &mut bt,
        C,
        Action::Melee {
            path: vec![],
            target: A,
            multiple: Default::default(),
            after_strike: Vec::new(),
        },
    );
    assert!(e.contains(&Event::Restrained {
        figure: B,
        by: None
    }));
}

/// The table view names a special attack and its result but not the
/// Referee's numbers: no Strike Chance, roll, footing roll or minutes out.
#[test]
fn dq_23_5_the_table_view_of_a_knockout_hides_the_minutes() {
    use hexmelee::rulesets::dragonquest::engine::explain_as;
    use hexmelee::seam::View;
    let (a, b) = engaged("Broadsword");
    let mut bt = a_first(&spec(vec![a, b]), [1, 4]);
    let events = act(&mut bt, A, special(B, SpecialAttack::Knockout));
    let lines = |view| -> Vec<String> {
        events
            .iter()
            .filter_map(|e| explain_as(&bt, e, view))
            .collect()
    };
    let referee = lines(View::Referee).join("\n");
    assert!(referee.contains("9 minutes"), "{referee}");
    assert!(referee.contains("rolled 01"), "{referee}");
    let table = lines(View::Table).join("\n");
    assert!(table.contains("tries a Knockout on"), "{table}");
    assert!(table.contains("is knocked out [23.5]"), "{table}");
    for hidden in ["minutes", "rolled", "Strike Chance", "D10"] {
        assert!(!table.contains(hidden), "{hidden:?} in\n{table}");
    }
}
