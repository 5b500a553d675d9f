//! DragonQuest 29 (multi-hex monsters) and 30 (mounted combat) as the
//! engine plays them, with scripted dice. The shapes and the front, flank
//! and rear hexes are drawn in docs/RULINGS.md.

use super::dq_common;

use dq_common::*;
use hexmelee::hex::{Facing, Hex, Step};
use hexmelee::rulesets::dragonquest::engine::{
    Action, Battle, BattleSpec, Command, Event, Fiat, FigureSpec, Mount, Multiple,
};
use hexmelee::rulesets::dragonquest::rules::Tmr;
use hexmelee::rulesets::dragonquest::rules::strike::Modifier;
use hexmelee::rulesets::dragonquest::rules::tables::modifiers::Melee;
use hexmelee::seam::{FigureId, SideId};

const A: FigureId = FigureId(0);
const B: FigureId = FigureId(1);

fn moves(path: Vec<Step>) -> Action {
    Action::Move { path }
}

fn melee(path: Vec<Step>, target: FigureId) -> Action {
    Action::Melee {
        path,
        target,
        multiple: Multiple::Single,
        after_strike: Vec::new(),
    }
}

/// A drake of `size` hexes, head at (4, 4) facing the NNE vertex (its
/// pose's facing N): bare hands (claws) only, TMR 4, a sharp Perception
/// so its side wins a scripted Initiative of 1 against 10.
fn drake(size: u8, side: usize) -> FigureSpec {
    let mut d = fighter("Drake", side, (4, 4), Facing::N, "Broadsword");
    d.size = size;
    d.weapons.clear();
    d.prepared.clear();
    d.armour = None;
    d.ps = 30;
    d.pc = 20;
    d.tmr = Tmr(4);
    d.endurance = 40;
    d
}

fn hexes(b: &Battle, f: FigureId) -> Vec<Hex> {
    b.figure(f).hexes().collect()
}

#[test]
fn dq_29_a_monster_fills_its_hexes_and_moves_its_head_into_a_front_hex() {
    let knight = fighter("Knight", 0, (12, 9), Facing::N, "Broadsword");
    let mut b = battle(&spec(vec![knight, drake(3, 1)]), [1, 10]);
    let d = FigureId(1);
    assert_eq!(
        hexes(&b, d),
        [Hex::new(4, 4), Hex::new(4, 5), Hex::new(3, 4)]
    );
    assert_eq!(turn(&mut b), d);
    for step in [Step::ForwardLeft, Step::Backward] {
        let why = refused(&mut b, d, moves(vec![step]));
        assert!(why.contains("(29"), "{why}");
    }
    // 29: a hex of movement for each two vertices turned: a pivot of three
    // costs one, so four hexes' TMR leaves three.
    let turn_about = Step::Pivot { to: Facing::S };
    let why = refused(
        &mut b,
        d,
        moves(vec![
            turn_about,
            Step::Forward,
            Step::Forward,
            Step::Forward,
            Step::Forward,
        ]),
    );
    assert!(why.contains("may move 4 hexes"), "{why}");
    act(
        &mut b,
        d,
        moves(vec![
            Step::Forward,
            Step::ForwardRight,
            Step::Forward,
            Step::Forward,
        ]),
    );
    // (4,4) → (4,3) → (5,2) → (5,1) → (5,0): the body follows behind.
    assert_eq!(b.figure(d).pose.hex, Hex::new(5, 0));
    assert_eq!(hexes(&b, d)[1..], [Hex::new(5, 1), Hex::new(4, 1)]);
}

#[test]
fn dq_29_pivoting_about_the_head_swings_the_body_and_may_be_blocked() {
    // A wall of friends where the body would swing.
    let knight = fighter("Knight", 0, (12, 9), Facing::N, "Broadsword");
    let friend = fighter("Friend", 1, (5, 4), Facing::N, "Broadsword");
    let mut b = battle(&spec(vec![knight, drake(2, 1), friend]), [1, 10]);
    let d = FigureId(1);
    assert_eq!(turn(&mut b), d);
    // Facing S (the SSW vertex) the body lies behind the S hexside's
    // opposite, the N one: (4, 3), free; facing NW (NNW) it lies across SE,
    // the friend's (5, 4).
    let why = refused(&mut b, d, moves(vec![Step::Pivot { to: Facing::NW }]));
    assert!(why.contains("taken by Friend"), "{why}");
    act(&mut b, d, moves(vec![Step::Pivot { to: Facing::S }]));
    assert_eq!(hexes(&b, d), [Hex::new(4, 4), Hex::new(4, 3)]);
}

#[test]
fn dq_29_24_8_attacks_through_a_flank_hex_gain_15() {
    // The knight at (3, 3) is beside the drake's head: a flank hex of every
    // size. Facing SE, the head and the body hex (3, 4) are in his zone.
    let knight = fighter("Knight", 0, (3, 3), Facing::SE, "Broadsword");
    let mut b = battle(&spec(vec![knight, drake(3, 1)]), [50, 5]);
    until(&mut b, A);
    let s = strike(&act(&mut b, A, melee(vec![], B)));
    assert!(
        s.modifiers
            .contains(&(Modifier::Melee(Melee::ThroughFlankHex), 15)),
        "{:?}",
        s.modifiers
    );
}

#[test]
fn dq_29_a_strike_may_aim_at_any_hex_of_the_monster() {
    // Facing S from (3, 3) the knight's front hexes are (3, 4) — the
    // drake's body — and its neighbours, not the head.
    let knight = fighter("Knight", 0, (3, 3), Facing::S, "Broadsword");
    let mut b = battle(&spec(vec![knight, drake(3, 1)]), [50, 5]);
    until(&mut b, A);
    let s = strike(&act(&mut b, A, melee(vec![], B)));
    assert_eq!(s.target, B);
}

#[test]
fn dq_29_the_melee_zone_is_the_two_hexes_before_the_head() {
    let b = battle(
        &spec(vec![
            fighter("K", 0, (9, 9), Facing::N, "Mace"),
            drake(4, 1),
        ]),
        [1, 10],
    );
    let d = b.figure(B);
    assert!(d.zone_holds(Hex::new(4, 3)) && d.zone_holds(Hex::new(5, 3)));
    for h in [Hex::new(3, 3), Hex::new(5, 4), Hex::new(4, 6)] {
        assert!(!d.zone_holds(h));
    }
}

/// The drake (side 0) at (4, 4) facing N; a knight two hexes ahead with
/// his back to it: the drake's second step overruns him.
#[test]
fn dq_29_a_monster_overruns_a_figure_of_one_hex_and_tramples_it() {
    let knight = fighter("Knight", 1, (4, 2), Facing::N, "Broadsword");
    // Initiative 10 v 1; trample roll 30; damage D10 5.
    let mut b = battle(&spec(vec![drake(3, 0), knight]), [10, 1, 30, 5]);
    assert_eq!(turn(&mut b), A);
    let e = act(&mut b, A, moves(vec![Step::Forward, Step::Forward]));
    assert!(e.contains(&Event::Overrun {
        monster: A,
        figure: B
    }));
    assert!(b.figure(B).prone);
    let s = strike(&e);
    assert!(s.trample && s.hit.is_some());
    // 29: Base Chance 40, less the knight's Defense (AG 15 − leather's 1),
    // + 20 for a prone target.
    assert_eq!(s.strike_chance.0, 40);
    assert_eq!(s.modified.0, 40 - 14 + 20);
    // D10 + 3 hexes.
    let damaged = e
        .iter()
        .find_map(|e| match e {
            Event::Damaged {
                figure,
                d10,
                points,
                ..
            } if *figure == B => Some((*d10, *points)),
            _ => None,
        })
        .unwrap();
    assert_eq!(damaged.0, Some(5));
    assert_eq!(damaged.1.0, 8);
    // The knight lies beneath it: Close Combat, and a Grapple may follow.
    assert!(b.figure(A).shares_hex(b.figure(B)));
    let log: Vec<String> = b
        .events()
        .iter()
        .map(|e| hexmelee::rulesets::dragonquest::engine::explain(&b, e))
        .collect();
    assert!(
        log.iter().any(|l| l.contains("tries to trample Knight")),
        "{log:?}"
    );
}

#[test]
fn dq_29_a_monster_does_not_overrun_friends_nor_another_monster() {
    let friend = fighter("Friend", 1, (4, 2), Facing::N, "Broadsword");
    let knight = fighter("Knight", 0, (12, 9), Facing::N, "Broadsword");
    let mut b = battle(&spec(vec![knight, drake(3, 1), friend]), [1, 10]);
    assert_eq!(turn(&mut b), B);
    let why = refused(&mut b, B, moves(vec![Step::Forward, Step::Forward]));
    assert!(why.contains("taken by Friend"), "{why}");
}

#[test]
fn dq_29_no_closing_with_a_monster() {
    let knight = fighter("Knight", 0, (4, 2), Facing::S, "Dagger");
    let mut b = battle(&spec(vec![knight, drake(3, 1)]), [1, 10, 5, 5]);
    until(&mut b, A);
    let why = refused(
        &mut b,
        A,
        Action::Close {
            path: vec![Step::Forward],
            target: B,
        },
    );
    assert!(why.contains("(29)"), "{why}");
}

fn rider(name: &str, side: usize, at: (i32, i32), facing: Facing, arm: &str) -> FigureSpec {
    let mut r = fighter(name, side, at, facing, arm);
    r.mount = Some(Mount {
        name: "warhorse".into(),
        tmr: Tmr(12),
    });
    r
}

#[test]
fn dq_30_a_rider_moves_at_his_mount_s_tmr() {
    let knight = rider("Knight", 0, (1, 1), Facing::SE, "Broadsword");
    let foe = fighter("Foe", 1, (14, 10), Facing::NW, "Mace");
    let mut b = battle(&spec(vec![knight, foe]), [10, 1]);
    assert_eq!(turn(&mut b), A);
    act(&mut b, A, moves(vec![Step::Forward; 10]));
    assert_eq!(b.figure(A).tmr(), Tmr(12));
}

#[test]
fn dq_30_no_two_handed_weapon_and_no_second_weapon_while_mounted() {
    let mut knight = rider("Knight", 0, (5, 5), Facing::SE, "Pike");
    knight.weapons.push(weapon("Broadsword", Some(2)));
    let foe = fighter("Foe", 1, (6, 5), Facing::NW, "Mace");
    let mut b = battle(&spec(vec![knight.clone(), foe.clone()]), [1, 1, 1]);
    until(&mut b, A);
    let why = refused(&mut b, A, melee(vec![], B));
    assert!(why.contains("two-handed") && why.contains("(30)"), "{why}");
    knight.weapons = vec![weapon("Broadsword", Some(2)), weapon("Dagger", Some(1))];
    knight.prepared = vec![0, 1];
    let mut b = battle(&spec(vec![knight, foe]), [1, 1, 1]);
    until(&mut b, A);
    let why = refused(
        &mut b,
        A,
        Action::Melee {
            path: vec![],
            target: B,
            multiple: Multiple::SecondWeapon { target: B },
            after_strike: Vec::new(),
        },
    );
    assert!(why.contains("more than one weapon"), "{why}");
}

/// Illustration 8: facing SE from (5, 5), the foe at (6, 6) is straight
/// ahead: the sword cannot reach him, a spear can; beside the head, both.
#[test]
fn dq_30_a_rider_strikes_straight_ahead_only_with_a_pole_weapon() {
    let foe = fighter("Foe", 1, (6, 6), Facing::NW, "Mace");
    let mut b = battle(
        &spec(vec![
            rider("Knight", 0, (5, 5), Facing::SE, "Broadsword"),
            foe.clone(),
        ]),
        [1, 1, 1, 1, 1],
    );
    until(&mut b, A);
    let why = refused(&mut b, A, melee(vec![], B));
    assert!(
        why.contains("straight ahead") && why.contains("(30)"),
        "{why}"
    );
    // A hexside turned, the foe is beside the head.
    act(&mut b, A, melee(vec![Step::Pivot { to: Facing::NE }], B));
    let mut b = battle(
        &spec(vec![rider("Knight", 0, (5, 5), Facing::SE, "Spear"), foe]),
        [1, 1, 1, 1, 1],
    );
    until(&mut b, A);
    act(&mut b, A, melee(vec![], B));
}

#[test]
fn dq_30_no_firing_or_throwing_while_the_mount_moves() {
    let knight = rider("Knight", 0, (1, 1), Facing::SE, "Javelin");
    let foe = fighter("Foe", 1, (8, 5), Facing::NW, "Mace");
    let mut b = battle(&spec(vec![knight, foe]), [10, 1, 50]);
    assert_eq!(turn(&mut b), A);
    let why = refused(
        &mut b,
        A,
        Action::Fire {
            path: vec![Step::Forward],
            target: B,
        },
    );
    assert!(why.contains("(21.7)") || why.contains("(30)"), "{why}");
}

/// A mounted Charge: straight ahead, no facing changed; the next Pulse its
/// mount runs on straight ahead, its full TMR, and nothing else is taken.
#[test]
fn dq_30_a_mounted_charge_goes_straight_and_runs_on_next_pulse() {
    // The knight at (2, 4) facing SE; the foe at (5, 4) faces away. Two
    // hexes SE bring the knight to (4, 5), the foe NE of him, beside the
    // head. Initiative 10 v 1; the strike 95 misses.
    let knight = rider("Knight", 0, (2, 4), Facing::SE, "Broadsword");
    let foe = fighter("Foe", 1, (5, 4), Facing::SE, "Mace");
    let mut b = battle(&spec(vec![knight, foe]), [10, 1, 95, 10, 1]);
    assert_eq!(turn(&mut b), A);
    let why = refused(
        &mut b,
        A,
        melee(vec![Step::Forward, Step::Pivot { to: Facing::NE }], B),
    );
    assert!(why.contains("no change of facing"), "{why}");
    let why = refused(&mut b, A, melee(vec![Step::ForwardLeft], B));
    assert!(why.contains("straight ahead (30)"), "{why}");
    let path = vec![Step::Forward, Step::Forward];
    let e = act(&mut b, A, melee(path, B));
    assert!(e.contains(&Event::Momentum {
        figure: A,
        on: true
    }));
    // The foe's turn, then the next Pulse: the knight may only run on.
    let f = turn(&mut b);
    act(&mut b, f, pass());
    let f = turn(&mut b);
    assert_eq!(f, A);
    let run = b.momentum_path(A).expect("a run due");
    assert!(!run.is_empty() && run.iter().all(|s| *s == Step::Forward));
    let why = refused(&mut b, A, pass());
    assert!(why.contains("runs on"), "{why}");
    let e = act(&mut b, A, moves(run));
    assert!(e.contains(&Event::Momentum {
        figure: A,
        on: false
    }));
    assert!(b.momentum_path(A).is_none());
}

#[test]
fn dq_30_a_fall_unhorses_the_rider_and_a_failed_horsemanship_check_runs_on() {
    let knight = rider("Knight", 0, (1, 1), Facing::SE, "Broadsword");
    let foe = fighter("Foe", 1, (14, 10), Facing::NW, "Mace");
    let mut b = battle(&spec(vec![knight, foe]), [10, 1]);
    b.submit(Command::Referee(Fiat::RunsOn { figure: A }))
        .unwrap();
    assert!(b.momentum_path(A).is_some());
    let e = b
        .submit(Command::Referee(Fiat::Prone {
            figure: A,
            prone: true,
        }))
        .unwrap()
        .to_vec();
    assert!(e.contains(&Event::Unhorsed {
        figure: A,
        mount: "warhorse".into()
    }));
    let k = b.figure(A);
    assert!(k.mount.is_none() && !k.momentum);
    assert_eq!(k.tmr(), Tmr(5));
}

#[test]
fn dq_29_30_a_monster_and_a_rider_in_one_scenario_check_and_begin() {
    let s = spec(vec![
        rider("Knight", 0, (1, 1), Facing::SE, "Lance"),
        drake(4, 1),
    ]);
    let b = Battle::new(&s, 3).unwrap();
    assert_eq!(b.figure(B).size, 4);
    assert_eq!(b.figure(A).side, SideId(0));
    // Overlapping bodies are refused when the battle is built.
    let mut bad = s.clone();
    bad.figures[0].pose.hex = Hex::new(3, 5);
    assert!(Battle::new(&bad, 3).is_err());
}

/// A drake, a rider, a spearman and a swordsman, close enough to meet.
fn melee_with_a_monster(size: u8) -> BattleSpec {
    let mut d = drake(size, 1);
    d.pose = hexmelee::hex::Pose::new(Hex::new(8, 5), Facing::SW);
    let goblin = fighter("Goblin", 1, (10, 8), Facing::NW, "Scimitar");
    spec(vec![
        rider("Knight", 0, (2, 5), Facing::SE, "Lance"),
        fighter("Spearman", 0, (3, 7), Facing::NE, "Spear"),
        d,
        goblin,
    ])
}

/// 29: no two figures' hexes meet, but for a monster over a hostile figure
/// of one hex it overran, and figures of one hex in Close Combat with a foe;
/// every hex of a body is on the map and open.
fn bodies_keep_apart(b: &Battle) -> Result<(), String> {
    let up: Vec<_> = b.figures().iter().filter(|f| !f.routed).collect();
    for f in &up {
        if let Some(h) = f.hexes().find(|&h| !b.map().is_passable(h)) {
            return Err(format!(
                "{} has a hex off the map or in a wall: {h:?}",
                f.name
            ));
        }
        for g in &up {
            if f.id >= g.id || !f.shares_hex(g) {
                continue;
            }
            let overrun = (f.size > 1) != (g.size > 1) && f.side != g.side;
            let close = f.size == 1 && g.size == 1;
            if !overrun && !close {
                return Err(format!("{} and {} overlap", f.name, g.name));
            }
        }
    }
    Ok(())
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Random legal play (and the AI's) never lays a body over another
    /// figure but as 29 allows, and the AI's every answer is accepted.
    #[test]
    fn dq_29_bodies_never_overlap_but_as_29_allows(
        seed in proptest::prelude::any::<u64>(),
        size in 2u8..=4,
        choices in proptest::collection::vec(proptest::prelude::any::<u64>(), 1..200),
    ) {
        let s = melee_with_a_monster(size);
        let mut b = Battle::new(&s, seed).unwrap();
        for (i, r) in choices.into_iter().enumerate() {
            if b.outcome().is_some() {
                break;
            }
            if i % 2 == 0 {
                let c = hexmelee::rulesets::dragonquest::ai::answer(&b, &b.prompt());
                let ok = b.submit(c.clone()).is_ok();
                proptest::prop_assert!(ok, "the AI's {:?} was refused", c);
            } else {
                play_one(&mut b, r);
            }
            bodies_keep_apart(&b).map_err(proptest::test_runner::TestCaseError::fail)?;
        }
    }
}

/// 29: a figure a monster overran lies beneath it, and the hex is full: a
/// side-mate of the monster may not Close with it there.
#[test]
fn dq_29_no_closing_with_a_figure_beneath_a_monster() {
    let knight = fighter("Knight", 1, (4, 2), Facing::N, "Broadsword");
    let goblin = fighter("Goblin", 0, (5, 2), Facing::NW, "Dagger");
    // Initiative 10 v 1; trample roll 30; damage D10 5.
    let mut b = battle(&spec(vec![drake(3, 0), knight, goblin]), [10, 1, 30, 5]);
    until(&mut b, A);
    act(&mut b, A, moves(vec![Step::Forward, Step::Forward]));
    assert!(b.figure(A).shares_hex(b.figure(B)));
    until(&mut b, FigureId(2));
    let why = refused(
        &mut b,
        FigureId(2),
        Action::Close {
            path: vec![],
            target: B,
        },
    );
    assert!(why.contains("lies beneath Drake"), "{why}");
}
