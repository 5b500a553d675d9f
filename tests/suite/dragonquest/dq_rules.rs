//! DragonQuest rules as the engine plays them, one rule a test, with
//! scripted dice.

use super::dq_common;

use dq_common::*;
use hexmelee::hex::{Facing, Hex, Step};
use hexmelee::rulesets::dragonquest::engine::{
    Action, Attack, Battle, BattleSpec, Command, Event, Fiat, FigureSpec, Impairment, Impairs,
    Item, Multiple, Posture, Prompt, StrikeEvent, Task,
};
use hexmelee::rulesets::dragonquest::rules::Rank;
use hexmelee::rulesets::dragonquest::rules::strike::{AttackType, Modifier, Parry};
use hexmelee::rulesets::dragonquest::rules::tables::grievous::{Lasting, Trait};
use hexmelee::rulesets::dragonquest::rules::tables::modifiers::{Melee, Misc};
use hexmelee::seam::{FigureId, SideId};

const A: FigureId = FigureId(0);
const B: FigureId = FigureId(1);
const C: FigureId = FigureId(2);

fn now(b: &mut Battle) {
    b.submit(Command::ActNow { now: true }).unwrap();
}

fn strikes(events: &[Event]) -> Vec<StrikeEvent> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Strike(s) => Some((**s).clone()),
            _ => None,
        })
        .collect()
}

/// A at (5, 5) facing S, B in its front hex (5, 6) facing N: engaged.
fn face_to_face(a: FigureSpec, b: FigureSpec) -> BattleSpec {
    spec(vec![a, b])
}

fn a() -> FigureSpec {
    fighter("A", 0, (5, 5), Facing::S, "Broadsword")
}

fn b() -> FigureSpec {
    fighter("B", 1, (5, 6), Facing::N, "Broadsword")
}

/// Two figures far apart: neither engaged.
fn apart() -> BattleSpec {
    spec(vec![
        fighter("A", 0, (2, 2), Facing::SE, "Broadsword"),
        fighter("B", 1, (12, 9), Facing::NW, "Broadsword"),
    ])
}

#[test]
fn surprise_gives_a_free_pulse_without_initiative_18_1() {
    let mut spec = apart();
    spec.surprise = Some(SideId(1));
    let mut bt = battle(&spec, [3, 7]);
    assert_eq!(
        bt.events()[0],
        Event::PulseBegan {
            pulse: 1,
            free_for: Some(SideId(1))
        }
    );
    assert!(
        !bt.events()
            .iter()
            .any(|e| matches!(e, Event::InitiativeRolled { .. }))
    );
    // Only the surprising side acts; then the second Pulse rolls normally.
    assert_eq!(
        bt.prompt(),
        Prompt::SideAction {
            side: SideId(1),
            ready: vec![B]
        }
    );
    let e = act(&mut bt, B, pass());
    assert!(e.contains(&Event::PulseBegan {
        pulse: 2,
        free_for: None
    }));
    assert!(e.contains(&Event::InitiativeWon {
        side: Some(SideId(1))
    }));
    assert_eq!(bt.prompt(), Prompt::SideChoice { side: SideId(1) });
    assert_eq!(bt.free_pulse(), None);
}

#[test]
fn initiative_ties_are_rolled_again_19_2() {
    let mut bt = battle(&apart(), [5, 5, 2, 8]);
    let rolls = bt
        .events()
        .iter()
        .filter(|e| matches!(e, Event::InitiativeRolled { .. }))
        .count();
    assert_eq!(rolls, 4);
    assert_eq!(bt.initiative(), Some(SideId(1)));
    // The winner may let the other side act first.
    bt.submit(Command::ActNow { now: false }).unwrap();
    assert_eq!(
        bt.prompt(),
        Prompt::SideAction {
            side: SideId(0),
            ready: vec![A]
        }
    );
}

#[test]
fn only_the_leader_adds_military_scientist_19_2() {
    let mut spec = apart();
    spec.sides[0].leader = Some(0);
    spec.sides[0].military_scientist = Some(Rank(3));
    let bt = battle(&spec, [5, 7]);
    assert!(bt.events().contains(&Event::InitiativeRolled {
        side: SideId(0),
        roller: A,
        d10: 5,
        total: 18,
        leader: true
    }));
    assert_eq!(bt.initiative(), Some(SideId(0)));
}

/// The higher Initiative Value may act first or last; engaged figures roll
/// no Initiative.
#[test]
fn engaged_order_by_initiative_value_lead_may_act_last_19_3() {
    let mut b = b();
    b.weapons[0].rank = Some(Rank(4));
    let mut bt = battle(&face_to_face(a(), b), []);
    assert!(bt.events().contains(&Event::InitiativeWon { side: None }));
    assert_eq!(bt.prompt(), Prompt::LeadChoice { figure: B });
    bt.submit(Command::ActNow { now: false }).unwrap();
    assert_eq!(bt.prompt(), Prompt::EngagedAction { figure: A });
    act(&mut bt, A, pass());
    assert_eq!(bt.prompt(), Prompt::EngagedAction { figure: B });
}

/// A figure with a rear hex toward its opponent acts after it, whatever its value.
#[test]
fn rear_toward_the_opponent_acts_last_19_3() {
    let mut b = b();
    b.weapons[0].rank = Some(Rank(6));
    b.pose.facing = Facing::S;
    let bt = battle(&face_to_face(a(), b), []);
    assert_eq!(bt.prompt(), Prompt::LeadChoice { figure: A });
    let Some(Event::TurnsSet { engagements, .. }) = bt
        .events()
        .iter()
        .find(|e| matches!(e, Event::TurnsSet { .. }))
    else {
        panic!()
    };
    assert_eq!(engagements[0][1].figure, B);
    assert!(engagements[0][1].last);
}

#[test]
fn entering_a_melee_zone_ends_movement_21_1() {
    let spec = spec(vec![
        fighter("A", 0, (5, 1), Facing::S, "Broadsword"),
        fighter("B", 1, (5, 6), Facing::N, "Broadsword"),
    ]);
    let mut bt = battle(&spec, [9, 1]);
    now(&mut bt);
    // (5, 5) is B's front hex: A must stop there.
    let why = refused(
        &mut bt,
        A,
        Action::Move {
            path: vec![
                Step::Forward,
                Step::Forward,
                Step::Forward,
                Step::Forward,
                Step::ForwardLeft,
            ],
        },
    );
    assert!(why.contains("21.1"), "{why}");
    let mut six = vec![Step::Pivot { to: Facing::SE }];
    six.extend([Step::Forward; 6]);
    assert!(refused(&mut bt, A, Action::Move { path: six }).contains("may move 5"));
    act(
        &mut bt,
        A,
        Action::Move {
            path: vec![Step::Forward; 4],
        },
    );
}

#[test]
fn low_agility_moves_a_hex_less_22_1_high_a_hex_more_22_2() {
    let mut slow = fighter("Slow", 0, (2, 2), Facing::S, "Broadsword");
    slow.ag = 9; // leather: modified 8
    let mut quick = fighter("Quick", 0, (9, 2), Facing::S, "Broadsword");
    quick.ag = 23; // modified 22
    let far = fighter("Far", 1, (14, 11), Facing::N, "Broadsword");
    let mut bt = battle(&spec(vec![slow, quick, far]), [9, 1]);
    now(&mut bt);
    let two = || Action::Pass {
        path: vec![Step::Forward; 2],
        task: Task::Nothing,
    };
    assert!(refused(&mut bt, A, two()).contains("may move 1"));
    // TMR 5: Evade is ½ (2), +1 at AG 22.
    act(
        &mut bt,
        B,
        Action::Evade {
            path: vec![Step::Forward; 3],
        },
    );
    act(
        &mut bt,
        A,
        Action::Pass {
            path: vec![Step::Forward],
            task: Task::Nothing,
        },
    );
}

#[test]
fn withdrawal_face_to_face_backs_straight_out_20_3() {
    let mut bt = battle(&face_to_face(a(), b()), []);
    now(&mut bt);
    let w = |path: Vec<Step>, posture| Action::Withdraw { path, posture };
    let why = refused(&mut bt, A, w(vec![Step::ForwardLeft], Posture::Plain));
    assert!(why.contains("straight back"), "{why}");
    let why = refused(
        &mut bt,
        A,
        w(vec![Step::Backward, Step::Backward], Posture::Plain),
    );
    assert!(why.contains("may move 1"), "{why}");
    let why = refused(&mut bt, A, w(vec![Step::Backward], Posture::Defensive));
    assert!(why.contains("no shield"), "{why}");
    let e = act(&mut bt, A, w(vec![Step::Backward], Posture::Plain));
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Moved { figure: A, .. }))
    );
}

/// An Offensive Withdrawal strikes first at −20, then backs away.
#[test]
fn offensive_withdrawal_strikes_at_minus_20_20_3() {
    let mut bt = battle(&face_to_face(a(), b()), [90]);
    now(&mut bt);
    let e = act(
        &mut bt,
        A,
        Action::Withdraw {
            path: vec![Step::Backward],
            posture: Posture::Offensive { target: B },
        },
    );
    let s = &strikes(&e)[0];
    assert_eq!(
        s.modifiers,
        [(Modifier::Melee(Melee::AttackingWhileWithdrawing), -20)]
    );
    assert!(matches!(e.last(), Some(Event::Moved { figure: A, .. })));
}

/// A Defensive Withdrawal behind a shield adds 20 to Defense against the
/// blows that follow while it lasts (19.5).
#[test]
fn defensive_withdrawal_adds_20_to_defense_20_3_19_5() {
    let mut a = a();
    a.shield = shield("Kite", 2);
    let mut bt = battle(&face_to_face(a, b()), [50]);
    now(&mut bt);
    act(
        &mut bt,
        A,
        Action::Withdraw {
            path: vec![Step::Backward],
            posture: Posture::Defensive,
        },
    );
    // B follows (½ TMR outside A's zone) and strikes: 14 + kite 5 × 2 + 20.
    let e = act(
        &mut bt,
        B,
        Action::Melee {
            path: vec![Step::Forward],
            target: A,
            multiple: Multiple::Single,
            after_strike: Vec::new(),
        },
    );
    assert_eq!(strikes(&e)[0].defense.0, 14 + 10 + 20);
}

/// A Close attempt through the defender's Melee Zone is Repulsed on D10 at
/// or under his Rank; otherwise the closer enters, both drop what Close
/// Combat cannot use, and the closer Grapples at once.
#[test]
fn close_and_grapple_repulse_20_6() {
    let mut b3 = b();
    b3.weapons[0].rank = Some(Rank(3));
    let mut bt = battle(&face_to_face(a(), b3.clone()), [2]);
    bt.submit(Command::ActNow { now: false })
        .unwrap_or_default();
    let turn = match bt.prompt() {
        Prompt::EngagedAction { figure } => figure,
        p => panic!("{p:?}"),
    };
    assert_eq!(turn, A);
    let e = act(
        &mut bt,
        A,
        Action::Close {
            path: vec![],
            target: B,
        },
    );
    assert!(e.contains(&Event::Repulse {
        defender: B,
        attacker: A,
        d10: 2,
        repulsed: true
    }));
    assert!(!e.iter().any(|e| matches!(e, Event::Moved { .. })));

    let mut bt = battle(&face_to_face(a(), b3), [9, 50, 10]);
    bt.submit(Command::ActNow { now: false })
        .unwrap_or_default();
    let e = act(
        &mut bt,
        A,
        Action::Close {
            path: vec![],
            target: B,
        },
    );
    assert!(e.contains(&Event::Dropped {
        figure: A,
        item: Item::Weapon(0),
        at: hexmelee::hex::Hex::new(5, 6)
    }));
    assert!(e.contains(&Event::Dropped {
        figure: B,
        item: Item::Weapon(0),
        at: hexmelee::hex::Hex::new(5, 6)
    }));
    let s = &strikes(&e)[0];
    assert_eq!((s.attack, s.weapon), (AttackType::Close, None));
    assert_eq!(bt.figure(A).pose.hex, bt.figure(B).pose.hex);
    // 20.7: B breaks contact on a natural 10 and leaves prone.
    let why = refused(
        &mut bt,
        B,
        Action::Melee {
            path: vec![],
            target: A,
            multiple: Multiple::Single,
            after_strike: Vec::new(),
        },
    );
    assert!(why.contains("Close Combat"), "{why}");
    let e = act(
        &mut bt,
        B,
        Action::Withdraw {
            path: vec![Step::Backward],
            posture: Posture::Plain,
        },
    );
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::BreakContact { broke: true, .. }))
    );
    assert!(e.contains(&Event::Prone {
        figure: B,
        prone: true
    }));
}

/// A miss 30 or more over an Evading defender's chance may be Parried; a
/// plain Parry costs the defender his next action (he must Pass).
#[test]
fn parried_defender_must_pass_next_pulse_24_4() {
    let mut bt = battle(&face_to_face(a(), b()), [95, 1]);
    now(&mut bt);
    act(&mut bt, A, Action::Evade { path: vec![] });
    let e = act(
        &mut bt,
        B,
        Action::Melee {
            path: vec![],
            target: A,
            multiple: Multiple::Single,
            after_strike: Vec::new(),
        },
    );
    assert!(e.contains(&Event::Parried {
        defender: A,
        attacker: B,
        d10: 1,
        result: Parry::Parried,
        defender_rank: 2,
        attacker_rank: 2,
    }));
    now(&mut bt);
    let why = refused(&mut bt, A, Action::Evade { path: vec![] });
    assert!(why.contains("24.4"), "{why}");
    let e = act(&mut bt, A, pass());
    assert!(e.contains(&Event::MustPass {
        figure: A,
        must: false
    }));
}

/// 27.2 note G: a crossbow takes two consecutive Pass actions to load, and
/// fires only loaded.
#[test]
fn crossbow_loads_in_two_passes_27_2_note_g() {
    let mut archer = fighter("A", 0, (2, 2), Facing::SE, "Crossbow");
    archer.ps = 18;
    let target = fighter("B", 1, (6, 4), Facing::NW, "Broadsword");
    let mut bt = battle(&spec(vec![archer, target]), [9, 1, 9, 1, 9, 1]);
    now(&mut bt);
    let why = refused(
        &mut bt,
        A,
        Action::Fire {
            path: vec![],
            target: B,
        },
    );
    assert!(why.contains("not loaded"), "{why}");
    let load = || Action::Pass {
        path: vec![],
        task: Task::Load,
    };
    let e = act(&mut bt, A, load());
    assert!(e.contains(&Event::Loading {
        figure: A,
        item: 0,
        loaded: false
    }));
    act(&mut bt, B, pass());
    now(&mut bt);
    let e = act(&mut bt, A, load());
    assert!(e.contains(&Event::Loading {
        figure: A,
        item: 0,
        loaded: true
    }));
    assert!(bt.figure(A).weapons[0].loaded);
}

/// 23.1: every figure on the Line of Fire is checked before the target.
#[test]
fn figures_on_the_line_of_fire_are_checked_first_23_1() {
    let mut archer = fighter("A", 0, (5, 10), Facing::N, "Short Bow");
    archer.weapons[0].loaded = true;
    let friend = fighter("Friend", 0, (5, 8), Facing::N, "Broadsword");
    let target = fighter("C", 1, (5, 5), Facing::S, "Broadsword");
    let mut bt = battle(&spec(vec![archer, friend, target]), [9, 1, 90, 90]);
    now(&mut bt);
    let e = act(
        &mut bt,
        A,
        Action::Fire {
            path: vec![],
            target: C,
        },
    );
    let s = strikes(&e);
    assert_eq!(s.len(), 2);
    assert_eq!((s[0].target, s[0].in_the_way), (B, true));
    assert_eq!((s[1].target, s[1].in_the_way), (C, false));
    assert!(e.contains(&Event::Unloaded { figure: A, item: 0 }));
}

/// 23.4: a class B weapon at Rank 4 strikes up to three foes in the Melee
/// Zone once each, at −20; below Rank 4 it may not.
#[test]
fn class_b_sweep_at_rank_4_23_4() {
    let mut sweeper = fighter("A", 0, (5, 5), Facing::S, "Broadsword");
    let [left, front, _] = sweeper.pose.front_hexes();
    sweeper.weapons[0].rank = Some(Rank(4));
    let mut one = fighter("B", 1, (0, 0), Facing::N, "Broadsword");
    one.pose.hex = front;
    let mut two = fighter("C", 1, (0, 0), Facing::NE, "Broadsword");
    two.pose.hex = left;
    let mut bt = battle(
        &spec(vec![sweeper.clone(), one.clone(), two.clone()]),
        [90, 90],
    );
    now(&mut bt);
    let e = act(
        &mut bt,
        A,
        Action::Melee {
            path: vec![],
            target: B,
            multiple: Multiple::Sweep { others: vec![C] },
            after_strike: Vec::new(),
        },
    );
    let s = strikes(&e);
    assert_eq!(s.len(), 2);
    for s in &s {
        assert!(
            s.modifiers
                .contains(&(Modifier::Misc(Misc::MultipleStrikeClassBTwoHanded), -20))
        );
    }
    sweeper.weapons[0].rank = Some(Rank(3));
    let mut bt = battle(&spec(vec![sweeper, one, two]), []);
    now(&mut bt);
    let why = refused(
        &mut bt,
        A,
        Action::Melee {
            path: vec![],
            target: B,
            multiple: Multiple::Sweep { others: vec![C] },
            after_strike: Vec::new(),
        },
    );
    assert!(why.contains("23.4"), "{why}");
}

/// 27.2 note A: a dagger strikes twice a Pulse at a foe of modified AG 9–12.
#[test]
fn dagger_strikes_twice_at_agility_9_to_12_27_2_note_a() {
    let a = fighter("A", 0, (5, 5), Facing::S, "Dagger");
    let mut b = b();
    b.ag = 11; // leather: 10
    let mut bt = battle(&face_to_face(a, b), [90, 90]);
    now(&mut bt);
    let e = act(
        &mut bt,
        A,
        Action::Melee {
            path: vec![],
            target: B,
            multiple: Multiple::Single,
            after_strike: Vec::new(),
        },
    );
    assert_eq!(strikes(&e).len(), 2);
}

/// A side that routs leaves the fight, and the other side has won.
#[test]
fn a_routed_side_loses_the_battle() {
    let mut bt = battle(&apart(), [9, 1]);
    bt.submit(Command::Referee(Fiat::Rout { side: SideId(1) }))
        .unwrap();
    assert_eq!(
        bt.prompt(),
        Prompt::Finished {
            winner: Some(SideId(0))
        }
    );
    assert!(bt.submit(Command::ActNow { now: true }).is_err());
}

/// 25.3, 25.7: a Grievous strike: the Endurance damage, the injury's
/// effects (here the weapon caught in the ribs), the armour dented by 2, and
/// the check to keep hold.
#[test]
fn grievous_injury_effects_and_dented_armour_25_3_25_7() {
    // The last die: B's turn, Stunned, is its recovery roll (26).
    let mut bt = battle(&face_to_face(a(), b()), [2, 1, 22, 10, 90]);
    now(&mut bt);
    let e = act(
        &mut bt,
        A,
        Action::Melee {
            path: vec![],
            target: B,
            multiple: Multiple::Single,
            after_strike: Vec::new(),
        },
    );
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Grievous {
            figure: B,
            injury: Some(_),
            ..
        }
    )));
    assert!(e.contains(&Event::Impaired {
        figure: B,
        changes: vec![Impairment {
            what: Impairs::Trait(Trait::Tmr),
            by: -1,
            lasting: Lasting::UntilHealed,
        }],
    }));
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Dropped { figure: A, .. }))
    );
    assert!(e.contains(&Event::ArmourDented {
        figure: B,
        protection: 2
    }));
    assert_eq!(bt.figure(B).endurance, 16 - 5 - 2);
    assert!(bt.figure(B).stunned);
    assert!(e.iter().any(|e| matches!(
        e,
        Event::MishapCheck {
            figure: B,
            averted: true,
            ..
        }
    )));
}

/// 24.3: a 99 misses and may break the weapon; failing MD × 3 it breaks.
#[test]
fn ninety_nine_may_break_the_weapon_24_3() {
    let mut bt = battle(&face_to_face(a(), b()), [99, 90]);
    now(&mut bt);
    let e = act(
        &mut bt,
        A,
        Action::Melee {
            path: vec![],
            target: B,
            multiple: Multiple::Single,
            after_strike: Vec::new(),
        },
    );
    assert_eq!(strikes(&e)[0].hit, None);
    assert!(e.contains(&Event::Broken {
        figure: A,
        item: Item::Weapon(0)
    }));
    assert!(bt.figure(A).hands.is_empty());
}

/// 23.4: a weapon in each hand strikes twice, at −10 and −30.
#[test]
fn two_weapons_strike_twice_23_4() {
    let mut a = fighter("A", 0, (5, 5), Facing::S, "Short Sword");
    a.weapons.push(weapon("Main-Gauche", Some(1)));
    a.prepared = vec![0, 1];
    let mut bt = battle(&face_to_face(a, b()), [90, 90]);
    now(&mut bt);
    let e = act(
        &mut bt,
        A,
        Action::Melee {
            path: vec![],
            target: B,
            multiple: Multiple::SecondWeapon { target: B },
            after_strike: Vec::new(),
        },
    );
    let s = strikes(&e);
    assert_eq!(
        (s[0].weapon, s[0].modifiers.clone()),
        (
            Some(0),
            vec![(Modifier::Misc(Misc::MultipleStrikePrimaryHand), -10)]
        )
    );
    assert_eq!(
        (s[1].weapon, s[1].modifiers.clone()),
        (
            Some(1),
            vec![(Modifier::Misc(Misc::MultipleStrikeSecondaryHand), -30)]
        )
    );
}

/// 27.4: a Class A missile doing Effective Damage lodges, −3 Agility until
/// a Pass draws it out for D10 − 4 to Fatigue, not absorbed.
#[test]
fn lodged_arrow_costs_agility_until_drawn_out_27_4() {
    let mut archer = fighter("A", 0, (5, 9), Facing::N, "Short Bow");
    archer.weapons[0].loaded = true;
    let target = fighter("B", 1, (5, 5), Facing::S, "Broadsword");
    let mut bt = battle(&spec(vec![archer, target]), [9, 1, 20, 5, 8, 9, 1]);
    now(&mut bt);
    let e = act(
        &mut bt,
        A,
        Action::Fire {
            path: vec![],
            target: B,
        },
    );
    assert!(e.contains(&Event::Lodged {
        figure: B,
        agility: 3,
        draw: -4
    }));
    assert_eq!(bt.figure(B).modified_ag(), 14 - 3);
    let e = act(
        &mut bt,
        B,
        Action::Pass {
            path: vec![],
            task: Task::DrawOut,
        },
    );
    assert!(e.contains(&Event::Damaged {
        figure: B,
        d10: Some(8),
        points: hexmelee::rulesets::dragonquest::rules::DamagePoints(4),
        absorbed: hexmelee::rulesets::dragonquest::rules::DamagePoints(0),
        fatigue: hexmelee::rulesets::dragonquest::rules::DamagePoints(4),
        endurance: hexmelee::rulesets::dragonquest::rules::DamagePoints(0),
        cause: None,
    }));
    assert_eq!(bt.figure(B).modified_ag(), 14);
}

/// 25.7: a bleeding wound takes a point of Endurance at the start of every
/// Pulse after.
#[test]
fn bleeding_wound_costs_a_point_a_pulse_25_7() {
    let a = fighter("A", 0, (5, 5), Facing::S, "Short Sword");
    let mut bt = battle(&face_to_face(a, b()), [1, 1, 3, 10]);
    now(&mut bt);
    let e = act(
        &mut bt,
        A,
        Action::Melee {
            path: vec![],
            target: B,
            multiple: Multiple::Single,
            after_strike: Vec::new(),
        },
    );
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Bleeding { figure: B, .. }))
    );
    assert_eq!(bt.figure(B).endurance, 16 - 4 - 1);
    let e = act(&mut bt, B, pass());
    let began = e
        .iter()
        .position(|e| matches!(e, Event::PulseBegan { pulse: 2, .. }))
        .unwrap();
    assert!(matches!(
        e[began + 1],
        Event::Damaged {
            figure: B,
            d10: None,
            ..
        }
    ));
    assert_eq!(bt.figure(B).endurance, 16 - 4 - 1 - 1);
}

fn with_terrain(
    mut spec: BattleSpec,
    hexes: &[(i32, i32)],
    t: hexmelee::hex::Terrain,
) -> BattleSpec {
    let mut map = (*spec.map).clone();
    for &(c, r) in hexes {
        map.set_terrain(hexmelee::hex::Hex::new(c, r), t).unwrap();
    }
    spec.map = std::sync::Arc::new(map);
    spec
}

/// 22.5: a Melee attack on a figure in an obscured hex needs D100 at or
/// under PC × 4 first; failing it, the attack does not take place.
#[test]
fn striking_into_an_obscured_hex_needs_perception_22_5() {
    let obscured = || {
        with_terrain(
            face_to_face(a(), b()),
            &[(5, 6)],
            hexmelee::hex::Terrain::Obscured,
        )
    };
    let melee = || Action::Melee {
        path: vec![],
        target: B,
        multiple: Multiple::Single,
        after_strike: Vec::new(),
    };
    let mut bt = battle(&obscured(), [50]);
    now(&mut bt);
    let e = act(&mut bt, A, melee());
    assert!(e.iter().any(|e| matches!(
        e,
        Event::ObscuredCheck {
            needed: 40,
            passed: false,
            ..
        }
    )));
    assert!(strikes(&e).is_empty());
    let mut bt = battle(&obscured(), [30, 90]);
    now(&mut bt);
    let e = act(&mut bt, A, melee());
    assert_eq!(strikes(&e).len(), 1);
}

/// 21.1: poor footing costs two hexes a hex, but one hex can always be moved.
#[test]
fn poor_footing_slows_but_one_hex_always_moves_21_1() {
    let start = apart().figures[0].pose;
    let mut ahead = Vec::new();
    let mut p = start;
    for _ in 0..3 {
        p = p.after(Step::Forward);
        ahead.push((p.hex.col, p.hex.row));
    }
    let behind = start.after(Step::Backward).hex;
    ahead.push((behind.col, behind.row));
    let mut spec = with_terrain(apart(), &ahead, hexmelee::hex::Terrain::Poor);
    // Modified AG 8: a Retreat of one hex (22.1), into poor footing.
    spec.figures[0].ag = 9;
    let mut bt = battle(&spec, [9, 1]);
    now(&mut bt);
    let three = Action::Move {
        path: vec![Step::Forward; 3],
    };
    assert!(refused(&mut bt, A, three).contains("not 6"));
    let e = act(
        &mut bt,
        A,
        Action::Retreat {
            path: vec![Step::Backward],
        },
    );
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Moved { figure: A, .. }))
    );
}

/// 21.7: a loaded crossbow may be carried two hexes and fired; any other
/// missile is fired standing, facing unchanged.
#[test]
fn a_loaded_crossbow_moves_two_hexes_and_fires_21_7() {
    let mut archer = fighter("A", 0, (5, 11), Facing::N, "Crossbow");
    (archer.ps, archer.weapons[0].loaded) = (18, true);
    let mut bowman = fighter("Bow", 0, (8, 11), Facing::N, "Short Bow");
    bowman.weapons[0].loaded = true;
    let target = fighter("C", 1, (5, 4), Facing::S, "Broadsword");
    let mut bt = battle(&spec(vec![archer, bowman, target]), [9, 1, 90, 90]);
    now(&mut bt);
    let three = Action::Fire {
        path: vec![Step::Forward; 3],
        target: C,
    };
    assert!(refused(&mut bt, A, three).contains("may move 2"));
    let turn = Action::Fire {
        path: vec![Step::Pivot { to: Facing::NW }],
        target: C,
    };
    assert!(refused(&mut bt, B, turn).contains("21.7"));
    let e = act(
        &mut bt,
        A,
        Action::Fire {
            path: vec![Step::Forward; 2],
            target: C,
        },
    );
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Moved {
            figure: A,
            hexes: 2,
            ..
        }
    )));
    assert_eq!(strikes(&e).len(), 1);
}

/// 25.5 (optional): PS 20 with a broadsword (PS 15) does D10 + 5, and a
/// Strike Check of 93 may break it.
#[test]
fn strength_adds_damage_and_breakage_25_5_option() {
    let mut strong = a();
    strong.ps = 20;
    let mut spec = face_to_face(strong, b());
    spec.strength_damage = true;
    // 30 hits for Fatigue: D10 5 + 5 = 10, 4 absorbed.
    let mut bt = battle(&spec, [30, 5]);
    now(&mut bt);
    let melee = || Action::Melee {
        path: vec![],
        target: B,
        multiple: Multiple::Single,
        after_strike: Vec::new(),
    };
    let e = act(&mut bt, A, melee());
    assert!(e.iter().any(|e| matches!(
        e,
        Event::Damaged {
            figure: B,
            points: hexmelee::rulesets::dragonquest::rules::DamagePoints(10),
            ..
        }
    )));
    let mut bt = battle(&spec, [93, 90]);
    now(&mut bt);
    let e = act(&mut bt, A, melee());
    assert!(e.contains(&Event::Broken {
        figure: A,
        item: Item::Weapon(0)
    }));
}

/// 20.1, 20.2, 20.4: inside a foe's Melee Zone the one hex moved stays in
/// that Zone, and an Evade turns one hexside at most.
#[test]
fn inside_a_melee_zone_moves_stay_within_it_20_2() {
    let mut bt = battle(&face_to_face(a(), b()), []);
    now(&mut bt);
    // A at (5, 5) is in B's front hex; B's other front hexes are beside it.
    let [left, _, right] = bt.figure(B).pose.front_hexes();
    let sideways = [Step::ForwardLeft, Step::ForwardRight, Step::Backward]
        .into_iter()
        .find(|&s| {
            let to = bt.figure(A).pose.after(s).hex;
            to != left && to != right
        })
        .unwrap();
    let why = refused(
        &mut bt,
        A,
        Action::Evade {
            path: vec![sideways],
        },
    );
    assert!(why.contains("within the Melee Zone"), "{why}");
    let why = refused(
        &mut bt,
        A,
        Action::Evade {
            path: vec![Step::Pivot { to: Facing::N }],
        },
    );
    assert!(why.contains("one hexside"), "{why}");
    act(
        &mut bt,
        A,
        Action::Evade {
            path: vec![Step::Pivot { to: Facing::SE }],
        },
    );
}

/// 27.4: a figure with nothing lodged in it has nothing to draw out: the
/// check refuses the Pass, whoever is asked.
#[test]
fn dq_27_4_nothing_lodged_nothing_to_draw_out() {
    let mut b = Battle::new(&face_to_face(a(), b()), 1).unwrap();
    while let Prompt::LeadChoice { .. } | Prompt::SideChoice { .. } = b.prompt() {
        b.submit(Command::ActNow { now: true }).unwrap();
    }
    let asked = match b.prompt() {
        Prompt::EngagedAction { figure } => figure,
        Prompt::SideAction { ready, .. } => ready[0],
        p => panic!("{p:?}"),
    };
    let why = b
        .check_act(
            asked,
            &Action::Pass {
                path: vec![],
                task: Task::DrawOut,
            },
        )
        .expect_err("nothing lodged");
    assert!(why.0.contains("nothing is lodged"), "{why}");
}

proptest::proptest! {
    /// 19.4 (issue 19): the engaged groups of the first Pulse are those a
    /// look at every pair of figures finds: up, of different sides, a hex
    /// apart at most, grouped by who touches whom, the groups in the order
    /// of their first figure.
    #[test]
    fn engagements_19_4_are_every_touching_pair_grouped(
        places in proptest::collection::btree_set((0..16i32, 0..12i32), 2..24),
        sides in proptest::collection::vec(0..2usize, 24),
    ) {
        let at: Vec<(i32, i32)> = places.into_iter().collect();
        // Both sides in the fight.
        let mut sides = sides;
        (sides[0], sides[1]) = (0, 1);
        let figures: Vec<FigureSpec> = (at.iter().zip(&sides).enumerate())
            .map(|(i, (&place, &side))| fighter(&format!("F{i}"), side, place, Facing::N, "Broadsword"))
            .collect();
        // Sides that roll for Initiative never tie.
        let bt = battle(&spec(figures), [3, 7].repeat(50));
        let Some(Event::TurnsSet { engagements, .. }) =
            bt.events().iter().find(|e| matches!(e, Event::TurnsSet { .. }))
        else {
            panic!("no turns were set: {:?}", bt.prompt())
        };
        let found: Vec<Vec<usize>> = engagements
            .iter()
            .map(|g| {
                let mut ids: Vec<usize> = g.iter().map(|e| e.figure.0).collect();
                ids.sort_unstable();
                ids
            })
            .collect();
        // Every pair, each figure's group named by its lowest figure.
        let n = at.len();
        let mut group: Vec<usize> = (0..n).collect();
        let mut engaged = vec![false; n];
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (Hex::new(at[i].0, at[i].1), Hex::new(at[j].0, at[j].1));
                if sides[i] != sides[j] && a.distance(b) <= 1 {
                    (engaged[i], engaged[j]) = (true, true);
                    let (gi, gj) = (group[i], group[j]);
                    let (low, high) = (gi.min(gj), gi.max(gj));
                    for g in group.iter_mut().filter(|g| **g == high) {
                        *g = low;
                    }
                }
            }
        }
        let mut truth: Vec<Vec<usize>> = Vec::new();
        for first in 0..n {
            let members: Vec<usize> = (0..n).filter(|&k| engaged[k] && group[k] == first).collect();
            if !members.is_empty() {
                truth.push(members);
            }
        }
        proptest::prop_assert_eq!(found, truth);
    }
}

/// 20.1: outside the defender's Melee Zone (here behind him) the attacker
/// may not turn before the strike; it turns, or moves half its TMR, after
/// it; inside that Zone nothing comes after the strike.
#[test]
fn outside_the_defenders_zone_facing_changes_only_after_the_attack_20_1() {
    // A faces away from B, B away from A: back to back, adjacent.
    let back_to_back = face_to_face(
        fighter("A", 0, (5, 5), Facing::N, "Broadsword"),
        fighter("B", 1, (5, 6), Facing::S, "Broadsword"),
    );
    let mut bt = battle(&back_to_back, []);
    until(&mut bt, A);
    let why = refused(
        &mut bt,
        A,
        Action::Melee {
            path: vec![Step::Pivot { to: Facing::S }],
            target: B,
            multiple: Multiple::Single,
            after_strike: vec![],
        },
    );
    assert!(why.contains("only after the attack (20.1)"), "{why}");

    // A faces B's back: it strikes, then turns and steps away.
    let behind = face_to_face(
        fighter("A", 0, (5, 5), Facing::S, "Broadsword"),
        fighter("B", 1, (5, 6), Facing::S, "Broadsword"),
    );
    let mut bt = battle(&behind, [95, 5]);
    until(&mut bt, A);
    let why = refused(
        &mut bt,
        A,
        Action::Melee {
            path: vec![Step::Backward],
            target: B,
            multiple: Multiple::Single,
            after_strike: vec![Step::Backward],
        },
    );
    assert!(why.contains("not both (20.1)"), "{why}");
    let e = act(
        &mut bt,
        A,
        Action::Melee {
            path: vec![],
            target: B,
            multiple: Multiple::Single,
            after_strike: vec![Step::Backward, Step::Pivot { to: Facing::N }],
        },
    );
    let struck = e.iter().position(|e| matches!(e, Event::Strike(_)));
    let moved = e.iter().position(|e| matches!(e, Event::Moved { .. }));
    assert!(struck < moved && struck.is_some(), "{e:?}");
    assert_eq!(bt.figure(A).pose.hex, Hex::new(5, 4));
    assert_eq!(bt.figure(A).pose.facing, Facing::N);

    // Inside B's Melee Zone: nothing after the strike.
    let mut bt = battle(&face_to_face(a(), b()), []);
    now(&mut bt);
    let why = refused(
        &mut bt,
        A,
        Action::Melee {
            path: vec![],
            target: B,
            multiple: Multiple::Single,
            after_strike: vec![Step::Pivot { to: Facing::N }],
        },
    );
    assert!(why.contains("may not move or change facing after"), "{why}");
}

/// 25.3, 25.7: an eye lost changes every trait the table names, at once:
/// PB, PC (so the Initiative Value), MD, and 30 off the Base Chance of
/// every Missile and Thrown weapon; the log names the D10's eye.
#[test]
fn an_eye_lost_changes_every_trait_it_names_25_7() {
    let mut a = a();
    a.weapons = vec![weapon("Dagger", Some(2))];
    let mut b = b();
    b.weapons.push(weapon("Dagger", Some(2)));
    b.prepared = vec![1];
    let mut bt = battle(&face_to_face(a, b), [2, 1, 13, 4, 10, 90, 90, 90, 90]);
    let initiative = bt.figure(B).initiative_value();
    let thrown = |bt: &Battle| {
        let at = Attack::plain(B, A, AttackType::Ranged, Some(1));
        bt.aim(&at, &bt.circumstances(&at)).modified.strike_chance
    };
    let chance = thrown(&bt);
    now(&mut bt);
    let e = act(
        &mut bt,
        A,
        Action::Melee {
            path: vec![],
            target: B,
            multiple: Multiple::Single,
            after_strike: Vec::new(),
        },
    );
    let grievous = e
        .iter()
        .find(|e| matches!(e, Event::Grievous { .. }))
        .expect("a Grievous Injury");
    let Event::Grievous { struck, d10, .. } = grievous else {
        unreachable!()
    };
    assert_eq!((*d10, struck.as_deref()), (Some(4), Some("the left eye")));
    let line = hexmelee::rulesets::dragonquest::engine::explain(&bt, grievous);
    assert!(line.contains("D10 4: the left eye"), "{line}");
    let changes = e
        .iter()
        .find_map(|e| match e {
            Event::Impaired { changes, .. } => Some(changes.clone()),
            _ => None,
        })
        .expect("impaired");
    let permanent = |what, by| Impairment {
        what,
        by,
        lasting: Lasting::Permanent,
    };
    assert_eq!(
        changes,
        vec![
            permanent(Impairs::Trait(Trait::Pb), -2),
            permanent(Impairs::Trait(Trait::Pc), -4),
            permanent(Impairs::Trait(Trait::Md), -1),
            permanent(Impairs::MissileAndThrownBc, -30),
        ]
    );
    assert_eq!(bt.figure(B).pc, 10 - 4);
    assert_eq!(bt.figure(B).initiative_value().0, initiative.0 - 4);
    // MD −1 costs the Ranked thrower 1 more.
    assert_eq!(thrown(&bt).0, chance.0 - 30 - 1);
}

/// 20.7: contact broken, the figure may Withdraw into any of the six
/// adjacent hexes: the two behind it to the sides by a turn and a step.
#[test]
fn breaking_contact_withdraws_into_any_adjacent_hex_20_7() {
    let mut b3 = b();
    b3.weapons[0].rank = Some(Rank(3));
    let mut bt = battle(&face_to_face(a(), b3), [9, 50, 10, 10]);
    bt.submit(Command::ActNow { now: false })
        .unwrap_or_default();
    act(
        &mut bt,
        A,
        Action::Close {
            path: vec![],
            target: B,
        },
    );
    let at = bt.figure(B).pose;
    let behind_left = at.facing.rotate(-2);
    let why = refused(
        &mut bt,
        B,
        Action::Withdraw {
            path: vec![
                Step::Pivot { to: behind_left },
                Step::Forward,
                Step::Forward,
            ],
            posture: Posture::Plain,
        },
    );
    assert!(why.contains("one step"), "{why}");
    let e = act(
        &mut bt,
        B,
        Action::Withdraw {
            path: vec![Step::Pivot { to: behind_left }, Step::Forward],
            posture: Posture::Plain,
        },
    );
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::BreakContact { broke: true, .. }))
    );
    assert_eq!(bt.figure(B).pose.hex, at.hex.neighbor(behind_left));
    assert!(bt.figure(B).prone);
}

/// 19.3, 20.3 illustration: the lead of an engagement whose foe shows it a
/// rear hex leads by that, not by the higher Initiative Value: the log
/// says so and does not call the lower value the highest.
#[test]
fn the_lead_by_a_rear_hex_is_not_called_the_highest_value_19_3() {
    let mut b = b();
    b.weapons[0].rank = Some(Rank(6));
    b.pose.facing = Facing::S;
    let mut bt = battle(&face_to_face(a(), b), []);
    assert!(bt.figure(B).initiative_value().0 > bt.figure(A).initiative_value().0);
    now(&mut bt);
    let chosen = bt
        .events()
        .iter()
        .find(|e| matches!(e, Event::LeadChosen { .. }))
        .expect("the lead's choice");
    let line = hexmelee::rulesets::dragonquest::engine::explain(&bt, chosen);
    assert!(!line.contains("highest"), "{line}");
    assert!(line.contains("first in the engagement's order"), "{line}");
}

/// 20.6: an unranked defender cannot Repulse (no D10 at or under a Rank he
/// lacks), so none is rolled: the closer comes straight in.
#[test]
fn an_unranked_defender_rolls_no_repulse_20_6() {
    let mut b0 = b();
    b0.weapons[0].rank = None;
    // The one die is the Grapple's Strike Check (a miss).
    let mut bt = battle(&face_to_face(a(), b0), [95]);
    until(&mut bt, A);
    let e = act(
        &mut bt,
        A,
        Action::Close {
            path: vec![],
            target: B,
        },
    );
    assert!(
        !e.iter().any(|e| matches!(e, Event::Repulse { .. })),
        "{e:?}"
    );
    assert_eq!(bt.figure(A).pose.hex, bt.figure(B).pose.hex);
}

/// 26 note: only certain monsters (those the scenario marks) that began
/// with Endurance 5 or less never fall unconscious; a person of Endurance 5
/// falls at 3 like anyone.
#[test]
fn only_a_marked_monster_is_never_unconscious_26() {
    for monster in [false, true] {
        let mut weak = b();
        weak.endurance = 5;
        weak.armour = None;
        weak.monster = monster;
        let mut bt = battle(&face_to_face(a(), weak), [90, 90, 90]);
        bt.submit(Command::Referee(Fiat::Damage {
            figure: B,
            points: 3,
            endurance: true,
            armour: false,
        }))
        .unwrap();
        let f = bt.figure(B);
        assert!((1..=3).contains(&f.endurance), "{}", f.endurance);
        let expected = if monster {
            hexmelee::rulesets::dragonquest::rules::damage::Standing::Conscious
        } else {
            hexmelee::rulesets::dragonquest::rules::damage::Standing::Unconscious
        };
        assert_eq!(f.standing, expected, "monster: {monster}");
    }
}

/// The Alusia campaign's loading rule (21.7, 22.3, note G; scenario option
/// `alusia_loading`): Rank 3 with a bow loads and fires in one Fire action,
/// and a crossbow loads in one Pass; without the option, or below Rank 3
/// (and modified AG 26), an unloaded bow cannot fire.
#[test]
fn alusia_loading_loads_one_action_faster_21_7() {
    let archer = |rank: u8, arm: &str| {
        let mut f = fighter("A", 0, (5, 2), Facing::S, arm);
        f.weapons[0].rank = Some(Rank(rank));
        f.weapons[0].loaded = false;
        f
    };
    let field = |alusia: bool, a: FigureSpec| {
        let mut s = spec(vec![a, fighter("B", 1, (5, 6), Facing::N, "Broadsword")]);
        s.alusia_loading = alusia;
        s
    };
    let fire = Action::Fire {
        path: vec![],
        target: B,
    };
    // Not the campaign's rule: the bow must be loaded first.
    let mut bt = battle(&field(false, archer(3, "Short Bow")), [1, 2]);
    until(&mut bt, A);
    let why = refused(&mut bt, A, fire.clone());
    assert!(why.contains("not loaded"), "{why}");
    // Rank 2: still not.
    let mut bt = battle(&field(true, archer(2, "Short Bow")), [1, 2]);
    until(&mut bt, A);
    refused(&mut bt, A, fire.clone());
    // Rank 3: loaded and fired at once.
    let mut bt = battle(&field(true, archer(3, "Short Bow")), [1, 2, 95, 1, 2]);
    until(&mut bt, A);
    let e = act(&mut bt, A, fire);
    let loaded = e
        .iter()
        .position(|e| matches!(e, Event::Loading { loaded: true, .. }));
    let shot = e.iter().position(|e| matches!(e, Event::Strike(_)));
    assert!(loaded.is_some() && loaded < shot, "{e:?}");
    // A crossbow at Rank 3 loads in one Pass, not two.
    let mut bt = battle(&field(true, archer(3, "Crossbow")), [1, 2, 1, 2]);
    until(&mut bt, A);
    let e = act(
        &mut bt,
        A,
        Action::Pass {
            path: vec![],
            task: Task::Load,
        },
    );
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Loading { loaded: true, .. })),
        "{e:?}"
    );
}
